import { IconCalendarClock } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocalDateInput } from '../../components/date-fields';

interface DateTimeRange {
  beginTime: string;
  endTime: string;
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0');
const text = (date: Date) =>
  `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(
    date.getHours(),
  )}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;

/** Spec section 9: the last 14 days from 00:00:00, to the end of today, on the reader's clock. */
export function defaultRange(now: Date = new Date()): DateTimeRange {
  const first = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 13);
  const last = new Date(now.getFullYear(), now.getMonth(), now.getDate(), 23, 59, 59);
  return { beginTime: text(first), endTime: text(last) };
}

export function readerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** A local YYYY-MM-DD HH:mm:ss moment as an ISO instant (the reader's clock). */
export function localToIso(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
  const date = new Date(y ?? 0, (mo ?? 1) - 1, d ?? 1, h ?? 0, mi ?? 0, s ?? 0);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** The list's time range (YYYY-MM-DD HH:mm:ss): a complete moment in order applies at once. */
export function RangeFilter({
  range,
  onChange,
}: {
  range: DateTimeRange;
  onChange(next: Partial<DateTimeRange>): void;
}) {
  const { t } = useTranslation('services');
  const { t: validation } = useTranslation('validation');
  const [error, setError] = useState<string | null>(null);
  function edit(bound: 'beginTime' | 'endTime', value: string | null) {
    if (value === null) return setError(validation('invalidFormat'));
    const next = { ...range, [bound]: value || undefined };
    if (next.beginTime && next.endTime && next.beginTime > next.endTime)
      return setError(validation('invalid'));
    setError(null);
    onChange({ [bound]: value || undefined });
  }
  return (
    <>
      {(['beginTime', 'endTime'] as const).map((bound) => (
        <LocalDateInput
          key={bound}
          withTime
          size="sm"
          w={{ base: '100%', xs: 230 }}
          label={bound === 'beginTime' ? t('progress.from') : t('progress.to')}
          leftSection={<IconCalendarClock size={16} />}
          value={range[bound]}
          onChange={(value) => edit(bound, value)}
          error={bound === 'endTime' ? error : undefined}
          data-testid={`services-range-${bound}`}
        />
      ))}
    </>
  );
}
