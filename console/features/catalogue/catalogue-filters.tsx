import { Group, NumberInput, Select, Switch } from '@mantine/core';
import { CURRENCY_DECIMALS, type Currency } from '@shared/contracts/money';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Minor units from what was typed in major units ("12.5" CNY: 1250), or undefined when empty. */
function toMinor(value: string | number, currency: Currency): number | undefined {
  if (value === '' || value === undefined) return undefined;
  const number = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(number) || number < 0) return undefined;
  return Math.round(number * 10 ** CURRENCY_DECIMALS[currency]);
}

const toMajor = (minor: number | undefined, currency: Currency) =>
  minor === undefined ? '' : minor / 10 ** CURRENCY_DECIMALS[currency];

/**
 * A price range in the list's currency, typed in major units and kept in minor units; applied on
 * Enter or when the field is left. A minimum above the maximum swaps them.
 */
export function PriceRange({
  min,
  max,
  currency,
  onChange,
}: {
  min: number | undefined;
  max: number | undefined;
  currency: Currency;
  onChange(range: { priceMin: number | undefined; priceMax: number | undefined }): void;
}) {
  const { t } = useTranslation('catalogue');
  const [low, setLow] = useState<string | number>(toMajor(min, currency));
  const [high, setHigh] = useState<string | number>(toMajor(max, currency));
  useEffect(() => setLow(toMajor(min, currency)), [min, currency]);
  useEffect(() => setHigh(toMajor(max, currency)), [max, currency]);
  const decimals = CURRENCY_DECIMALS[currency];

  function apply() {
    let priceMin = toMinor(low, currency);
    let priceMax = toMinor(high, currency);
    if (priceMin !== undefined && priceMax !== undefined && priceMin > priceMax)
      [priceMin, priceMax] = [priceMax, priceMin];
    if (priceMin !== min || priceMax !== max) onChange({ priceMin, priceMax });
  }
  const field = {
    size: 'sm' as const,
    w: 96,
    min: 0,
    decimalScale: decimals,
    allowNegative: false,
    hideControls: true,
    onBlur: apply,
    onKeyDown: (event: React.KeyboardEvent) => {
      if (event.key === 'Enter') apply();
    },
  };
  return (
    <Group gap={4} wrap="nowrap" align="flex-end" data-testid="price-range">
      <NumberInput
        {...field}
        label={t('filters.price', { currency })}
        aria-label={t('filters.priceMin', { currency })}
        placeholder={t('filters.min')}
        value={low}
        onChange={setLow}
        data-testid="price-min"
      />
      <NumberInput
        {...field}
        aria-label={t('filters.priceMax', { currency })}
        placeholder={t('filters.max')}
        value={high}
        onChange={setHigh}
        data-testid="price-max"
      />
    </Group>
  );
}

/** A select of one filter, "all" when cleared. */
export function FilterSelect<T extends string>({
  label,
  all,
  value,
  options,
  onChange,
  testId,
  w = 150,
}: {
  label: string;
  all: string;
  value: T | undefined;
  options: readonly { value: T; label: string }[];
  onChange(value: T | undefined): void;
  testId: string;
  w?: number;
}) {
  return (
    <Select
      size="sm"
      w={w}
      label={label}
      placeholder={all}
      data={options}
      value={value ?? null}
      onChange={(next) => onChange((next ?? undefined) as T | undefined)}
      clearable
      comboboxProps={{ withinPortal: true, hideDetached: false }}
      data-testid={testId}
    />
  );
}

/** In stock only. */
export function InStockSwitch({
  value,
  onChange,
}: {
  value: boolean;
  onChange(value: boolean): void;
}) {
  const { t } = useTranslation('catalogue');
  return (
    <Switch
      mb={8}
      label={t('filters.inStock')}
      checked={value}
      onChange={(event) => onChange(event.currentTarget.checked)}
      data-testid="in-stock"
    />
  );
}
