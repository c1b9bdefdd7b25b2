import type { Clock } from '@server/lib/clock';

export interface ManualClock extends Clock {
  advance(ms: number): void;
  set(date: Date): void;
  /** Every wait the app asked for (clock.sleep), in order: the test reads them instead of waiting. */
  waits: number[];
}

/** A clock that moves only when a test moves it; a wait is noted and ends at once. */
export function createManualClock(start = new Date('2026-11-02T02:00:00.000Z')): ManualClock {
  let current = start.getTime();
  const waits: number[] = [];
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
    set: (date) => {
      current = date.getTime();
    },
    sleep: async (ms) => {
      waits.push(ms);
    },
    waits,
  };
}
