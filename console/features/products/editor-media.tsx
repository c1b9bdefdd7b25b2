import {
  ActionIcon,
  Badge,
  Button,
  FileButton,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import type { Media, MediaKind } from '@shared/contracts/products';
import { toast } from '@shared/ui/toast';
import {
  IconArrowLeft,
  IconArrowRight,
  IconPhotoPlus,
  IconStar,
  IconTrash,
  IconVideo,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldBox } from './editor-fields';
import { useUploadMedia } from './products-data';
import { MediaImage } from './products-parts';

/** Spec section 9: at most 2 MB per image (the server checks the bytes too). */
const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/** decisions.md: Shopee's video, at most 30 MB. */
const VIDEO_MAX_BYTES = 30 * 1024 * 1024;

function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

/** Uploads chosen files one by one; a refused file is named with the server's reason. */
function useUploader(kind: MediaKind) {
  const { t } = useTranslation('products');
  const upload = useUploadMedia();
  const [busy, setBusy] = useState(false);
  async function run(files: File[]): Promise<Media[]> {
    setBusy(true);
    const done: Media[] = [];
    try {
      for (const file of files) {
        const limit = kind === 'image' ? IMAGE_MAX_BYTES : VIDEO_MAX_BYTES;
        if (file.size > limit) {
          toast({
            color: 'red',
            message: t(kind === 'image' ? 'media.imageTooBig' : 'media.videoTooBig', {
              name: file.name,
            }),
          });
          continue;
        }
        try {
          done.push(await upload.mutateAsync({ file, kind }));
        } catch {
          // The one error handler has worded the refusal.
        }
      }
    } finally {
      setBusy(false);
    }
    return done;
  }
  return { run, busy };
}

/**
 * The product's images in order, the first being the cover: moved, made the cover or removed
 * with buttons, and added by upload up to the site's limit.
 */
export function ImagesField({
  path,
  images,
  error,
  max,
  onChange,
  readOnly,
  required,
}: {
  path: string;
  images: readonly Media[];
  error: string | undefined;
  max: number;
  onChange(images: Media[]): void;
  readOnly: boolean;
  required?: boolean;
}) {
  const { t } = useTranslation('products');
  const uploader = useUploader('image');
  return (
    <FieldBox
      bound={{ path, error }}
      label={t('fields.images')}
      required={required ?? true}
      description={t('media.imagesHint', { max })}
    >
      <SimpleGrid cols={{ base: 3, sm: 4, lg: 6 }} spacing="sm" mt={6} data-testid="editor-images">
        {images.map((image, index) => (
          <Stack key={image.key ?? image.url} gap={4} align="center">
            <div style={{ position: 'relative' }}>
              <MediaImage src={image.url} w={96} h={96} />
              {index === 0 && (
                <Badge size="xs" style={{ position: 'absolute', top: 4, left: 4 }}>
                  {t('media.cover')}
                </Badge>
              )}
            </div>
            {image.width && image.height ? (
              <Text size="xs" c="dimmed">
                {image.width}×{image.height}
              </Text>
            ) : null}
            {!readOnly && (
              <Group gap={2}>
                <Tooltip label={t('media.earlier')} withArrow>
                  <ActionIcon
                    size="sm"
                    variant="subtle"
                    disabled={index === 0}
                    aria-label={t('media.earlier')}
                    onClick={() => onChange(moved(images, index, index - 1))}
                  >
                    <IconArrowLeft size={14} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label={t('media.makeCover')} withArrow>
                  <ActionIcon
                    size="sm"
                    variant="subtle"
                    disabled={index === 0}
                    aria-label={t('media.makeCover')}
                    onClick={() => onChange(moved(images, index, 0))}
                  >
                    <IconStar size={14} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label={t('media.later')} withArrow>
                  <ActionIcon
                    size="sm"
                    variant="subtle"
                    disabled={index === images.length - 1}
                    aria-label={t('media.later')}
                    onClick={() => onChange(moved(images, index, index + 1))}
                  >
                    <IconArrowRight size={14} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label={t('media.remove')} withArrow>
                  <ActionIcon
                    size="sm"
                    variant="subtle"
                    color="red"
                    aria-label={t('media.remove')}
                    onClick={() => onChange(images.filter((_, at) => at !== index))}
                  >
                    <IconTrash size={14} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            )}
          </Stack>
        ))}
        {!readOnly && images.length < max && (
          <FileButton
            multiple
            accept="image/jpeg,image/png"
            onChange={(files) =>
              void uploader.run(files.slice(0, max - images.length)).then((added) => {
                if (added.length > 0) onChange([...images, ...added]);
              })
            }
          >
            {(props) => (
              <Button
                {...props}
                variant="default"
                h={96}
                w={96}
                p={0}
                disabled={uploader.busy}
                data-testid="editor-images-add"
              >
                {uploader.busy ? <Loader size="sm" /> : <IconPhotoPlus size={28} stroke={1.4} />}
              </Button>
            )}
          </FileButton>
        )}
      </SimpleGrid>
    </FieldBox>
  );
}

/** One optional media file (video or size chart): shown, replaced or removed. */
export function SingleMediaField({
  path,
  kind,
  label,
  hint,
  media,
  error,
  onChange,
  readOnly,
}: {
  path: string;
  kind: MediaKind;
  label: string;
  hint: string;
  media: Media | null;
  error: string | undefined;
  onChange(media: Media | null): void;
  readOnly: boolean;
}) {
  const { t } = useTranslation('products');
  const uploader = useUploader(kind);
  return (
    <FieldBox bound={{ path, error }} label={label} description={hint}>
      <Group gap="sm" mt={6}>
        {media ? (
          kind === 'video' ? (
            <Group gap={6}>
              <IconVideo size={20} />
              <Text size="sm">
                {media.durationMs
                  ? t('media.seconds', { count: Math.round(media.durationMs / 1000) })
                  : t('media.video')}
              </Text>
            </Group>
          ) : (
            <MediaImage src={media.url} w={72} h={72} />
          )
        ) : (
          <Text size="sm" c="dimmed">
            {t('media.none')}
          </Text>
        )}
        {!readOnly && (
          <>
            <FileButton
              accept={kind === 'video' ? 'video/mp4' : 'image/jpeg,image/png'}
              onChange={(file) =>
                file &&
                void uploader.run([file]).then(([added]) => {
                  if (added) onChange(added);
                })
              }
            >
              {(props) => (
                <Button {...props} size="xs" variant="default" loading={uploader.busy}>
                  {media ? t('media.replace') : t('media.upload')}
                </Button>
              )}
            </FileButton>
            {media && (
              <Button size="xs" variant="subtle" color="red" onClick={() => onChange(null)}>
                {t('media.remove')}
              </Button>
            )}
          </>
        )}
      </Group>
    </FieldBox>
  );
}
