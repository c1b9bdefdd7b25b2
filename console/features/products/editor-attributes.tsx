import { MultiSelect, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import type { CategoryAttribute } from '@shared/contracts/products';
import { useTranslation } from 'react-i18next';
import { type Bound, FieldLabel } from './editor-fields';
import { fieldId } from './product-form';

/**
 * The category's attributes as the platform lists them, the required ones marked and first; each
 * value kept as the platform takes it (option ids, or the text typed).
 */
export function AttributesSection({
  attributes,
  values,
  bind,
  readOnly,
}: {
  attributes: readonly CategoryAttribute[];
  values: Record<string, string[]>;
  bind(path: string): Bound;
  readOnly: boolean;
}) {
  const { t } = useTranslation('products');
  const shown = attributes
    .filter((attribute) => !attribute.variation)
    .sort((a, b) => Number(b.required) - Number(a.required));
  if (shown.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('editor.noAttributes')}
      </Text>
    );
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" data-testid="attributes">
      {shown.map((attribute) => {
        const path = `attributes.${attribute.id}`;
        const bound = bind(path);
        const current = values[attribute.id] ?? [];
        const common = {
          id: fieldId(path),
          label: <FieldLabel label={attribute.name} required={attribute.required} />,
          error: bound.error,
          readOnly,
          'data-field-box': true,
          'data-testid': `field-${path}`,
          'data-required': attribute.required || undefined,
        };
        const options = attribute.options.map((option) => ({
          value: option.id,
          label: option.name,
        }));
        if (attribute.inputType === 'select')
          return (
            <Select
              key={attribute.id}
              {...common}
              data={options}
              searchable
              clearable
              value={current[0] ?? null}
              placeholder={t('editor.choose')}
              comboboxProps={{ hideDetached: false }}
              onChange={(value) => bound.set(value ? [value] : [])}
            />
          );
        if (attribute.inputType === 'multiSelect')
          return (
            <MultiSelect
              key={attribute.id}
              {...common}
              data={options}
              searchable
              clearable
              value={current}
              placeholder={t('editor.choose')}
              comboboxProps={{ hideDetached: false }}
              onChange={(value) => bound.set(value)}
            />
          );
        return (
          <TextInput
            key={attribute.id}
            {...common}
            inputMode={attribute.inputType === 'number' ? 'decimal' : undefined}
            value={current[0] ?? ''}
            onChange={(event) => {
              const text = event.currentTarget.value;
              bound.set(text === '' ? [] : [text]);
            }}
          />
        );
      })}
    </SimpleGrid>
  );
}
