import {
  Anchor,
  Avatar,
  Badge,
  Button,
  Group,
  Image,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import type { ProductDraft } from '@shared/contracts/product-draft';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confidenceOf, DraftField, NotFound } from './draft-field';

/** How many attributes and images show before "show all". */
const ATTRIBUTES_SHOWN = 6;
const IMAGES_SHOWN = 8;

/** The text of a description's HTML, read without running or loading anything of it. */
function descriptionText(html: string): string {
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  return (parsed.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

function Variants({ draft, compact }: { draft: ProductDraft; compact: boolean }) {
  const { t } = useTranslation('extension');
  if (draft.skuProperties.length === 0) return <NotFound />;
  return (
    <Stack gap="xs">
      {draft.skuProperties.map((property) => (
        <div key={property.id} data-testid="panel-sku-property">
          <Text size="xs" c="dimmed" mb={4}>
            {property.name} ({property.values.length})
          </Text>
          <Group gap={6}>
            {property.values.map((value) => (
              <Badge
                key={value.id}
                variant="default"
                radius="sm"
                size={compact ? 'md' : 'lg'}
                tt="none"
                fw={500}
                pl={value.image ? 2 : undefined}
                leftSection={
                  value.image ? (
                    <Avatar src={value.image} size={compact ? 18 : 22} radius="xs" alt="" />
                  ) : null
                }
              >
                {value.name}
              </Badge>
            ))}
          </Group>
        </div>
      ))}
      <Text size="xs" c="dimmed">
        {t('panel.skuCount', { count: draft.skus.length })}
      </Text>
    </Stack>
  );
}

function Images({ images, compact }: { images: string[]; compact: boolean }) {
  const { t } = useTranslation('extension');
  const [all, setAll] = useState(false);
  if (images.length === 0) return <NotFound />;
  const distinct = [...new Set(images)];
  const shown = all ? distinct : distinct.slice(0, IMAGES_SHOWN);
  return (
    <Stack gap={6}>
      <SimpleGrid cols={compact ? 5 : 4} spacing={6} data-testid="panel-images">
        {shown.map((src) => (
          <Anchor key={src} href={src} target="_blank" rel="noreferrer">
            <Image
              src={src}
              alt=""
              radius="sm"
              h={compact ? 48 : 72}
              fit="cover"
              bg="gray.1"
              loading="lazy"
              style={{ border: '1px solid var(--mantine-color-gray-3)' }}
            />
          </Anchor>
        ))}
      </SimpleGrid>
      {distinct.length > IMAGES_SHOWN ? (
        <Button variant="subtle" size="compact-xs" onClick={() => setAll(!all)} w="fit-content">
          {all ? t('panel.showFewer') : t('panel.showAll', { count: distinct.length })}
        </Button>
      ) : null}
    </Stack>
  );
}

function Attributes({ attributes }: { attributes: ProductDraft['attributes'] }) {
  const { t } = useTranslation('extension');
  const [all, setAll] = useState(false);
  if (attributes.length === 0) return <NotFound />;
  const shown = all ? attributes : attributes.slice(0, ATTRIBUTES_SHOWN);
  return (
    <Stack gap={4}>
      <Table fz="xs" verticalSpacing={3} horizontalSpacing={6} withRowBorders={false} striped>
        <Table.Tbody>
          {shown.map((attribute) => (
            <Table.Tr key={`${attribute.name}\u0000${attribute.value}`}>
              <Table.Td c="dimmed" w="40%" style={{ verticalAlign: 'top' }}>
                {attribute.name}
              </Table.Td>
              <Table.Td style={{ wordBreak: 'break-word' }}>{attribute.value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {attributes.length > ATTRIBUTES_SHOWN ? (
        <Button variant="subtle" size="compact-xs" onClick={() => setAll(!all)} w="fit-content">
          {all ? t('panel.showFewer') : t('panel.showAll', { count: attributes.length })}
        </Button>
      ) : null}
    </Stack>
  );
}

function Description({ description }: { description: ProductDraft['description'] }) {
  const { t } = useTranslation('extension');
  const text = useMemo(
    () => (description && 'html' in description ? descriptionText(description.html) : null),
    [description],
  );
  if (!description) return <NotFound />;
  if ('url' in description) {
    return (
      <Text size="sm" data-testid="panel-description" data-source="url">
        {t('panel.descriptionFromUrl', { host: hostOf(description.url) })}
      </Text>
    );
  }
  return (
    <Stack gap={2} data-testid="panel-description" data-source="html">
      <Text size="xs" c="dimmed">
        {t('panel.descriptionFromPage', { count: text?.length ?? 0 })}
      </Text>
      {text ? (
        <Text size="sm" lineClamp={3}>
          {text}
        </Text>
      ) : null}
    </Stack>
  );
}

/** Everything else the page gave, field by field, each with how sure the reading is. */
export function DraftDetails({ draft, compact }: { draft: ProductDraft; compact: boolean }) {
  const { t, i18n } = useTranslation('extension');
  const number = (value: number) =>
    new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 }).format(value);
  const dimensions = draft.dimensionsCm;
  return (
    <Stack gap="md">
      <DraftField
        label={t('panel.fields.variants')}
        confidence={confidenceOf(draft, 'skuProperties', 'skus')}
        testId="field-variants"
      >
        <Variants draft={draft} compact={compact} />
      </DraftField>
      <DraftField
        label={t('panel.fields.images')}
        confidence={confidenceOf(draft, 'images')}
        testId="field-images"
      >
        <Images images={draft.images} compact={compact} />
      </DraftField>
      <DraftField
        label={t('panel.fields.shop')}
        confidence={confidenceOf(draft, 'shop')}
        testId="field-shop"
      >
        {draft.shop ? (
          draft.shop.url ? (
            <Anchor href={draft.shop.url} target="_blank" rel="noreferrer" size="sm">
              {draft.shop.name}
            </Anchor>
          ) : (
            <Text size="sm">{draft.shop.name}</Text>
          )
        ) : (
          <NotFound />
        )}
      </DraftField>
      <DraftField
        label={t('panel.fields.category')}
        confidence={confidenceOf(draft, 'categoryPath')}
        testId="field-category"
      >
        {draft.categoryPath.length > 0 ? (
          <Text size="sm">{draft.categoryPath.join(' › ')}</Text>
        ) : (
          <NotFound />
        )}
      </DraftField>
      <SimpleGrid cols={compact ? 1 : 2} spacing="md" verticalSpacing="md">
        <DraftField
          label={t('panel.fields.weight')}
          confidence={confidenceOf(draft, 'weightGrams')}
          testId="field-weight"
        >
          {draft.weightGrams !== null ? (
            <Text size="sm">{t('panel.grams', { value: number(draft.weightGrams) })}</Text>
          ) : (
            <NotFound />
          )}
        </DraftField>
        <DraftField
          label={t('panel.fields.minOrder')}
          confidence={confidenceOf(draft, 'minOrderQuantity')}
          testId="field-min-order"
        >
          {draft.minOrderQuantity !== null ? (
            <Text size="sm">{t('panel.units', { count: draft.minOrderQuantity })}</Text>
          ) : (
            <NotFound />
          )}
        </DraftField>
      </SimpleGrid>
      <DraftField
        label={t('panel.fields.dimensions')}
        confidence={confidenceOf(draft, 'dimensionsCm')}
        testId="field-dimensions"
      >
        {dimensions ? (
          <Text size="sm">
            {t('panel.centimetres', {
              value: [dimensions.length, dimensions.width, dimensions.height]
                .map(number)
                .join(' × '),
            })}
          </Text>
        ) : (
          <NotFound />
        )}
      </DraftField>
      <DraftField
        label={t('panel.fields.attributes')}
        confidence={confidenceOf(draft, 'attributes')}
        testId="field-attributes"
      >
        <Attributes attributes={draft.attributes} />
      </DraftField>
      <DraftField
        label={t('panel.fields.description')}
        confidence={confidenceOf(draft, 'description')}
        testId="field-description"
      >
        <Description description={draft.description} />
      </DraftField>
    </Stack>
  );
}
