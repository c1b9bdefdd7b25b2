import { reconcileLedger } from '@server/jobs/ledger-reconcile';
import {
  freeze,
  type LedgerDeps,
  recharge,
  settle,
  withholding,
} from '@server/modules/wallet/wallet.service';
import type { Currency } from '@shared/contracts/money';
import { formatDateTime, formatMoney } from '@shared/i18n/format';
import { writeCookie } from '@shared/session/web-port';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ExcelJS from 'exceljs';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { makeSeller, makeSubAccount } from '../support/accounts';
import { createTestApp, type TestApp } from '../support/app';
import { renderConsole, renderSignedIn } from '../support/console';
import { fillWords, readLocale } from '../support/locales';

const en = readLocale('en', 'wallet');
const PAGE = '/cmp/other/historyMoney';
const DAY_MS = 24 * 60 * 60 * 1000;

let t: TestApp;
let ledger: LedgerDeps;
beforeAll(async () => {
  t = await createTestApp();
  // The page's default range is read off the browser's clock: the server's starts at the same time.
  t.clock.set(new Date());
  ledger = { db: t.db, clock: t.clock };
});
afterAll(() => t.close());

let current: { close(): Promise<void> } | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
});

let sellers = 0;
/** A main account of its own, onboarded on the Thai site (its wallet is in THB). */
async function seller() {
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

type Seller = Awaited<ReturnType<typeof seller>>;

/**
 * What a service order does to a wallet: a recharge of ฿1,000, a service order frozen at ฿300 and
 * settled at ฿250, a storage fee withheld, and a second order still frozen.
 */
async function seedOperations(s: Seller) {
  const base = { ownerId: s.ownerId, currency: 'THB' as Currency };
  await recharge(ledger, {
    ...base,
    idempotencyKey: s.key(),
    reference: { type: 'recharge', id: 'R-1001' },
    amount: 100_000,
    memo: 'PromptPay top-up',
  });
  t.clock.advance(60_000);
  await freeze(ledger, {
    ...base,
    idempotencyKey: s.key(),
    reference: { type: 'service', id: 'S-2001' },
    amount: 30_000,
  });
  t.clock.advance(60_000);
  await settle(ledger, {
    ownerId: s.ownerId,
    idempotencyKey: s.key(),
    reference: { type: 'service', id: 'S-2001' },
    actual: 25_000,
  });
  t.clock.advance(60_000);
  await withholding(ledger, {
    ...base,
    idempotencyKey: s.key(),
    reference: { type: 'fee', id: 'F-3001' },
    amount: 2_000,
    memo: 'Storage fee',
  });
  t.clock.advance(60_000);
  await freeze(ledger, {
    ...base,
    idempotencyKey: s.key(),
    reference: { type: 'service', id: 'S-2002' },
    amount: 10_000,
  });
  t.clock.advance(60_000);
}

async function open(s: { email: string; password: string }, path = PAGE) {
  const running = await renderSignedIn(
    path,
    { username: s.email, password: s.password },
    { app: t },
  );
  current = running;
  await screen.findByRole('heading', { name: en.title });
  return { running, user: userEvent.setup() };
}

const thb = (minor: number, signed = false) =>
  `${signed && minor > 0 ? '+' : ''}${formatMoney(minor, 'THB', 'en')}`;
const rows = () => screen.queryAllByTestId('history-row');
const cell = (row: HTMLElement, testId: string) => within(row).getByTestId(testId).textContent;
/** The rows as the table shows them: bill type, change, available, frozen and balance after. */
const shown = () =>
  rows().map((row) => [
    cell(row, 'history-bill-type'),
    cell(row, 'history-change'),
    cell(row, 'history-available-after'),
    cell(row, 'history-frozen-after'),
    cell(row, 'history-balance-after'),
    cell(row, 'history-reference'),
  ]);

const pad = (n: number) => String(n).padStart(2, '0');
/** A datetime-local input's value to the second (an input may leave out zero seconds or add milliseconds). */
const seconds = (value: string) => {
  const whole = value.replace(/\.0+$/, '');
  return whole.length === 16 ? `${whole}:00` : whole;
};
/** A datetime-local input's value for a moment on the reader's clock. */
const inputValue = (date: Date) =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(
    date.getHours(),
  )}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;

describe('the wallet history', () => {
  it('lists the entries of real wallet operations with the figures after each, and the totals', async () => {
    const s = await seller();
    await seedOperations(s);
    await open(s);

    await waitFor(() => expect(rows()).toHaveLength(6));
    const b = en.billTypes;
    expect(shown()).toEqual([
      [b.freeze, thb(0), thb(63_000), thb(10_000), thb(73_000), 'S-2002'],
      [b.withholding, thb(-2_000), thb(73_000), thb(0), thb(73_000), 'F-3001'],
      [b.release, thb(0), thb(75_000), thb(0), thb(75_000), 'S-2001'],
      [b.deduct, thb(-25_000), thb(70_000), thb(5_000), thb(75_000), 'S-2001'],
      [b.freeze, thb(0), thb(70_000), thb(30_000), thb(100_000), 'S-2001'],
      [b.recharge, thb(100_000, true), thb(100_000), thb(0), thb(100_000), 'R-1001'],
    ]);
    // A freeze moves money out of available without changing the balance: said under the change.
    const [latest, fee] = rows();
    if (!latest || !fee) throw new Error('rows missing');
    expect(cell(latest, 'history-available-change')).toBe(
      fillWords(en.list.availableChange, { amount: thb(-10_000) }),
    );
    expect(within(fee).queryByTestId('history-available-change')).toBeNull();
    expect(cell(fee, 'history-memo')).toBe('Storage fee');
    expect(screen.getByTestId('totals-income').textContent).toBe(thb(100_000, true));
    expect(screen.getByTestId('totals-expense').textContent).toBe(thb(-27_000));
    expect(screen.getByTestId('list-total').textContent).toBe(
      fillWords(en.list.total_other, { count: 6 }),
    );

    // The wallet cards come from the summary: the same figures as the newest row.
    const card = await screen.findByTestId('wallet-THB');
    await waitFor(() =>
      expect(within(card).getByTestId('wallet-available').textContent).toBe(thb(63_000)),
    );
    expect(within(card).getByTestId('wallet-frozen').textContent).toBe(thb(10_000));
    expect(within(card).getByTestId('wallet-balance').textContent).toBe(thb(73_000));
  });

  it('filters by bill type, keeping it in the address, and clears back to all', async () => {
    const s = await seller();
    await seedOperations(s);
    const { running, user } = await open(s);
    await waitFor(() => expect(rows()).toHaveLength(6));

    await user.click(screen.getByRole('combobox', { name: en.filters.billType }));
    await user.click(await screen.findByRole('option', { name: en.billTypes.freeze }));
    await waitFor(() =>
      expect(shown().map(([kind, , , , , reference]) => [kind, reference])).toEqual([
        [en.billTypes.freeze, 'S-2002'],
        [en.billTypes.freeze, 'S-2001'],
      ]),
    );
    expect(running.router.state.location.search).toMatchObject({ billType: 'freeze' });
    // Totals follow the filter: a freeze moves no money in or out.
    expect(screen.getByTestId('totals-income').textContent).toBe(thb(0));
    expect(screen.getByTestId('totals-expense').textContent).toBe(thb(0));

    await user.click(screen.getByRole('combobox', { name: en.filters.billType }));
    await user.click(await screen.findByRole('option', { name: en.billTypes.compensation }));
    expect(await screen.findByText(en.empty.filteredTitle)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: en.actions.clearFilters }));
    await waitFor(() => expect(rows()).toHaveLength(6));
    expect(running.router.state.location.search).not.toHaveProperty('billType');
  });

  it('opens on the last 14 days from 00:00:00, and a wider range brings older entries', async () => {
    const s = await seller();
    const now = t.clock.now();
    t.clock.set(new Date(now.getTime() - 20 * DAY_MS));
    await recharge(ledger, {
      ownerId: s.ownerId,
      currency: 'THB',
      idempotencyKey: s.key(),
      reference: { type: 'recharge', id: 'R-OLD' },
      amount: 5_000,
    });
    t.clock.set(now);
    await recharge(ledger, {
      ownerId: s.ownerId,
      currency: 'THB',
      idempotencyKey: s.key(),
      reference: { type: 'recharge', id: 'R-NEW' },
      amount: 7_000,
    });
    // What the page asks the server for.
    const asked: URLSearchParams[] = [];
    const real = t.app.fetch;
    t.app.fetch = ((request: Request, ...rest: unknown[]) => {
      const url = new URL(request.url);
      if (url.pathname === '/api-user/user/balance_record/list') asked.push(url.searchParams);
      return (real as (...args: unknown[]) => Promise<Response>)(request, ...rest);
    }) as typeof real;
    onTestFinished(() => {
      t.app.fetch = real;
    });
    const { running } = await open(s);

    await waitFor(() => expect(shown().map((row) => row[5])).toEqual(['R-NEW']));
    const today = new Date();
    const first = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 13);
    const last = new Date(today.getFullYear(), today.getMonth(), today.getDate(), 23, 59, 59);
    const from = screen.getByTestId('range-from') as HTMLInputElement;
    const to = screen.getByTestId('range-to') as HTMLInputElement;
    expect(seconds(from.value)).toBe(inputValue(first));
    expect(seconds(to.value)).toBe(inputValue(last));
    // The default range is not written into the address; it is sent, in the browser's time zone.
    expect(running.router.state.location.search).not.toHaveProperty('beginTime');
    expect(Object.fromEntries(asked[0] ?? [])).toMatchObject({
      beginTime: inputValue(first).replace('T', ' '),
      endTime: inputValue(last).replace('T', ' '),
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      currency: 'THB',
    });

    const older = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 30);
    fireEvent.change(from, { target: { value: inputValue(older) } });
    await waitFor(() => expect(shown().map((row) => row[5])).toEqual(['R-NEW', 'R-OLD']));
    expect(running.router.state.location.search).toMatchObject({
      beginTime: inputValue(older).replace('T', ' '),
    });

    // An end before the start is refused where it was typed, and the list stays.
    fireEvent.change(to, { target: { value: inputValue(new Date(older.getTime() - DAY_MS)) } });
    expect(await screen.findByText(en.filters.order)).toBeTruthy();
    expect(rows()).toHaveLength(2);

    fireEvent.click(screen.getByTestId('range-reset'));
    await waitFor(() => expect(shown().map((row) => row[5])).toEqual(['R-NEW']));
    expect(seconds((screen.getByTestId('range-from') as HTMLInputElement).value)).toBe(
      inputValue(first),
    );
  });

  it('shows the freeze details with what each deducted and released, and the open total', async () => {
    const s = await seller();
    await seedOperations(s);
    const { running, user } = await open(s);
    await user.click(screen.getByTestId('tab-freezes'));
    await waitFor(() => expect(screen.queryAllByTestId('freeze-row')).toHaveLength(2));
    expect(running.router.state.location.search).toMatchObject({ tab: 'freezes' });
    const [open2002, settled2001] = screen.getAllByTestId('freeze-row');
    if (!open2002 || !settled2001) throw new Error('rows missing');
    expect(cell(open2002, 'freeze-reference')).toBe('S-2002');
    expect(cell(open2002, 'freeze-state')).toBe(en.freezeStates.open);
    expect(cell(open2002, 'freeze-deducted')).toBe('—');
    expect(cell(settled2001, 'freeze-amount')).toBe(thb(30_000));
    expect(cell(settled2001, 'freeze-state')).toBe(en.freezeStates.settled);
    expect(cell(settled2001, 'freeze-deducted')).toBe(thb(25_000));
    expect(cell(settled2001, 'freeze-released')).toBe(thb(5_000));
    expect(screen.getByTestId('totals-open').textContent).toBe(thb(10_000));

    await user.click(screen.getByRole('combobox', { name: en.filters.state }));
    await user.click(await screen.findByRole('option', { name: en.freezeStates.settled }));
    await waitFor(() =>
      expect(
        screen.getAllByTestId('freeze-row').map((row) => cell(row, 'freeze-reference')),
      ).toEqual(['S-2001']),
    );
    expect(running.router.state.location.search).toMatchObject({
      tab: 'freezes',
      state: 'settled',
    });
  });
});

/** Catches what the page hands to the browser's downloads. */
function catchDownloads() {
  const saved: { name: string; blob: Blob }[] = [];
  const urls = new Map<string, Blob>();
  const realCreate = URL.createObjectURL;
  const realRevoke = URL.revokeObjectURL;
  const realClick = HTMLAnchorElement.prototype.click;
  URL.createObjectURL = (blob: Blob) => {
    const url = `blob:test/${urls.size}`;
    urls.set(url, blob);
    return url;
  };
  URL.revokeObjectURL = () => undefined;
  HTMLAnchorElement.prototype.click = function click(this: HTMLAnchorElement) {
    const blob = urls.get(this.href);
    if (blob && this.download) saved.push({ name: this.download, blob });
  };
  onTestFinished(() => {
    URL.createObjectURL = realCreate;
    URL.revokeObjectURL = realRevoke;
    HTMLAnchorElement.prototype.click = realClick;
  });
  return saved;
}

describe('the export', () => {
  it('downloads an .xlsx file holding the rows the table shows', async () => {
    const saved = catchDownloads();
    const s = await seller();
    await seedOperations(s);
    const { user } = await open(s);
    await waitFor(() => expect(rows()).toHaveLength(6));
    const table = shown();

    await user.click(screen.getByTestId('history-export'));
    await waitFor(() => expect(saved).toHaveLength(1));
    const [file] = saved;
    if (!file) throw new Error('nothing saved');
    expect(file.name).toMatch(/^Wallet history \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}\.xlsx$/);
    const bytes = new Uint8Array(await file.blob.arrayBuffer());
    // An .xlsx file is a zip archive.
    expect([...bytes.slice(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
    await waitFor(() =>
      expect(screen.getByTestId('history-export').dataset.pending).toBeUndefined(),
    );

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes.buffer as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    const values: unknown[][] = [];
    sheet.eachRow((row) => values.push((row.values as unknown[]).slice(1)));
    const [header, ...body] = values;
    const exportWords = readLocale('en', 'exports');
    expect(header?.[1]).toBe(exportWords.balance.columns.billType);
    const major = (value: unknown, signed = false) => thb(Math.round(Number(value) * 100), signed);
    // Bill type, change, available after, frozen after, balance after, order: as on screen.
    expect(
      body.map((row) => [
        row[1],
        major(row[3], true),
        major(row[6]),
        major(row[7]),
        major(row[5]),
        String(row[8]).split(':').pop(),
      ]),
    ).toEqual(table);
  });

  it('says in a toast why an export failed', async () => {
    catchDownloads();
    const s = await seller();
    await seedOperations(s);
    const shopIds = s.shops.map((shop) => shop.id);
    const email = `history-money-sub-${sellers}@example.com`;
    const sub = await makeSubAccount(t, s.token, email, shopIds, [
      { url: '/other/historyMoney', buttons: ['export'] },
    ]);
    const { user } = await open({ email, password: sub.password });
    await waitFor(() => expect(rows()).toHaveLength(6));

    // Meanwhile the main account takes the export button away: the server refuses the export.
    const revoked = await t.call('POST', '/api-user/subAccount/permissions', {
      token: s.token,
      json: { id: sub.id, shopIds, grants: [{ url: '/other/historyMoney', buttons: [] }] },
    });
    expect(revoked.body.resp_code, revoked.text).toBe(0);
    const refused = await t.call('POST', '/api-user/user/balance_record/export', {
      token: sub.token,
      language: 'en',
    });
    expect(refused.body.resp_code).not.toBe(0);

    await user.click(screen.getByTestId('history-export'));
    expect(
      await screen.findByText(fillWords(en.export.failed, { reason: refused.body.resp_msg })),
    ).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTestId('history-export').dataset.pending).toBeUndefined(),
    );
  });
});

describe('the ledger line', () => {
  it('warns before the first check, then shows when the ledger was verified', async () => {
    const s = await seller();
    await seedOperations(s);
    await open(s);
    const never = await screen.findByTestId('ledger-status');
    // This app's ledger has not been reconciled yet.
    expect(never.dataset.state).toBe('never');
    expect(never.textContent).toBe(en.ledger.never);
    await current?.close();
    current = undefined;

    await reconcileLedger({ db: t.db, clock: t.clock, logger: t.deps.logger }, { force: true });
    const checkedAt = t.clock.now();
    await open(s);
    const line = await screen.findByTestId('ledger-status');
    expect(line.dataset.state).toBe('verified');
    expect(line.textContent).toBe(
      fillWords(en.ledger.verified, { time: formatDateTime(checkedAt, 'en') }),
    );
  });
});

describe('the links', () => {
  it('leads to recharge and to the coupon centre', async () => {
    const s = await seller();
    await open(s);
    expect(screen.getByTestId('history-recharge').getAttribute('href')).toBe('/cmp/pay/recharge');
    expect(screen.getByTestId('history-coupons').getAttribute('href')).toBe(
      '/cmp/other/couponCenter',
    );
    expect(await screen.findByText(en.empty.historyTitle)).toBeTruthy();
  });
});

describe('the balance dropdown', () => {
  it('shows the wallet summary rather than the figures the session was signed in with, and other wallets holding money', async () => {
    const s = await seller();
    // Signed in while the wallet was empty: the session's userInfo says ฿0.00.
    const login = await t.call('POST', '/api-uaa/oauth/loginByPassword', {
      json: { username: s.email, password: s.password },
    });
    const token = login.body.datas.access_token as string;
    const info = await t.call('GET', '/api-user/user/userInfo', { token });
    expect(info.body.datas.balance).toBe(0);
    await seedOperations(s);
    await recharge(ledger, {
      ownerId: s.ownerId,
      currency: 'USD',
      idempotencyKey: s.key(),
      reference: { type: 'recharge', id: 'R-USD' },
      amount: 2_500,
    });
    writeCookie(document, 'access_token', token);
    localStorage.setItem(
      'cmp-session',
      JSON.stringify({
        updatedAt: Date.now(),
        routes: login.body.datas.routerInfoList,
        user: info.body.datas,
        onboarded: true,
      }),
    );
    current = await renderConsole('/cmp/cmpDashboard', { app: t });
    const user = userEvent.setup();
    const button = await screen.findByTestId('balance-menu');
    await waitFor(() => expect(button.textContent).toContain(thb(63_000)));

    await user.click(button);
    const figures = await screen.findByTestId('balance-figures');
    expect(figures.dataset.source).toBe('server');
    expect(within(figures).getByTestId('balance-available').textContent).toBe(thb(63_000));
    expect(within(figures).getByTestId('balance-total').textContent).toBe(thb(73_000));
    expect(within(figures).getByTestId('balance-frozen').textContent).toBe(thb(10_000));
    const usd = screen.getByTestId('balance-other-USD');
    expect(usd.textContent).toContain(formatMoney(2_500, 'USD', 'en'));

    // The dashboard's wallet card reads the same summary.
    const card = await screen.findByTestId('wallet-card');
    expect(within(card).getByTestId('wallet-available').textContent).toBe(thb(63_000));
    expect(within(card).getByTestId('wallet-frozen').textContent).toBe(thb(10_000));
    expect(within(card).getByTestId('wallet-balance').textContent).toBe(thb(73_000));
  });
});
