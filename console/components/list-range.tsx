import { IconCalendarClock } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocalDateInput } from './date-fields';

/** A list's time range, each end YYYY-MM-DD HH:mm:ss on the reader's clock (spec section 9). */
export interface DateTimeRange {
  beginTime: string;
  endTime: string;
}

type Bound = keyof DateTimeRange;

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

/** The reader's IANA time zone, sent with a range so the server reads it on the same clock. */
export function readerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/**
 * A list's time range filter: a complete moment in order applies at once; an incomplete one or an
 * end before the start says so and waits. `onChange` gets the end that changed, undefined when it
 * was emptied or is the default's (so the address carries only what differs from the default).
 */
export function ListRange({
  range,
  defaults,
  labels,
  testId,
  onChange,
}: {
  range: DateTimeRange;
  defaults: DateTimeRange;
  labels: { from: string; to: string };
  /** The fields are `<testId>-beginTime` and `<testId>-endTime`. */
  testId: string;
  onChange(next: Partial<Record<Bound, string | undefined>>): void;
}) {
  const { t: validation } = useTranslation('validation');
  const [error, setError] = useState<string | null>(null);
  function edit(bound: Bound, value: string | null) {
    if (value === null) return setError(validation('invalidFormat'));
    const next = { ...range, [bound]: value || undefined };
    if (next.beginTime && next.endTime && next.beginTime > next.endTime)
      return setError(validation('invalid'));
    setError(null);
    onChange({ [bound]: value && value !== defaults[bound] ? value : undefined });
  }
  return (
    <>
      {(['beginTime', 'endTime'] as const).map((bound) => (
        <LocalDateInput
          key={bound}
          withTime
          size="sm"
          w={{ base: '100%', xs: 230 }}
          label={bound === 'beginTime' ? labels.from : labels.to}
          leftSection={<IconCalendarClock size={16} />}
          value={range[bound]}
          onChange={(value) => edit(bound, value)}
          error={bound === 'endTime' ? error : undefined}
          data-testid={`${testId}-${bound}`}
        />
      ))}
    </>
  );
}
