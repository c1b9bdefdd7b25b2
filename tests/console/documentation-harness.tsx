import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import type { renderConsole } from '../support/console';
import { readLocale } from '../support/locales';

export let t: TestApp;
export let current: Awaited<ReturnType<typeof renderConsole>> | undefined;

export const PATH = '/cmp/documentation/index';
export const en = readLocale('en', 'documentation');

/**
 * The card of one endpoint, found by its heading ("GET /api-user/shop/detail"). The headings'
 * roles and names are checked once, in the first test: a role query per card would compute the
 * accessible name of every heading on the page each time.
 */
export async function card(name: string) {
  const article = await waitFor(() => {
    const found = screen
      .getAllByTestId('endpoint')
      .find((each) => each.querySelector('h3')?.textContent === name);
    if (!found) throw new Error(`no card for ${name}`);
    return found;
  });
  return within(article);
}

export const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** Sets `current` from a test file (an import cannot be assigned). */
export function setCurrent(value: typeof current) {
  current = value;
}

/** The hooks every file of these tests registers: its app, and what each test leaves reset. */
export function registerDocumentationTests() {
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
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
