import { setTimeout as timer } from 'node:timers/promises';

/** The only source of "now" for services, so tests can move time instead of sleeping. */
export interface Clock {
  now(): Date;
  /**
   * Waits `ms` on a timer (the process serves other requests meanwhile). A test's clock may note
   * the wait and go on at once; a clock without it waits on a real timer.
   */
  sleep?(ms: number): Promise<void>;
}

export const systemClock: Clock = { now: () => new Date(), sleep: (ms) => timer(ms) };

/** Waits `ms` by the clock's own way of waiting; nothing for none. */
export function sleep(clock: Clock, ms: number): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return clock.sleep ? clock.sleep(ms) : timer(ms);
}
