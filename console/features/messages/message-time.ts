const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How long ago a message came, as the relative helper of spec section 9 words it. */
export type MessageAge =
  | { unit: 'justNow' }
  | { unit: 'minute' | 'hour' | 'day'; value: number }
  | { unit: 'date' };

/**
 * Under 30 s "just now"; under an hour minutes; under a day hours; under 2 days "1 day ago";
 * older, the date itself. A time a little ahead of the reader's clock counts as just now.
 */
export function messageAge(createTime: string, now: number): MessageAge {
  const seconds = Math.floor((now - new Date(createTime).getTime()) / 1000);
  if (seconds < 30) return { unit: 'justNow' };
  if (seconds < HOUR) return { unit: 'minute', value: Math.max(1, Math.floor(seconds / MINUTE)) };
  if (seconds < DAY) return { unit: 'hour', value: Math.floor(seconds / HOUR) };
  if (seconds < 2 * DAY) return { unit: 'day', value: 1 };
  return { unit: 'date' };
}
