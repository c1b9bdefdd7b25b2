import { screen, waitFor } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { renderConsole } from '../support/console';
import { readLocale } from '../support/locales';
import { solveSliderOnScreen } from '../support/slider-screen';

export const en = {
  auth: readLocale('en', 'auth'),
  signup: readLocale('en', 'signup'),
  validation: readLocale('en', 'validation'),
  errors: readLocale('en', 'errors'),
  common: readLocale('en', 'common'),
};

export let app: TestApp;
export let current: Awaited<ReturnType<typeof renderConsole>> | undefined;

export async function open(path: string) {
  current = await renderConsole(path, { app });
  return current;
}

/** Asks for a code on screen: the address, the slider, then the code from the mail. */
export async function requestCodeOnScreen(user: ReturnType<typeof userEvent.setup>, email: string) {
  await user.click(screen.getByTestId('send-code'));
  await solveSliderOnScreen(app, user);
  await waitFor(() => expect(screen.getByTestId('send-code').textContent).toMatch(/\d+/));
  return app.smtp?.codeFor(email) ?? '';
}

/** The hooks every file of these tests registers: its app, and what each test leaves reset. */
export function registerRegisterTests() {
  beforeAll(async () => {
    app = await createTestApp({ smtp: true, from: 'demo' });
  });
  afterAll(() => app.close());
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
}
