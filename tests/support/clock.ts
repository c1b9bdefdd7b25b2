import type { Clock } from '@server/lib/clock';

export interface ManualClock extends Clock {
  advance(ms: number): void;
  set(date: Date): void;
}

/** A clock that moves only when a test moves it. */
export function createManualClock(start = new Date('2026-11-02T02:00:00.000Z')): ManualClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
    set: (date) => {
      current = date.getTime();
    },
  };
}
