import { ActionIcon, Button, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import type { ProductInput } from '@shared/contracts/products';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type Bound, FieldBox, MoneyField, NumberField } from './editor-fields';

/** Shopee's most wholesale tiers. */
const MAX_TIERS = 5;

/**
 * Wholesale tiers: from a minimum to a maximum quantity, a unit price below the selling price
 * and below the tier before; the first starts at 2, each after the one before it.
 */
export function WholesaleSection({
  values,
  bind,
  set,
  currency,
  readOnly,
}: {
  values: ProductInput;
  bind(path: string): Bound;
  set(path: string, value: unknown): void;
  currency: string;
  readOnly: boolean;
}) {
  const { t } = useTranslation('products');
  const tiers = values.wholesale;
  const addTier = () => {
    const last = tiers.at(-1);
    const min = last && Number.isSafeInteger(last.max) ? last.max + 1 : 2;
    const lowest = Math.min(
      ...values.skus.map((sku) => sku.sellingPrice).filter(Number.isSafeInteger),
    );
    const price =
      last && Number.isSafeInteger(last.price) ? last.price : Number.isFinite(lowest) ? lowest : 0;
    set('wholesale', [
      ...tiers,
      { min, max: min + 8, price: Math.max(0, Math.floor(price * 0.95)) },
    ]);
  };
  return (
    <FieldBox
      bound={bind('wholesale')}
      label={t('fields.wholesale')}
      description={t('editor.wholesaleHint')}
    >
      <Stack gap="xs" mt={6}>
        {tiers.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('editor.noWholesale')}
          </Text>
        ) : (
          <Table verticalSpacing={6} data-testid="wholesale-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('wholesale.tier')}</Table.Th>
                <Table.Th>{t('wholesale.min')}</Table.Th>
                <Table.Th>{t('wholesale.max')}</Table.Th>
                <Table.Th>{t('wholesale.price')}</Table.Th>
                <Table.Th w={40} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {tiers.map((_, index) => {
                const at = (field: string) => `wholesale.${index}.${field}`;
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a row is its position (its fields are named by it)
                  <Table.Tr key={index} data-testid="wholesale-row">
                    <Table.Td>{index + 1}</Table.Td>
                    <Table.Td>
                      <NumberField
                        size="xs"
                        hideLabel
                        integer
                        bound={bind(at('min'))}
                        label={t('wholesale.minOf', { tier: index + 1 })}
                      />
                    </Table.Td>
                    <Table.Td>
                      <NumberField
                        size="xs"
                        hideLabel
                        integer
                        bound={bind(at('max'))}
                        label={t('wholesale.maxOf', { tier: index + 1 })}
                      />
                    </Table.Td>
                    <Table.Td>
                      <MoneyField
                        size="xs"
                        hideLabel
                        bound={bind(at('price'))}
                        label={t('wholesale.priceOf', { tier: index + 1 })}
                        currency={currency}
                      />
                    </Table.Td>
                    <Table.Td>
                      {!readOnly && (
                        <Tooltip label={t('wholesale.remove')} withArrow>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={t('wholesale.remove')}
                            onClick={() =>
                              set(
                                'wholesale',
                                tiers.filter((__, at2) => at2 !== index),
                              )
                            }
                          >
                            <IconTrash size={14} />
                          </ActionIcon>
                        </Tooltip>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        )}
        {!readOnly && tiers.length < MAX_TIERS && (
          <Group>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPlus size={14} />}
              onClick={addTier}
              data-testid="wholesale-add"
            >
              {t('wholesale.add')}
            </Button>
          </Group>
        )}
      </Stack>
    </FieldBox>
  );
}
