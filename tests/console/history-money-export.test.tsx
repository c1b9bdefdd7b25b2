import { reconcileLedger } from '@server/jobs/ledger-reconcile';
import { recharge } from '@server/modules/wallet/wallet.service';
import { formatDateTime, formatMoney } from '@shared/i18n/format';
import { writeCookie } from '@shared/session/web-port';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { makeSubAccount } from '../support/accounts';
import { renderConsole, signInAs } from '../support/console';
import { catchDownloads } from '../support/downloads';
import { fillWords, readLocale } from '../support/locales';
import {
  current,
  en,
  ledger,
  open,
  registerHistoryMoneyTests,
  rows,
  seedOperations,
  seller,
  sellers,
  setCurrent,
  shown,
  t,
  thb,
} from './history-money-harness';

registerHistoryMoneyTests();

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
        // The order's number as on screen, without an internal kind before it.
        row[8],
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
    // In the whole console, whose error handler says in a toast what the server refused.
    const { user } = await open({ email, password: sub.password }, undefined, {
      inConsole: true,
    });
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
      await screen.findByText(
        fillWords(readLocale('en', 'common').list.exportFailed, {
          reason: refused.body.resp_msg,
        }),
      ),
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
    setCurrent(undefined);

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
    const { token, routes } = await signInAs(t, { username: s.email, password: s.password });
    const info = await t.call('GET', '/api-user/user/userInfo', { token });
    expect(info.body.datas.balance).toBe(0);
    await seedOperations(s);
    await recharge(ledger, null, {
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
        routes,
        user: info.body.datas,
        onboarded: true,
      }),
    );
    setCurrent(await renderConsole('/cmp/cmpDashboard', { app: t }));
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
