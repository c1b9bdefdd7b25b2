import { Button, Group } from '@mantine/core';
import { IconCalendarClock } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocalDateInput } from '../../components/date-fields';
import type { DateTimeRange } from './wallet-range';

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
    beginTime: range.beginTime,
    endTime: range.endTime,
  });
  const [errors, setErrors] = useState<Partial<Record<Bound, string>>>({});
  // The address changed the range (a reset, going back): show it.
  if (drafts.shown.beginTime !== range.beginTime || drafts.shown.endTime !== range.endTime) {
    setDrafts({ shown: range, beginTime: range.beginTime, endTime: range.endTime });
    setErrors({});
  }

  /** `text` is YYYY-MM-DD HH:mm:ss, '' when the field was emptied, null while it is incomplete. */
  function edit(bound: Bound, text: string | null) {
    if (text === '') {
      setDrafts((current) => ({ ...current, [bound]: '' }));
      setErrors({});
      onChange({ ...range, [bound]: undefined });
      return;
    }
    if (text === null) {
      setErrors({ [bound]: t('filters.invalidTime') });
      return;
    }
    setDrafts((current) => ({ ...current, [bound]: text }));
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
        <LocalDateInput
          key={bound}
          withTime
          size="sm"
          w={{ base: '100%', xs: 250 }}
          label={bound === 'beginTime' ? t('filters.from') : t('filters.to')}
          leftSection={<IconCalendarClock size={16} />}
          value={drafts[bound]}
          onChange={(text) => edit(bound, text)}
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
