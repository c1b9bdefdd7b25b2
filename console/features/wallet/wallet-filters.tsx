import { Button, Group, TextInput } from '@mantine/core';
import { IconCalendarClock } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DateTimeRange, fromInputValue, toInputValue } from './wallet-range';

type Bound = 'beginTime' | 'endTime';

/**
 * The date-time range of a list (spec section 9: YYYY-MM-DD HH:mm:ss, to the second). A complete
 * moment in order applies at once; an incomplete one or an end before the start says so and waits.
 * Clearing a field goes back to that end of the default range.
 */
export function RangeFilter({
  range,
  isDefault,
  onChange,
  onReset,
}: {
  range: DateTimeRange;
  isDefault: boolean;
  onChange(next: Partial<DateTimeRange>): void;
  onReset(): void;
}) {
  const { t } = useTranslation('wallet');
  const [drafts, setDrafts] = useState({
    shown: range,
    beginTime: toInputValue(range.beginTime),
    endTime: toInputValue(range.endTime),
  });
  const [errors, setErrors] = useState<Partial<Record<Bound, string>>>({});
  // The address changed the range (a reset, going back): show it.
  if (drafts.shown.beginTime !== range.beginTime || drafts.shown.endTime !== range.endTime) {
    setDrafts({
      shown: range,
      beginTime: toInputValue(range.beginTime),
      endTime: toInputValue(range.endTime),
    });
    setErrors({});
  }

  function edit(bound: Bound, value: string) {
    setDrafts((current) => ({ ...current, [bound]: value }));
    if (value === '') {
      setErrors({});
      onChange({ ...range, [bound]: undefined });
      return;
    }
    const text = fromInputValue(value);
    if (!text) {
      setErrors({ [bound]: t('filters.invalidTime') });
      return;
    }
    const next = { ...range, [bound]: text };
    if (next.beginTime > next.endTime) {
      setErrors({ endTime: t('filters.order') });
      return;
    }
    setErrors({});
    onChange(next);
  }

  return (
    <Group gap="sm" align="flex-start" wrap="wrap">
      {(['beginTime', 'endTime'] as const).map((bound) => (
        <TextInput
          key={bound}
          type="datetime-local"
          step={1}
          size="sm"
          w={{ base: '100%', xs: 240 }}
          label={bound === 'beginTime' ? t('filters.from') : t('filters.to')}
          leftSection={<IconCalendarClock size={16} />}
          value={drafts[bound]}
          onChange={(event) => edit(bound, event.currentTarget.value)}
          error={errors[bound]}
          data-testid={`range-${bound === 'beginTime' ? 'from' : 'to'}`}
        />
      ))}
      {!isDefault && (
        <Button variant="subtle" size="sm" mt={25} onClick={onReset} data-testid="range-reset">
          {t('actions.resetRange')}
        </Button>
      )}
    </Group>
  );
}
