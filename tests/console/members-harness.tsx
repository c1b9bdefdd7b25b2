import { MembersPage } from '@console/features/account/members-page';
import { validateMembersSearch } from '@console/features/account/members-search';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { makeSeller } from '../support/accounts';
import { createTestApp, interceptRequests, type TestApp } from '../support/app';
import { renderPageSignedIn, renderSignedIn } from '../support/console';
import { findInPortals } from '../support/console-queries';
import { readLocale } from '../support/locales';

export const en = {
  members: readLocale('en', 'members'),
  common: readLocale('en', 'common'),
  errors: readLocale('en', 'errors'),
  validation: readLocale('en', 'validation'),
};
export const PAGE = '/cmp/account/accountManage';

export let t: TestApp;
/** Paths of the requests the app received (console and test alike), in order. */
export let requests: string[] = [];

export let current: { close(): Promise<void> } | undefined;

export let sellers = 0;
/** A main account of its own (so tests do not see each other's sub-accounts), onboarded. */
export async function seller(shops: string[] = ['Shop A', 'Shop B'], site = 'th') {
  sellers += 1;
  const made = await makeSeller(t, `members-main-${sellers}@example.com`, shops);
  const onboarded = await t.call('POST', '/api-user/user/onboarding', {
    token: made.token,
    json: { site, businessType: 'crossBorder' },
  });
  expect(onboarded.body.resp_code, onboarded.text).toBe(0);
  return { ...made, email: `members-main-${sellers}@example.com` };
}

/**
 * The user management page on its route alone (address and search as the console's), signed in
 * as the account; `inConsole`: in the whole console instead (the route's guard and words as
 * loaded by it).
 */
export async function openAs(username: string, password: string, { inConsole = false } = {}) {
  const running = inConsole
    ? await renderSignedIn(PAGE, { username, password }, { app: t })
    : await renderPageSignedIn(
        PAGE,
        { username, password },
        {
          app: t,
          pages: { '/account/accountManage': () => <MembersPage /> },
          validateSearch: { '/account/accountManage': validateMembersSearch },
        },
      );
  current = running;
  await screen.findByRole('heading', { name: en.members.title });
  return { running, user: userEvent.setup({ delay: null }) };
}

/**
 * The one form control labelled `label` inside `scope` (Mantine adds " *" to the label of a
 * required field; a control may also carry an aria-label). Found through the labels' `for`
 * rather than by role: computing every accessible name of a large form is slow in jsdom.
 */
export function field(scope: HTMLElement, label: string, type?: string) {
  const named = [...scope.querySelectorAll<HTMLInputElement>('input[aria-label]')].filter(
    (input) => input.getAttribute('aria-label') === label,
  );
  const labelled = [...scope.querySelectorAll('label')]
    .filter((element) => element.textContent?.replace(/\s*\*\s*$/, '').trim() === label)
    .map((element) => (element.htmlFor ? document.getElementById(element.htmlFor) : null));
  const found = [...new Set([...named, ...labelled])].filter(
    (element): element is HTMLInputElement =>
      element instanceof HTMLInputElement &&
      element.type !== 'radio' &&
      (type === undefined || element.type === type),
  );
  if (found.length !== 1) throw new Error(`${found.length} fields labelled ${label}`);
  return found[0] as HTMLInputElement;
}

/**
 * Puts `text` in an empty field as the user does by clicking into it and pasting: one input
 * event, where typing re-renders the whole form once per character (the permissions editor
 * among it, a quarter of these tests' processor time).
 */
export async function enter(
  user: ReturnType<typeof userEvent.setup>,
  input: HTMLInputElement,
  text: string,
) {
  expect(input.value).toBe('');
  await user.click(input);
  await user.paste(text);
}

export const checkbox = (scope: HTMLElement, label: string) => field(scope, label, 'checkbox');

/** The buttons of a granted menu in the menu editor. */
export function buttonsOf(scope: HTMLElement, menu: string) {
  const group = scope.querySelector<HTMLElement>(`[role="group"][aria-label="Buttons of ${menu}"]`);
  if (!group) throw new Error(`no buttons shown for ${menu}`);
  return group;
}

/** An open dialog by its title (a large form can take a moment to mount in jsdom). */
export async function dialog(name: string) {
  return findInPortals('dialog', { name });
}

export async function subAccountList(token: string) {
  const res = await t.call('GET', '/api-user/subAccount/list?page=1&limit=100', { token });
  expect(res.body.resp_code, res.text).toBe(0);
  return res.body.datas as { records: Record<string, any>[]; total: number };
}

export const shopNames = async (token: string) =>
  ((await t.call('GET', '/api-user/shop/list', { token })).body.datas as { name: string }[]).map(
    (shop) => shop.name,
  );

export async function rowOf(name: string) {
  const cell = await screen.findByText(name, { selector: 'td p, td div' });
  const row = cell.closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return row as HTMLElement;
}

export async function rowAction(
  user: ReturnType<typeof userEvent.setup>,
  name: string,
  item: string,
) {
  await user.click(
    await screen.findByRole('button', { name: en.members.actions.more.replace('{{name}}', name) }),
  );
  await user.click(await findInPortals('menuitem', { name: item }));
}

export async function statusOf(name: string) {
  return within(await rowOf(name)).getByTestId('member-status').textContent;
}

/** Sets `current` from a test file (an import cannot be assigned). */
export function setCurrent(value: typeof current) {
  current = value;
}

/** The hooks every file of these tests registers: its app, and what each test leaves reset. */
export function registerMembersTests() {
  beforeAll(async () => {
    t = await createTestApp({ from: 'demo' });
    interceptRequests(t.app, (request, next) => {
      requests.push(`${request.method} ${new URL(request.url).pathname}`);
      return next(request);
    });
  });
  afterAll(() => t.close());
  afterEach(async () => {
    await current?.close();
    current = undefined;
    requests = [];
  });
}
