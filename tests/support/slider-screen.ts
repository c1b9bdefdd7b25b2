import { captchaChallenges } from '@server/db/schema/index';
import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestApp } from './app';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Where the gap of the puzzle on screen is: the test reads it from the database, as it reads codes from mail. */
export async function gapOfPuzzleOnScreen(app: TestApp): Promise<number> {
  const box = await screen.findByTestId('slider-captcha');
  await waitFor(() => expect(box.getAttribute('data-status')).toBe('ready'));
  const id = box.getAttribute('data-challenge') ?? '';
  const [row] = await app.db.select().from(captchaChallenges).where(eq(captchaChallenges.id, id));
  if (!row) throw new Error(`no challenge ${id}`);
  return row.targetX;
}

/**
 * Moves the slider with the keyboard, as a person who cannot drag would: Shift+Arrow for tens,
 * Arrow for twos, a short pause between presses, then Enter lets the piece go at `x`.
 */
export async function slideWithKeyboard(user: UserEvent, x: number) {
  const handle = await screen.findByTestId('slider-handle');
  handle.focus();
  const tens = Math.floor(x / 10);
  const twos = Math.round((x % 10) / 2);
  // A hand takes its time: the server refuses a slide over in less than 120 ms, so however few
  // the presses, they are spread over at least 400 ms.
  const gap = Math.max(15, Math.ceil(400 / Math.max(1, tens + twos)));
  for (let i = 0; i < tens; i++) {
    await user.keyboard('{Shift>}{ArrowRight}{/Shift}');
    await pause(gap);
  }
  for (let i = 0; i < twos; i++) {
    await user.keyboard('{ArrowRight}');
    await pause(gap);
  }
  await user.keyboard('{Enter}');
}

/** Solves the puzzle on screen. */
export async function solveSliderOnScreen(app: TestApp, user: UserEvent) {
  await slideWithKeyboard(user, await gapOfPuzzleOnScreen(app));
}
