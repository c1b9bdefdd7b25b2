import { DEMO_ACCOUNT } from '@server/seed/demo';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect } from 'vitest';
import { renderSignedIn } from '../support/console';
import { readLocale } from '../support/locales';

export let current: Awaited<ReturnType<typeof renderSignedIn>> | undefined;

export const common = readLocale('en', 'common');

/** The demo seller on the dashboard, signed in as the login screen leaves the session. */
export async function signedIn() {
  current = await renderSignedIn('/cmp/cmpDashboard', {
    username: DEMO_ACCOUNT.email,
    password: DEMO_ACCOUNT.password,
  });
  await screen.findByTestId('dashboard-greeting');
  // The first navigation ended: a dialog opened now is not closed by it.
  const { router } = current;
  await waitFor(() => expect(router.state.status === 'idle' && !router.state.isLoading).toBe(true));
  return { running: current, user: userEvent.setup() };
}

/** The console's one error handler, as the router hands it to the shell's query client. */
export function handle(error: unknown) {
  const onError = current?.router.options.context.onError;
  if (!onError) throw new Error('console not running');
  onError(error);
}

/** The hooks every file of these tests registers: its app, and what each test leaves reset. */
export function registerErrorHandlerTests() {
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
}
