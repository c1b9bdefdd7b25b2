import { ActionIcon, Badge, Image, Input, SimpleGrid, Text, Tooltip } from '@mantine/core';
import {
  IconArrowLeft,
  IconArrowRight,
  IconPhotoOff,
  IconStar,
  IconTrash,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { IMAGE_PLACEHOLDER } from '../../components/product-cell';
import classes from './collector.module.css';

/** Moves the image at `from` to `to`, the others keeping their order. */
function moved(images: readonly string[], from: number, to: number): string[] {
  const next = [...images];
  const [image] = next.splice(from, 1);
  if (image !== undefined) next.splice(to, 0, image);
  return next;
}

/**
 * The main images in order, the first being the main one: each can move earlier or later, become
 * the main image, or be removed, with buttons (so with the keyboard too).
 */
export function Gallery({
  images,
  onChange,
  readOnly,
  label,
  marker,
  error,
}: {
  images: readonly string[];
  onChange(images: string[]): void;
  readOnly: boolean;
  label: string;
  marker?: React.ReactNode;
  error?: string | undefined;
}) {
  const { t } = useTranslation('collector');
  return (
    <Input.Wrapper
      label={
        <>
          {label} {marker}
        </>
      }
      description={readOnly ? undefined : t('gallery.hint')}
      error={error}
      labelElement="div"
    >
      {images.length === 0 ? (
        <Text size="sm" c="dimmed" py="md" data-testid="gallery-empty">
          <IconPhotoOff size={16} style={{ verticalAlign: 'middle' }} /> {t('gallery.empty')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 2, xs: 3, md: 5 }} spacing="sm" mt={6} data-testid="gallery">
          {images.map((src, index) => {
            const position = index + 1;
            return (
              <div
                key={src}
                className={classes.tile}
                data-main={index === 0 || undefined}
                data-testid="gallery-image"
                data-src={src}
              >
                <Image
                  src={src}
                  alt={t('gallery.alt', { position })}
                  className={classes.tileImage}
                  referrerPolicy="no-referrer"
                  loading="lazy"
                  fallbackSrc={IMAGE_PLACEHOLDER}
                />
                {index === 0 && (
                  <Badge size="xs" className={classes.tileMain}>
                    {t('gallery.main')}
                  </Badge>
                )}
                {!readOnly && (
                  <div className={classes.tileTools}>
                    <Tooltip label={t('gallery.earlier')} withArrow>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        size="sm"
                        disabled={index === 0}
                        onClick={() => onChange(moved(images, index, index - 1))}
                        aria-label={t('gallery.earlierFor', { position })}
                      >
                        <IconArrowLeft size={14} />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label={t('gallery.setMain')} withArrow>
                      <ActionIcon
                        variant="subtle"
                        color="yellow"
                        size="sm"
                        disabled={index === 0}
                        onClick={() => onChange(moved(images, index, 0))}
                        aria-label={t('gallery.setMainFor', { position })}
                      >
                        <IconStar size={14} />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label={t('gallery.later')} withArrow>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        size="sm"
                        disabled={index === images.length - 1}
                        onClick={() => onChange(moved(images, index, index + 1))}
                        aria-label={t('gallery.laterFor', { position })}
                      >
                        <IconArrowRight size={14} />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label={t('gallery.remove')} withArrow>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        size="sm"
                        onClick={() => onChange(images.filter((_, at) => at !== index))}
                        aria-label={t('gallery.removeFor', { position })}
                      >
                        <IconTrash size={14} />
                      </ActionIcon>
                    </Tooltip>
                  </div>
                )}
              </div>
            );
          })}
        </SimpleGrid>
      )}
    </Input.Wrapper>
  );
}
