/**
 * Calendar days and wall-clock times in a time zone, with Intl only: times are stored in UTC and
 * the dashboard's ranges are days in the reader's zone (decisions.md).
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function wallClock(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The zone's offset from UTC at an instant, in ms (wall clock minus UTC). */
function offsetAt(timeZone: string, instant: number): number {
  const parts = wallClock(timeZone).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The instant a wall-clock time names in a zone (the later one when a clock change repeats it). */
export function instantOf(timeZone: string, ymd: string, time = '00:00:00'): Date {
  const [year = 0, month = 1, day = 1] = ymd.split('-').map(Number);
  const [hour = 0, minute = 0, second = 0] = time.split(':').map(Number);
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  const first = wall - offsetAt(timeZone, wall);
  return new Date(wall - offsetAt(timeZone, first));
}

/** "YYYY-MM-DD HH:mm:ss" in a zone as an instant. */
export function parseDateTime(timeZone: string, value: string): Date {
  const [ymd = '', time = '00:00:00'] = value.split(' ');
  return instantOf(timeZone, ymd, time);
}

/** A calendar day moved by whole days (YYYY-MM-DD in, YYYY-MM-DD out). */
export function addDays(ymd: string, days: number): string {
  const [year = 0, month = 1, day = 1] = ymd.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}
