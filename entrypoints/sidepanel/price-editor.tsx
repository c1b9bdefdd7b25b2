import { Badge, Group, ScrollArea, Stack, Table, Text, TextInput } from '@mantine/core';
import { applyPricing, type PluginSettings } from '@shared/contracts/collector';
import type { ProductDraft } from '@shared/contracts/product-draft';
import { useTranslation } from 'react-i18next';
import type { DraftEdits, EditedDraft } from './draft-edits';
import { formatMinor, formatRange } from './money-text';

/** A SKU as the seller knows it: its values' names ("Red / XL"). */
function skuLabel(draft: ProductDraft, values: Record<string, string>): string {
  const names = draft.skuProperties.map((property) => {
    const valueId = values[property.id];
    return property.values.find((value) => value.id === valueId)?.name ?? valueId ?? '';
  });
  return names.filter(Boolean).join(' / ') || '—';
}

function AmountInput({
  value,
  onChange,
  currency,
  error,
  label,
  ariaLabel,
  testId,
  disabled,
}: {
  value: string;
  onChange(value: string): void;
  currency: string;
  error?: string;
  label?: string;
  /** The name read aloud when there is no visible label. */
  ariaLabel?: string;
  testId: string;
  disabled?: boolean;
}) {
  return (
    <TextInput
      size="xs"
      inputMode="decimal"
      autoComplete="off"
      label={label}
      aria-label={label ? undefined : ariaLabel}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
      disabled={disabled}
      rightSection={
        <Text size="xs" c="dimmed">
          {currency}
        </Text>
      }
      rightSectionWidth={40}
      data-testid={testId}
    />
  );
}

/**
 * The price as the page gave it, editable: the product's range, or one price per SKU. Below it,
 * what the price becomes in the seller's shops under the pricing template.
 */
export function PriceEditor({
  draft,
  edits,
  onEdit,
  checked,
  settings,
  disabled,
}: {
  draft: ProductDraft;
  edits: DraftEdits;
  onEdit(edits: DraftEdits): void;
  checked: EditedDraft;
  settings: PluginSettings | undefined;
  disabled?: boolean;
}) {
  const { t, i18n } = useTranslation('extension');
  const language = i18n.language;
  const { currency } = draft;
  const errorWords = (error: string | undefined) =>
    error ? t(`panel.errors.${error as 'invalid'}`) : undefined;
  const shown = checked.draft.price;
  const range = formatRange(shown.min, shown.max, currency, language);
  const pricing = settings?.pricing;
  const priced =
    pricing && (pricing.markupPercent > 0 || pricing.rounding !== 'none') && shown.min !== null
      ? formatRange(
          applyPricing(shown.min, currency, pricing),
          shown.max === null ? null : applyPricing(shown.max, currency, pricing),
          currency,
          language,
        )
      : null;

  return (
    <Stack gap="xs">
      <Group gap="xs" align="baseline">
        <Text fw={700} size="lg" c="brand.7" data-testid="panel-price-range">
          {range ?? t('panel.notFound')}
        </Text>
        <Badge size="xs" variant="outline" color="gray">
          {currency}
        </Badge>
      </Group>
      {priced ? (
        <Text size="xs" c="dimmed" data-testid="panel-price-preview">
          {t('panel.pricedAs', { price: priced, markup: pricing?.markupPercent ?? 0 })}
        </Text>
      ) : null}
      {draft.tiers.length > 0 ? (
        <Group gap={6}>
          {draft.tiers.map((tier) => (
            <Badge key={tier.minQuantity} variant="light" color="gray" tt="none" size="sm">
              {t('panel.tier', {
                count: tier.minQuantity,
                price: formatMinor(tier.price, currency, language),
              })}
            </Badge>
          ))}
        </Group>
      ) : null}
      {draft.skus.length === 0 ? (
        <Group grow gap="xs" align="flex-start">
          <AmountInput
            label={t('panel.fields.priceMin')}
            value={edits.priceMin}
            onChange={(priceMin) => onEdit({ ...edits, priceMin })}
            currency={currency}
            error={errorWords(checked.errors.priceMin)}
            testId="edit-price-min"
            disabled={disabled}
          />
          <AmountInput
            label={t('panel.fields.priceMax')}
            value={edits.priceMax}
            onChange={(priceMax) => onEdit({ ...edits, priceMax })}
            currency={currency}
            error={errorWords(checked.errors.priceMax)}
            testId="edit-price-max"
            disabled={disabled}
          />
        </Group>
      ) : (
        <ScrollArea.Autosize mah={260} type="auto" offsetScrollbars>
          <Table
            verticalSpacing={4}
            horizontalSpacing={6}
            fz="xs"
            data-testid="panel-sku-prices"
            style={{ tableLayout: 'fixed' }}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('panel.fields.sku')}</Table.Th>
                <Table.Th w={118}>{t('panel.fields.price')}</Table.Th>
                <Table.Th w={56} ta="right">
                  {t('panel.fields.stock')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {draft.skus.map((sku) => (
                <Table.Tr key={sku.id} data-testid="panel-sku" opacity={sku.available ? 1 : 0.55}>
                  <Table.Td>
                    <Text size="xs" lineClamp={2} title={skuLabel(draft, sku.values)}>
                      {skuLabel(draft, sku.values)}
                    </Text>
                    {!sku.available ? (
                      <Text size="10px" c="red.7">
                        {t('panel.unavailable')}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <AmountInput
                      value={edits.skuPrices[sku.id] ?? ''}
                      onChange={(price) =>
                        onEdit({ ...edits, skuPrices: { ...edits.skuPrices, [sku.id]: price } })
                      }
                      currency={currency}
                      error={errorWords(checked.errors.skus[sku.id])}
                      ariaLabel={t('panel.fields.priceOf', { sku: skuLabel(draft, sku.values) })}
                      testId={`edit-sku-price-${sku.id}`}
                      disabled={disabled}
                    />
                  </Table.Td>
                  <Table.Td ta="right">{sku.stock ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}
