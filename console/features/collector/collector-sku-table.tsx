import { Badge, Group, Pagination, Stack, Table, Text, TextInput } from '@mantine/core';
import { currencyExponent } from '@shared/contracts/money';
import type { ProductDraft } from '@shared/contracts/product-draft';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Thumbnail } from '../../components/product-cell';

/** SKUs shown at once; more go to further pages of the table. */
const SKU_PAGE_SIZE = 50;

export type SkuValues = Record<string, { price: string; stock: string }>;

/** The picture of a SKU: its own, else the picture of one of its property values. */
function skuImage(draft: ProductDraft, sku: ProductDraft['skus'][number]): string | null {
  if (sku.image) return sku.image;
  for (const property of draft.skuProperties) {
    const value = property.values.find((entry) => entry.id === sku.values[property.id]);
    if (value?.image) return value.image;
  }
  return null;
}

/**
 * Every SKU with its property values and picture, and its price and stock to edit. Errors come
 * by the SKU's position (`skus.<index>.price`), as the update request lists them.
 */
export function SkuTable({
  draft,
  values,
  errors,
  readOnly,
  onChange,
}: {
  draft: ProductDraft;
  values: SkuValues;
  errors: Partial<Record<string, string>>;
  readOnly: boolean;
  onChange(id: string, field: 'price' | 'stock', value: string): void;
}) {
  const { t } = useTranslation('collector');
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(draft.skus.length / SKU_PAGE_SIZE));
  const decimals = currencyExponent(draft.currency);

  // After a failed save, show the page of the first SKU in error.
  const firstError = draft.skus.findIndex(
    (_, index) => errors[`skus.${index}.price`] || errors[`skus.${index}.stock`],
  );
  useEffect(() => {
    if (firstError >= 0) setPage(Math.floor(firstError / SKU_PAGE_SIZE) + 1);
  }, [firstError]);

  const start = (page - 1) * SKU_PAGE_SIZE;
  const shown = draft.skus.slice(start, start + SKU_PAGE_SIZE);
  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={420 + draft.skuProperties.length * 120} type="native">
        <Table verticalSpacing="xs" data-testid="sku-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={64}>{t('sku.image')}</Table.Th>
              {draft.skuProperties.map((property) => (
                <Table.Th key={property.id}>{property.name}</Table.Th>
              ))}
              <Table.Th w={160}>{t('sku.price', { currency: draft.currency })}</Table.Th>
              <Table.Th w={120}>{t('sku.stock')}</Table.Th>
              <Table.Th w={100}>{t('sku.available')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((sku, offset) => {
              const index = start + offset;
              const names = draft.skuProperties.map(
                (property) =>
                  property.values.find((value) => value.id === sku.values[property.id])?.name ??
                  '—',
              );
              const name = names.join(' / ') || sku.id;
              const value = values[sku.id] ?? { price: '', stock: '' };
              return (
                <Table.Tr key={sku.id} data-testid="sku-row" data-sku={sku.id}>
                  <Table.Td>
                    <Thumbnail src={skuImage(draft, sku)} size={40} />
                  </Table.Td>
                  {names.map((text, at) => (
                    <Table.Td key={draft.skuProperties[at]?.id ?? at}>
                      <Text size="sm">{text}</Text>
                    </Table.Td>
                  ))}
                  <Table.Td>
                    <TextInput
                      size="xs"
                      inputMode={decimals > 0 ? 'decimal' : 'numeric'}
                      aria-label={t('sku.priceFor', { name })}
                      value={value.price}
                      readOnly={readOnly}
                      onChange={(event) => onChange(sku.id, 'price', event.currentTarget.value)}
                      error={errors[`skus.${index}.price`]}
                    />
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      size="xs"
                      inputMode="numeric"
                      aria-label={t('sku.stockFor', { name })}
                      placeholder={t('sku.stockUnknown')}
                      value={value.stock}
                      readOnly={readOnly}
                      onChange={(event) => onChange(sku.id, 'stock', event.currentTarget.value)}
                      error={errors[`skus.${index}.stock`]}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Badge
                      variant="light"
                      color={sku.available ? 'green' : 'gray'}
                      size="sm"
                      tt="none"
                    >
                      {sku.available ? t('sku.yes') : t('sku.no')}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pages > 1 && (
        <Group justify="space-between">
          <Text size="xs" c="dimmed">
            {t('sku.count', { count: draft.skus.length })}
          </Text>
          <nav aria-label={t('sku.pagination')}>
            <Pagination value={page} onChange={setPage} total={pages} size="sm" />
          </nav>
        </Group>
      )}
    </Stack>
  );
}
