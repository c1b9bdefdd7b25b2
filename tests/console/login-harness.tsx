import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach } from 'vitest';
import type { renderConsole } from '../support/console';
import { readLocale } from '../support/locales';

export let current: Awaited<ReturnType<typeof renderConsole>> | undefined;

export const en = {
  auth: readLocale('en', 'auth'),
  errors: readLocale('en', 'errors'),
  validation: readLocale('en', 'validation'),
};

export async function fillLogin(username: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(en.auth.fields.username), username);
  await user.type(screen.getByLabelText(en.auth.fields.password), password);
  await user.click(screen.getByRole('button', { name: en.auth.actions.submit }));
}

/** Sets `current` from a test file (an import cannot be assigned). */
export function setCurrent(value: typeof current) {
  current = value;
}

/** The hooks every file of these tests registers: its app, and what each test leaves reset. */
export function registerLoginTests() {
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
}

/** The console the test rendered last (a test calls it only after rendering one). */
export function rendered() {
  if (!current) throw new Error('no console rendered');
  return current;
}
