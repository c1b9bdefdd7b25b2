import {
  ActionIcon,
  Button,
  Group,
  Radio,
  Stack,
  Table,
  TagsInput,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import type { RuleTable } from '@shared/contracts/product-rules';
import type { ProductInput, ProductSku, Variation } from '@shared/contracts/products';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type Bound, FieldBox, MoneyField, NumberField } from './editor-fields';
import { fieldId } from './product-form';
import { MediaImage } from './products-parts';

/** Every combination of the variations' options, in order (one empty combination without any). */
function combinations(variations: readonly Variation[]): string[][] {
  return variations.reduce<string[][]>(
    (all, variation) =>
      all.flatMap((combo) =>
        variation.options
          .filter((option) => option.name.trim() !== '')
          .map((option) => [...combo, option.name]),
      ),
    [[]],
  );
}

/** A new SKU row's own id (kept by the server as the row key). */
const newSkuId = () => `new-${crypto.randomUUID()}`;

/** A SKU's price columns, in the table's order. */
const PRICE_FIELDS = ['sellingPrice', 'originalPrice', 'promotionPrice'] as const;

/**
 * The SKUs after the variations changed: one per combination of options, keeping what each
 * combination had (its price, stock, cost, codes), new ones priced like the first.
 */
function skusFor(variations: readonly Variation[], skus: readonly ProductSku[]): ProductSku[] {
  const byCombo = new Map(skus.map((sku) => [JSON.stringify(sku.options), sku]));
  const template = skus[0];
  return combinations(variations).map((options) => {
    const kept = byCombo.get(JSON.stringify(options));
    if (kept) return kept;
    // A combination that only grew by a new variation keeps its row (its options padded).
    const grown = skus.find(
      (sku) =>
        sku.options.length < options.length &&
        sku.options.every((option, at) => options[at] === option),
    );
    if (
      grown &&
      !combinations(variations).some(
        (combo) => JSON.stringify(combo) === JSON.stringify(grown.options),
      )
    )
      return { ...grown, options };
    return {
      id: newSkuId(),
      skuId: null,
      sellerSku: '',
      options,
      originalPrice: template?.originalPrice ?? null,
      sellingPrice: template?.sellingPrice ?? 0,
      promotionPrice: null,
      promotionStart: null,
      promotionEnd: null,
      stock: 0,
      costPrice: template?.costPrice ?? null,
      image: null,
    };
  });
}

/**
 * Variations (names and options) and the SKU table: per SKU its options, seller SKU, prices,
 * stock, CNY cost and the live profit the shared pricing gives at its price.
 */
export function VariantsSection({
  values,
  bind,
  set,
  table,
  readOnly,
  withVariantType,
  profit,
}: {
  values: ProductInput;
  bind(path: string): Bound;
  set(path: string, value: unknown): void;
  table: RuleTable;
  readOnly: boolean;
  withVariantType: boolean;
  profit(sku: ProductSku): ReactNode;
}) {
  const { t } = useTranslation('products');
  const multiple = values.variantType === 'multiple';
  const setVariations = (variations: Variation[]) => {
    set('variations', variations);
    set('skus', skusFor(variations, values.skus));
  };
  return (
    <Stack gap="md">
      {withVariantType && (
        <Radio.Group
          id={fieldId('variantType')}
          label={t('fields.variantType')}
          value={values.variantType}
          onChange={(value) => {
            set('variantType', value);
            if (value === 'single') {
              set('variations', []);
              set(
                'skus',
                values.skus.slice(0, 1).map((sku) => ({ ...sku, options: [] })),
              );
            }
          }}
        >
          <Group gap="lg" mt={6}>
            <Radio
              value="single"
              label={t('variantTypes.single')}
              disabled={readOnly}
              data-testid="variant-single"
            />
            <Radio
              value="multiple"
              label={t('variantTypes.multiple')}
              disabled={readOnly}
              data-testid="variant-multiple"
            />
          </Group>
        </Radio.Group>
      )}
      {(multiple || !withVariantType) && (
        <FieldBox
          bound={bind('variations')}
          label={t('fields.variations')}
          description={t('editor.variationsHint', { max: table.variationsMax })}
        >
          <Stack gap="xs" mt={6}>
            {values.variations.map((variation, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a row is its position (its fields are named by it)
              <Group key={index} align="flex-start" gap="sm" wrap="nowrap">
                <TextInput
                  id={fieldId(`variations.${index}.name`)}
                  aria-label={t('fields.variationName')}
                  placeholder={t('fields.variationName')}
                  w={160}
                  value={variation.name}
                  readOnly={readOnly}
                  error={bind(`variations.${index}.name`).error}
                  onChange={(event) =>
                    setVariations(
                      values.variations.map((entry, at) =>
                        at === index ? { ...entry, name: event.currentTarget.value } : entry,
                      ),
                    )
                  }
                  data-testid={`variation-name-${index}`}
                />
                <TagsInput
                  id={fieldId(`variations.${index}.options`)}
                  aria-label={t('fields.variationOptions')}
                  placeholder={t('editor.optionsPlaceholder')}
                  style={{ flex: 1 }}
                  value={variation.options.map((option) => option.name)}
                  readOnly={readOnly}
                  maxTags={table.optionsPerVariationMax}
                  error={bind(`variations.${index}.options`).error}
                  onChange={(names) =>
                    setVariations(
                      values.variations.map((entry, at) =>
                        at === index
                          ? {
                              ...entry,
                              options: names.map(
                                (name) =>
                                  entry.options.find((option) => option.name === name) ?? {
                                    name,
                                    image: null,
                                  },
                              ),
                            }
                          : entry,
                      ),
                    )
                  }
                  data-testid={`variation-options-${index}`}
                />
                {!readOnly && (
                  <Tooltip label={t('editor.removeVariation')} withArrow>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      mt={4}
                      aria-label={t('editor.removeVariation')}
                      onClick={() =>
                        setVariations(values.variations.filter((_, at) => at !== index))
                      }
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                )}
              </Group>
            ))}
            {!readOnly && values.variations.length < table.variationsMax && (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconPlus size={14} />}
                w="fit-content"
                onClick={() => setVariations([...values.variations, { name: '', options: [] }])}
                data-testid="variation-add"
              >
                {t('editor.addVariation')}
              </Button>
            )}
          </Stack>
        </FieldBox>
      )}
      <FieldBox bound={bind('skus')} label={t('fields.skus')}>
        <Table.ScrollContainer minWidth={900} type="native">
          <Table verticalSpacing={6} data-testid="sku-table">
            <Table.Thead>
              <Table.Tr>
                {values.variations.map((variation, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a variation's column is its position
                  <Table.Th key={index}>{variation.name || t('fields.variationName')}</Table.Th>
                ))}
                <Table.Th>{t('fields.sellerSku')}</Table.Th>
                <Table.Th>{t('fields.sellingPrice')}</Table.Th>
                <Table.Th>{t('fields.originalPrice')}</Table.Th>
                <Table.Th>{t('fields.promotionPrice')}</Table.Th>
                <Table.Th>{t('fields.stock')}</Table.Th>
                <Table.Th>{t('fields.costPrice')}</Table.Th>
                <Table.Th>{t('fields.profit')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {values.skus.map((sku, index) => {
                const at = (field: string) => `skus.${index}.${field}`;
                const name = sku.options.join(' / ') || values.title;
                return (
                  <Table.Tr key={sku.id} data-testid="sku-row" data-sku={sku.id}>
                    {sku.options.map((option, tier) => (
                      <Table.Td key={values.variations[tier]?.name ?? tier}>
                        <Group gap={6} wrap="nowrap">
                          {sku.image && (
                            <MediaImage src={sku.image.url} w={28} h={28} radius="xs" />
                          )}
                          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                            {option}
                          </Text>
                        </Group>
                      </Table.Td>
                    ))}
                    <Table.Td miw={140}>
                      <TextInput
                        size="xs"
                        id={fieldId(at('sellerSku'))}
                        aria-label={t('editor.cellOf', { field: t('fields.sellerSku'), name })}
                        value={sku.sellerSku}
                        readOnly={readOnly}
                        error={bind(at('sellerSku')).error}
                        onChange={(event) => set(at('sellerSku'), event.currentTarget.value)}
                        data-testid={`field-${at('sellerSku')}`}
                      />
                    </Table.Td>
                    {PRICE_FIELDS.map((field) => (
                      <Table.Td key={field} miw={130}>
                        <MoneyField
                          size="xs"
                          hideLabel
                          bound={bind(at(field))}
                          label={t('editor.cellOf', { field: t(`fields.${field}`), name })}
                          currency={table.currency}
                        />
                      </Table.Td>
                    ))}
                    <Table.Td miw={90}>
                      <NumberField
                        size="xs"
                        hideLabel
                        integer
                        bound={bind(at('stock'))}
                        label={t('editor.cellOf', { field: t('fields.stock'), name })}
                      />
                    </Table.Td>
                    <Table.Td miw={120}>
                      <MoneyField
                        size="xs"
                        hideLabel
                        bound={bind(at('costPrice'))}
                        label={t('editor.cellOf', { field: t('fields.costPrice'), name })}
                        currency="CNY"
                      />
                    </Table.Td>
                    <Table.Td miw={120}>{profit(sku)}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </FieldBox>
    </Stack>
  );
}
