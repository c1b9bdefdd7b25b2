import { HistoryMoneyPage } from '@console/features/wallet/history-money-page';
import { validateHistoryMoneySearch } from '@console/features/wallet/history-money-search';
import {
  freeze,
  type LedgerDeps,
  recharge,
  settle,
  withholding,
} from '@server/modules/wallet/wallet.service';
import type { Currency } from '@shared/contracts/money';
import { formatMoney } from '@shared/i18n/format';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { makeSeller } from '../support/accounts';
import { createTestApp, type TestApp } from '../support/app';
import { renderPageSignedIn, renderSignedIn } from '../support/console';
import { readLocale } from '../support/locales';

export const en = readLocale('en', 'wallet');
export const PAGE = '/cmp/other/historyMoney';
export const DAY_MS = 24 * 60 * 60 * 1000;

export let t: TestApp;
export let ledger: LedgerDeps;

export let current: { close(): Promise<void> } | undefined;

export let sellers = 0;
/** A main account of its own, onboarded on the Thai site (its wallet is in THB). */
export async function seller() {
  sellers += 1;
  const email = `history-money-${sellers}@example.com`;
  const made = await makeSeller(t, email, ['Shop A']);
  const onboarded = await t.call('POST', '/api-user/user/onboarding', {
    token: made.token,
    json: { site: 'th', businessType: 'crossBorder' },
  });
  expect(onboarded.body.resp_code, onboarded.text).toBe(0);
  let keys = 0;
  const key = () => `${email}-${++keys}`;
  const ownerId = made.user.id;
  return { ...made, email, ownerId, key };
}

export type Seller = Awaited<ReturnType<typeof seller>>;

/**
 * What a service order does to a wallet: a recharge of ฿1,000, a service order frozen at ฿300 and
 * settled at ฿250, a storage fee withheld, and a second order still frozen.
 */
export async function seedOperations(s: Seller) {
  const base = { ownerId: s.ownerId, currency: 'THB' as Currency };
  await recharge(ledger, null, {
    ...base,
    idempotencyKey: s.key(),
    reference: { type: 'recharge', id: 'R-1001' },
    amount: 100_000,
    memo: 'PromptPay top-up',
  });
  t.clock.advance(60_000);
  await freeze(ledger, null, {
    ...base,
    idempotencyKey: s.key(),
    reference: { type: 'service', id: 'S-2001' },
    amount: 30_000,
  });
  t.clock.advance(60_000);
  await settle(ledger, null, {
    ownerId: s.ownerId,
    idempotencyKey: s.key(),
    reference: { type: 'service', id: 'S-2001' },
    actual: 25_000,
  });
  t.clock.advance(60_000);
  await withholding(ledger, null, {
    ...base,
    idempotencyKey: s.key(),
    reference: { type: 'fee', id: 'F-3001' },
    amount: 2_000,
    memo: 'Storage fee',
  });
  t.clock.advance(60_000);
  await freeze(ledger, null, {
    ...base,
    idempotencyKey: s.key(),
    reference: { type: 'service', id: 'S-2002' },
    amount: 10_000,
  });
  t.clock.advance(60_000);
}

/**
 * The wallet history on its route alone (address and search as the console's), signed in as the
 * account; `inConsole`: in the whole console instead (the route's guard and words as loaded by it).
 */
export async function open(
  s: { email: string; password: string },
  path = PAGE,
  { inConsole = false } = {},
) {
  const credentials = { username: s.email, password: s.password };
  const running = inConsole
    ? await renderSignedIn(path, credentials, { app: t })
    : await renderPageSignedIn(path, credentials, {
        app: t,
        pages: { '/other/historyMoney': () => <HistoryMoneyPage /> },
        validateSearch: { '/other/historyMoney': validateHistoryMoneySearch },
      });
  current = running;
  await screen.findByRole('heading', { name: en.title });
  return { running, user: userEvent.setup({ delay: null }) };
}

export const thb = (minor: number, signed = false) =>
  `${signed && minor > 0 ? '+' : ''}${formatMoney(minor, 'THB', 'en')}`;
export const rows = () => screen.queryAllByTestId('history-row');
export const cell = (row: HTMLElement, testId: string) =>
  within(row).getByTestId(testId).textContent;
/** The rows as the table shows them: bill type, change, available, frozen and balance after. */
export const shown = () =>
  rows().map((row) => [
    cell(row, 'history-bill-type'),
    cell(row, 'history-change'),
    cell(row, 'history-available-after'),
    cell(row, 'history-frozen-after'),
    cell(row, 'history-balance-after'),
    cell(row, 'history-reference'),
  ]);

export const pad = (n: number) => String(n).padStart(2, '0');
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** A moment as the range inputs show it in English ("8 Nov 2026 00:00:00"), whatever the browser's locale. */
export const displayed = (date: Date) =>
  `${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()} ${pad(date.getHours())}:${pad(
    date.getMinutes(),
  )}:${pad(date.getSeconds())}`;
/** A moment on the reader's clock typed as YYYY-MM-DDTHH:mm:ss (the inputs also read this form). */
export const inputValue = (date: Date) =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(
    date.getHours(),
  )}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;

/** Sets `current` from a test file (an import cannot be assigned). */
export function setCurrent(value: typeof current) {
  current = value;
}

/** The hooks every file of these tests registers: its app, and what each test leaves reset. */
export function registerHistoryMoneyTests() {
  beforeAll(async () => {
    t = await createTestApp();
    // The page's default range (the last 14 days up to today's 23:59:59) is read off the
    // browser's clock. The server's clock starts at noon of the browser's day, so the minutes the
    // tests move it on never carry an entry past midnight, out of the range the page asks for.
    const midday = new Date();
    midday.setHours(12, 0, 0, 0);
    t.clock.set(midday);
    ledger = { db: t.db, clock: t.clock };
  });
  afterAll(() => t.close());
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
}
