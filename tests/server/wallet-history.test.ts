import { randomUUID } from 'node:crypto';
import { wallets } from '@server/db/schema/index';
import {
  balanceRecordsForExport,
  freezeRecordsForExport,
} from '@server/modules/wallet/history.service';
import {
  cancel,
  compensation,
  freeze,
  type LedgerDeps,
  recharge,
  refund,
  settle,
  withdraw,
  withholding,
  withholdingReturn,
} from '@server/modules/wallet/wallet.service';
import type { Currency } from '@shared/contracts/money';
import { API_CLIENTS, basicClientAuth, HEADERS } from '@shared/contracts/protocol';
import {
  type BalanceRecord,
  BalanceRecordPageSchema,
  FreezeRecordPageSchema,
  type LedgerEntryKind,
  XLSX_MEDIA_TYPE,
} from '@shared/contracts/wallet';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSeller, makeSubAccount } from '../support/accounts';
import { createTestApp, type TestApp } from '../support/app';
import { fillWords, LANGUAGES, readLocale } from '../support/locales';

let t: TestApp;
let deps: LedgerDeps;
let seller: Awaited<ReturnType<typeof makeSeller>>;

const HOUR = 3_600_000;
/** Bangkok keeps UTC+7 all year: the seller's site zone (site th). */
const BANGKOK = 7 * HOUR;

/** What the test expects of each entry, worked out here from the operations alone. */
interface Expected {
  kind: LedgerEntryKind;
  currency: Currency;
  change: number;
  availableChange: number;
  available: number;
  frozen: number;
  at: string;
  reference: string;
}
const expected: Expected[] = [];
const figures = new Map<Currency, { available: number; frozen: number }>();

function track(
  kind: LedgerEntryKind,
  currency: Currency,
  availableChange: number,
  frozenChange: number,
  reference: string,
) {
  const wallet = figures.get(currency) ?? { available: 0, frozen: 0 };
  wallet.available += availableChange;
  wallet.frozen += frozenChange;
  figures.set(currency, wallet);
  expected.push({
    kind,
    currency,
    change: availableChange + frozenChange,
    availableChange,
    available: wallet.available,
    frozen: wallet.frozen,
    at: t.clock.now().toISOString(),
    reference,
  });
}

const key = () => `history-${randomUUID()}`;
const ref = (id: string) => ({ type: 'serviceOrder', id });

/** Moves the clock to an instant given as a Bangkok wall-clock time. */
function at(bangkok: string) {
  t.clock.set(new Date(Date.parse(`${bangkok}Z`) - BANGKOK));
}

/**
 * A history of every kind of entry. "Today" is 2026-11-02 in Bangkok, so the default range is
 * 2026-10-20 00:00:00 to the end of 2026-11-02 there.
 */
async function makeHistory(ownerId: string) {
  const money = (amount: number, id: string, currency: Currency = 'THB') => ({
    ownerId,
    currency,
    amount,
    reference: ref(id),
    idempotencyKey: key(),
  });
  at('2026-10-01T10:00:00');
  await recharge(deps, null, money(1_000_00, 'R-old'));
  track('recharge', 'THB', 1_000_00, 0, 'R-old');
  // 19 October, 23:30 in Bangkok: the day before the range.
  at('2026-10-19T23:30:00');
  await recharge(deps, null, money(1_00, 'R-eve'));
  track('recharge', 'THB', 1_00, 0, 'R-eve');
  // 20 October, 00:30 in Bangkok, still 19 October in UTC.
  at('2026-10-20T00:30:00');
  await recharge(deps, null, money(500_00, 'R-first'));
  track('recharge', 'THB', 500_00, 0, 'R-first');
  at('2026-10-22T09:15:00');
  await freeze(deps, null, money(300_00, 'S1'));
  track('freeze', 'THB', -300_00, 300_00, 'S1');
  at('2026-10-23T11:00:00');
  await settle(deps, null, {
    ownerId,
    actual: 250_00,
    reference: ref('S1'),
    idempotencyKey: key(),
  });
  track('deduct', 'THB', 0, -250_00, 'S1');
  track('release', 'THB', 50_00, -50_00, 'S1');
  at('2026-10-25T08:00:00');
  await freeze(deps, null, money(100_00, 'S2'));
  track('freeze', 'THB', -100_00, 100_00, 'S2');
  at('2026-10-25T18:00:00');
  await cancel(deps, null, { ownerId, reference: ref('S2'), idempotencyKey: key() });
  track('release', 'THB', 100_00, -100_00, 'S2');
  at('2026-10-27T10:00:00');
  await withholding(deps, null, money(20_00, 'F1'));
  track('withholding', 'THB', -20_00, 0, 'F1');
  at('2026-10-28T10:00:00');
  await withholdingReturn(deps, null, money(5_00, 'F1'));
  track('withholdingReturn', 'THB', 5_00, 0, 'F1');
  at('2026-10-29T10:00:00');
  await refund(deps, null, money(30_00, 'S1'));
  track('refund', 'THB', 30_00, 0, 'S1');
  at('2026-10-30T10:00:00');
  await compensation(deps, null, money(12_34, 'C1'));
  track('compensation', 'THB', 12_34, 0, 'C1');
  await recharge(deps, null, money(88_00, 'R-cny', 'CNY'));
  track('recharge', 'CNY', 88_00, 0, 'R-cny');
  at('2026-10-31T10:00:00');
  await freeze(deps, null, money(40_00, 'S3'));
  track('freeze', 'THB', -40_00, 40_00, 'S3');
  at('2026-11-01T10:00:00');
  // Settled above its estimate: the extra 20.00 comes from available.
  await settle(deps, null, { ownerId, actual: 60_00, reference: ref('S3'), idempotencyKey: key() });
  track('deduct', 'THB', -20_00, -40_00, 'S3');
  at('2026-11-01T12:00:00');
  await freeze(deps, null, money(70_00, 'S4'));
  track('freeze', 'THB', -70_00, 70_00, 'S4');
  at('2026-11-02T08:00:00');
  await withdraw(deps, null, money(100_00, 'W1'));
  track('withdraw', 'THB', -100_00, 0, 'W1');
  // Now: 2026-11-02 09:00 in Bangkok.
  at('2026-11-02T09:00:00');
}

beforeAll(async () => {
  t = await createTestApp();
  deps = { db: t.db, clock: t.clock };
  at('2026-10-01T09:00:00');
  seller = await makeSeller(t, 'history@example.com', []);
  await makeHistory(seller.user.id);
  // Signed in again "now", so the session is fresh at the end of the history.
  seller = { ...seller, token: (await makeSellerToken()).token };
});
afterAll(() => t.close());

async function makeSellerToken() {
  const res = await t.call('POST', '/api-uaa/oauth/loginByPassword', {
    json: { username: 'history@example.com', password: seller.password },
  });
  expect(res.body.resp_code, res.text).toBe(0);
  return { token: res.body.datas.access_token as string };
}

async function list(path: string, query: Record<string, string> = {}, token = seller.token) {
  const res = await t.call('GET', `${path}?${new URLSearchParams(query)}`, { token });
  expect(res.body.resp_code, res.text).toBe(0);
  return res.body.datas;
}
const balances = async (query: Record<string, string> = {}, token?: string) =>
  BalanceRecordPageSchema.parse(await list('/api-user/user/balance_record/list', query, token));
const freezes = async (query: Record<string, string> = {}) =>
  FreezeRecordPageSchema.parse(await list('/api-user/user/freeze_record/list', query));

/** The expected rows of a filter, newest first, as the list shows them. */
function rowsOf(filter: (e: Expected) => boolean) {
  return expected
    .filter(filter)
    .reverse()
    .map((e) => ({
      billType: e.kind,
      currency: e.currency,
      change: e.change,
      availableChange: e.availableChange,
      balanceAfter: e.available + e.frozen,
      availableAfter: e.available,
      frozenAfter: e.frozen,
      createdAt: e.at,
      reference: { type: 'serviceOrder', id: e.reference },
    }));
}
const shape = (records: BalanceRecord[]) =>
  records.map((r) => ({
    billType: r.billType,
    currency: r.currency,
    change: r.change,
    availableChange: r.availableChange,
    balanceAfter: r.balanceAfter,
    availableAfter: r.availableAfter,
    frozenAfter: r.frozenAfter,
    createdAt: r.createdAt,
    reference: r.reference,
  }));
const totalsOf = (rows: { change: number }[]) => ({
  income: rows.reduce((sum, r) => sum + Math.max(r.change, 0), 0),
  expense: rows.reduce((sum, r) => sum + Math.max(-r.change, 0), 0),
});
const from = (bangkok: string) => Date.parse(`${bangkok}Z`) - BANGKOK;
const inDefaultRange = (e: Expected) =>
  Date.parse(e.at) >= from('2026-10-20T00:00:00') && e.currency === 'THB';

describe('GET /api-user/user/balance_record/list', () => {
  it('lists the last 14 days of the site currency newest first, each with the wallet right after it', async () => {
    const page = await balances({ limit: '100' });
    const want = rowsOf(inDefaultRange);
    expect(want).toHaveLength(14);
    expect(shape(page.records)).toEqual(want);
    expect(page.total).toBe(14);
    expect(page.totals).toEqual(totalsOf(want));
    expect(page.totals).toEqual({
      income: 500_00 + 5_00 + 30_00 + 12_34,
      expense: 250_00 + 20_00 + 60_00 + 100_00,
    });
    // The running figures carry the entries before the range, and end at the wallet as it is.
    const [wallet] = await t.db
      .select()
      .from(wallets)
      .where(eq(wallets.ownerId, seller.user.id))
      .orderBy(wallets.currency)
      .then((rows) => rows.filter((w) => w.currency === 'THB'));
    expect(page.records[0]).toMatchObject({
      availableAfter: wallet?.available,
      frozenAfter: wallet?.frozen,
      balanceAfter: (wallet?.available ?? 0) + (wallet?.frozen ?? 0),
    });
    expect(page.records.at(-1)).toMatchObject({
      billType: 'recharge',
      balanceAfter: 1_000_00 + 1_00 + 500_00,
    });
    // Sequences count the wallet's entries: newest first means descending.
    const sequences = page.records.map((r) => r.sequence);
    expect(sequences).toEqual([...sequences].sort((a, b) => b - a));
    expect(page.records[0]?.amount).toBe(100_00);
    expect(
      page.records.find((r) => r.billType === 'deduct' && r.reference.id === 'S3'),
    ).toMatchObject({ amount: 60_00, change: -60_00, availableChange: -20_00 });
  });

  it("starts the default range at 00:00:00 of the reader's time zone", async () => {
    const utc = await balances({ limit: '100', timeZone: 'UTC' });
    // 20 October 00:30 in Bangkok is 19 October in UTC: outside the range read in UTC.
    expect(shape(utc.records)).toEqual(
      rowsOf((e) => inDefaultRange(e) && e.reference !== 'R-first'),
    );
    const bangkok = await balances({ limit: '100', timeZone: 'Asia/Bangkok' });
    expect(bangkok.total).toBe(14);
    // Tokyo's 20 October starts two hours before Bangkok's: the entry at 23:30 the day before
    // in Bangkok is 01:30 on the 20th in Tokyo.
    const tokyo = await balances({ limit: '100', timeZone: 'Asia/Tokyo' });
    expect(tokyo.total).toBe(15);
    expect(tokyo.records.at(-1)?.reference.id).toBe('R-eve');
  });

  it('filters by bill type, currency and dates, the totals following the filter', async () => {
    const released = await balances({ billType: 'release' });
    expect(shape(released.records)).toEqual(
      rowsOf((e) => inDefaultRange(e) && e.kind === 'release'),
    );
    expect(released.totals).toEqual({ income: 0, expense: 0 });
    const deducted = await balances({ billType: 'deduct' });
    expect(deducted.totals).toEqual({ income: 0, expense: 310_00 });

    const cny = await balances({ currency: 'CNY' });
    expect(shape(cny.records)).toEqual(rowsOf((e) => e.currency === 'CNY'));
    expect(cny.totals).toEqual({ income: 88_00, expense: 0 });

    // The end second is included; times are read in the zone sent.
    const days = await balances({
      beginTime: '2026-10-23 11:00:00',
      endTime: '2026-10-25 18:00:00',
      timeZone: 'Asia/Bangkok',
      limit: '100',
    });
    expect(shape(days.records)).toEqual(
      rowsOf(
        (e) =>
          e.currency === 'THB' &&
          Date.parse(e.at) >= from('2026-10-23T11:00:00') &&
          Date.parse(e.at) <= from('2026-10-25T18:00:00'),
      ),
    );
    expect(days.records.map((r) => r.billType)).toEqual(['release', 'freeze', 'release', 'deduct']);
    const old = await balances({
      beginTime: '2026-09-01 00:00:00',
      endTime: '2026-10-01 23:59:59',
    });
    expect(shape(old.records)).toEqual(rowsOf((e) => e.reference === 'R-old'));
    expect(old.records[0]?.balanceAfter).toBe(1_000_00);
    const before = await balances({
      endTime: '2026-10-19 23:59:59',
      beginTime: '2026-10-19 00:00:00',
    });
    expect(before.records.map((r) => r.reference.id)).toEqual(['R-eve']);

    const refused: Record<string, string>[] = [
      { beginTime: '2026-10-25 00:00:00', endTime: '2026-10-24 00:00:00' },
      { beginTime: '2026-10-25' },
      { timeZone: 'Mars/Olympus' },
      { billType: 'gift' },
      { currency: 'XYZ' },
    ];
    for (const bad of refused) {
      const res = await t.call(
        'GET',
        `/api-user/user/balance_record/list?${new URLSearchParams(bad)}`,
        { token: seller.token },
      );
      expect(res.body.key, JSON.stringify(bad)).toBe('VALIDATION_FAILED');
    }
  });

  it('pages through the range without losing or repeating a row', async () => {
    const all = await balances({ limit: '100' });
    const seen: BalanceRecord[] = [];
    for (let page = 1; page <= 4; page++) {
      const one = await balances({ limit: '4', page: String(page) });
      expect(one.total).toBe(14);
      expect(one.totals).toEqual(all.totals);
      expect(one.records.length).toBe(page < 4 ? 4 : 2);
      seen.push(...one.records);
    }
    expect(seen).toEqual(all.records);
    expect((await balances({ limit: '4', page: '5' })).records).toEqual([]);
    expect((await balances()).records).toHaveLength(14);
  });

  it("shows a sub-account its main account's history, and no one else's", async () => {
    const sub = await makeSubAccount(
      t,
      seller.token,
      `history-sub-${randomUUID()}@example.com`,
      [],
      [{ url: '/other/historyMoney', buttons: [] }],
    );
    expect((await balances({ limit: '100' }, sub.token)).total).toBe(14);
    const stranger = await makeSeller(t, `history-other-${randomUUID()}@example.com`, []);
    expect(await balances({}, stranger.token)).toEqual({
      records: [],
      total: 0,
      totals: { income: 0, expense: 0 },
      next: null,
      previous: null,
    });
    const narrow = await makeSubAccount(
      t,
      seller.token,
      `history-narrow-${randomUUID()}@example.com`,
      [],
      [{ url: '/other/couponCenter', buttons: [] }],
    );
    for (const path of [
      '/api-user/user/balance_record/list',
      '/api-user/user/freeze_record/list',
    ]) {
      const denied = await t.call('GET', path, { token: narrow.token });
      expect(denied.body).toMatchObject({ key: 'PERMISSION_DENIED', datas: null });
    }
  });
});

describe('GET /api-user/user/freeze_record/list', () => {
  it('lists the freezes newest first with what each deducted and released, and what is still frozen', async () => {
    const page = await freezes();
    expect(
      page.records.map((r) => [r.reference.id, r.state, r.amount, r.deducted, r.released]),
    ).toEqual([
      ['S4', 'open', 70_00, null, null],
      ['S3', 'settled', 40_00, 60_00, 0],
      ['S2', 'released', 100_00, null, 100_00],
      ['S1', 'settled', 300_00, 250_00, 50_00],
    ]);
    expect(page.total).toBe(4);
    expect(page.openTotal).toBe(70_00);
    expect(page.records[0]).toMatchObject({
      currency: 'THB',
      createdAt: new Date(from('2026-11-01T12:00:00')).toISOString(),
      resolvedAt: null,
    });
    expect(page.records[3]?.resolvedAt).toBe(new Date(from('2026-10-23T11:00:00')).toISOString());

    const settled = await freezes({ state: 'settled' });
    expect(settled.records.map((r) => r.reference.id)).toEqual(['S3', 'S1']);
    expect(settled.total).toBe(2);
    expect(settled.openTotal).toBe(70_00);
    const late = await freezes({
      beginTime: '2026-10-25 00:00:00',
      endTime: '2026-10-31 23:59:59',
    });
    expect(late.records.map((r) => r.reference.id)).toEqual(['S3', 'S2']);
    expect(late.openTotal).toBe(0);
    const second = await freezes({ limit: '3', page: '2' });
    expect(second.records.map((r) => r.reference.id)).toEqual(['S1']);
    expect((await freezes({ currency: 'CNY' })).total).toBe(0);
  });
});

/** An export's answer read back: its headers, file name and first sheet. */
async function download(
  path: string,
  query: Record<string, string>,
  language: string,
  token = seller.token,
) {
  const headers: Record<string, string> = {
    [HEADERS.authorization]: basicClientAuth(API_CLIENTS.console),
    [HEADERS.language]: language,
  };
  if (token) headers[HEADERS.token] = token;
  return t.app.request(`${path}?${new URLSearchParams(query)}`, { method: 'POST', headers });
}

async function sheetOf(response: Response) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as unknown as ExcelJS.Buffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  const rows: ExcelJS.CellValue[][] = [];
  sheet.eachRow((row) => {
    rows.push((row.values as ExcelJS.CellValue[]).slice(1));
  });
  return { sheet, rows };
}

function fileName(response: Response): string {
  const header = response.headers.get('content-disposition') ?? '';
  expect(header).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''/);
  return decodeURIComponent(header.split("filename*=UTF-8''")[1] ?? '');
}

/** A Bangkok wall-clock time as the spreadsheet holds it (its UTC fields). */
const wallClock = (iso: string) => new Date(Date.parse(iso) + BANGKOK);
const decimal = (minor: number) => minor / 100;

describe('POST /api-user/user/balance_record/export', () => {
  it('answers the filtered history as an .xlsx file in the reader language, every row and figure as listed', async () => {
    const listed = await balances({ limit: '100' });
    for (const language of LANGUAGES) {
      const words = readLocale(language, 'exports');
      // Bill types named as the wallet page names them.
      const screen = readLocale(language, 'wallet');
      const response = await download('/api-user/user/balance_record/export', {}, language);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(XLSX_MEDIA_TYPE);
      expect(response.headers.get('x-total-count')).toBe('14');
      expect(fileName(response)).toBe(
        `${fillWords(words.balance.file, { from: '2026-10-20', to: '2026-11-02' })}.xlsx`,
      );
      const { sheet, rows } = await sheetOf(response);
      expect(sheet.name).toBe(words.balance.sheet);
      const columns = words.balance.columns;
      expect(rows[0]).toEqual([
        fillWords(columns.time, { zone: 'Asia/Bangkok' }),
        columns.billType,
        columns.currency,
        columns.change,
        columns.availableChange,
        columns.balanceAfter,
        columns.availableAfter,
        columns.frozenAfter,
        columns.reference,
        columns.memo,
      ]);
      expect(rows.slice(1)).toEqual(
        listed.records.map((r) => [
          wallClock(r.createdAt),
          screen.billTypes[r.billType],
          r.currency,
          decimal(r.change),
          decimal(r.availableChange),
          decimal(r.balanceAfter),
          decimal(r.availableAfter),
          decimal(r.frozenAfter),
          // The number as the page shows it, without the internal kind.
          r.reference.id,
        ]),
      );
      expect(sheet.getCell('D2').numFmt).toBe('#,##0.00');
      expect(sheet.getCell('A2').numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    }
    // Withholding is 代扣 on screen and in the file; references carry no internal kind.
    const zh = await sheetOf(await download('/api-user/user/balance_record/export', {}, 'zh'));
    const kinds = zh.rows.slice(1).map((row) => row[1]);
    expect(kinds).toContain('代扣');
    expect(kinds).toContain('代扣退回');
    expect(kinds).not.toContain('预扣');
    for (const row of zh.rows.slice(1)) expect(String(row[8])).not.toMatch(/^[a-z]+:/);
    const en = await sheetOf(await download('/api-user/user/balance_record/export', {}, 'en'));
    expect(en.rows[1]?.slice(0, 4)).toEqual([
      new Date('2026-11-02T08:00:00Z'),
      'Withdrawal',
      'THB',
      -100,
    ]);
    expect(en.rows.find((row) => row[1] === 'Compensation')?.[3]).toBe(12.34);
  });

  it('takes the list filters as query parameters', async () => {
    const query = { billType: 'deduct', timeZone: 'UTC', beginTime: '2026-10-01 00:00:00' };
    const listed = await balances(query);
    const response = await download('/api-user/user/balance_record/export', query, 'zh');
    expect(fileName(response)).toBe('余额明细 2026-10-01 至 2026-11-02.xlsx');
    const { rows } = await sheetOf(response);
    expect(rows.slice(1).map((row) => [row[1], row[3]])).toEqual(
      listed.records.map((r) => ['扣款', decimal(r.change)]),
    );
    expect(rows[0]?.[0]).toBe('时间（UTC）');
    expect(rows[1]?.[0]).toEqual(new Date(listed.records[0]?.createdAt ?? ''));
  });

  it('keeps at most the export limit, newest first, and says how many there were', async () => {
    const page = await balanceRecordsForExport(
      t.deps,
      { userId: seller.user.id, ownerId: seller.user.id },
      { maxRows: 4 },
    );
    expect(page.total).toBe(14);
    expect(page.records.map((r) => r.sequence)).toEqual(
      (await balances({ limit: '4' })).records.map((r) => r.sequence),
    );
    const frozen = await freezeRecordsForExport(
      t.deps,
      { userId: seller.user.id, ownerId: seller.user.id },
      { maxRows: 2 },
    );
    expect(frozen.total).toBe(4);
    expect(frozen.records.map((r) => r.reference.id)).toEqual(['S4', 'S3']);
  });

  it('answers errors with the JSON envelope', async () => {
    const bad = await download(
      '/api-user/user/balance_record/export',
      { timeZone: 'Nowhere/City' },
      'en',
    );
    expect(bad.headers.get('content-type')).toContain('application/json');
    expect(await bad.json()).toMatchObject({ key: 'VALIDATION_FAILED', datas: expect.anything() });
    const anonymous = await download('/api-user/user/balance_record/export', {}, 'en', '');
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json()).resp_code).toBe(401);
    // Reading the history is not enough: the export button is needed.
    const reader = await makeSubAccount(
      t,
      seller.token,
      `history-reader-${randomUUID()}@example.com`,
      [],
      [{ url: '/other/historyMoney', buttons: [] }],
    );
    for (const path of ['/api-user/user/balance_record/export', '/api-user/user/exportFreeze']) {
      const denied = await download(path, {}, 'en', reader.token);
      expect(await denied.json()).toMatchObject({ key: 'PERMISSION_DENIED', datas: null });
    }
    const exporter = await makeSubAccount(
      t,
      seller.token,
      `history-exporter-${randomUUID()}@example.com`,
      [],
      [{ url: '/other/historyMoney', buttons: ['export'] }],
    );
    const allowed = await download('/api-user/user/exportFreeze', {}, 'th', exporter.token);
    expect(allowed.headers.get('content-type')).toBe(XLSX_MEDIA_TYPE);
  });
});

describe('POST /api-user/user/exportFreeze', () => {
  it('answers the freeze details as an .xlsx file, every row as listed', async () => {
    const listed = await freezes();
    for (const language of LANGUAGES) {
      const words = readLocale(language, 'exports');
      const screen = readLocale(language, 'wallet');
      const response = await download('/api-user/user/exportFreeze', {}, language);
      expect(response.headers.get('content-type')).toBe(XLSX_MEDIA_TYPE);
      expect(fileName(response)).toBe(
        `${fillWords(words.freeze.file, { from: '2026-10-20', to: '2026-11-02' })}.xlsx`,
      );
      const { rows } = await sheetOf(response);
      const columns = words.freeze.columns;
      expect(rows[0]).toEqual([
        fillWords(columns.time, { zone: 'Asia/Bangkok' }),
        columns.currency,
        columns.reference,
        columns.amount,
        columns.state,
        columns.deducted,
        columns.released,
        fillWords(columns.resolvedAt, { zone: 'Asia/Bangkok' }),
      ]);
      expect(rows.slice(1)).toEqual(
        listed.records.map((r) => {
          const row: ExcelJS.CellValue[] = [
            wallClock(r.createdAt),
            r.currency,
            r.reference.id,
            decimal(r.amount),
            screen.freezeStates[r.state],
          ];
          if (r.deducted !== null) row[5] = decimal(r.deducted);
          if (r.released !== null) row[6] = decimal(r.released);
          if (r.resolvedAt) row[7] = wallClock(r.resolvedAt);
          return row;
        }),
      );
    }
  });
});

describe('a large export', () => {
  it('holds the newest 50,000 rows and a last line saying how many there were', async () => {
    const owner = await makeSeller(t, `history-large-${randomUUID()}@example.com`, []);
    const rows = 50_001;
    // The journal in bulk, as the ledger writes it: balanced postings, numbered entries.
    await t.db.transaction(async (tx) => {
      const now = t.clock.now();
      const [wallet] = await tx
        .insert(wallets)
        .values({ ownerId: owner.user.id, currency: 'THB', createdAt: now, updatedAt: now })
        .returning();
      if (!wallet) throw new Error('no wallet');
      await tx.execute(sql`
        insert into ledger_entries (wallet_id, sequence, operation_id, operation, kind, currency, amount,
          reference_type, reference_id, idempotency_key, created_at)
        select ${wallet.id}, i, gen_random_uuid(), 'recharge', 'recharge', 'THB', 100,
          'bulk', 'B' || i, 'bulk-' || i, ${now.toISOString()}::timestamptz - (${rows}::int - i) * interval '1 second'
        from generate_series(1, ${rows}::int) as i`);
      await tx.execute(sql`
        insert into ledger_postings (entry_id, wallet_id, bucket, amount)
        select id, wallet_id, b.bucket, b.amount from ledger_entries e
        cross join (values ('external', -100), ('available', 100)) as b(bucket, amount)
        where e.wallet_id = ${wallet.id}`);
      await tx
        .update(wallets)
        .set({ available: rows * 100, lastSequence: rows })
        .where(eq(wallets.id, wallet.id));
    });
    const response = await download('/api-user/user/balance_record/export', {}, 'en', owner.token);
    expect(response.headers.get('x-total-count')).toBe(String(rows));
    expect(response.headers.get('x-export-count')).toBe('50000');
    const { rows: lines } = await sheetOf(response);
    expect(lines).toHaveLength(1 + 50_000 + 1);
    expect(lines[1]?.slice(1, 6)).toEqual(['Recharge', 'THB', 1, 1, 50001]);
    expect(lines[50_000]?.[5]).toBe(2);
    expect(lines.at(-1)).toEqual([
      fillWords(readLocale('en', 'exports').truncated, { kept: 50000, total: rows }),
    ]);
  }, 180_000);
});
