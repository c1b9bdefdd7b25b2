import { randomUUID } from 'node:crypto';
import { wallets } from '@server/db/schema/index';
import { reconcileLedger } from '@server/jobs/ledger-reconcile';
import { freeze, type LedgerDeps, recharge } from '@server/modules/wallet/wallet.service';
import type { Currency } from '@shared/contracts/money';
import { UserInfoSchema } from '@shared/contracts/users';
import { LedgerCheckSchema } from '@shared/contracts/wallet';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSeller, makeSubAccount } from '../../support/accounts';
import { createTestApp, type TestApp } from '../../support/app';

/**
 * What an account learns of wallets: a sub-account without the wallet page sees none of its main
 * account's figures, and the ledger check tells each account about its own wallets only.
 */

let t: TestApp;
let ledger: LedgerDeps;

beforeAll(async () => {
  t = await createTestApp();
  ledger = { db: t.db, clock: t.clock };
});
afterAll(() => t.close());

const jobDeps = () => ({ db: t.db, clock: t.clock, logger: t.deps.logger });

function topUp(ownerId: string, amount: number, currency: Currency = 'THB') {
  return recharge(ledger, null, {
    ownerId,
    currency,
    amount,
    reference: { type: 'recharge', id: `R-${randomUUID()}` },
    idempotencyKey: `key-${randomUUID()}`,
  });
}

const seller = () => makeSeller(t, `visible-${randomUUID()}@example.com`, []);

async function userInfo(token: string) {
  const res = await t.call('GET', '/api-user/user/userInfo', { token });
  expect(res.body.resp_code, res.text).toBe(0);
  return UserInfoSchema.parse(res.body.datas);
}

async function ledgerCheck(token: string) {
  const res = await t.call('GET', '/api-user/wallet/ledgerCheck', { token });
  expect(res.body.resp_code, res.text).toBe(0);
  return LedgerCheckSchema.parse(res.body.datas);
}

describe('userInfo of a sub-account without the wallet page', () => {
  it('carries no balance or frozen amount; the main account and a granted sub-account see them', async () => {
    const main = await seller();
    await topUp(main.user.id, 5_000_00);
    await freeze(ledger, null, {
      ownerId: main.user.id,
      currency: 'THB',
      amount: 1_234_50,
      reference: { type: 'service', id: `SO-${randomUUID().slice(0, 8)}` },
      idempotencyKey: `key-${randomUUID()}`,
    });
    expect(await userInfo(main.token)).toMatchObject({
      balance: 5_000_00,
      freezeBalance: 1_234_50,
    });

    const granted = await makeSubAccount(
      t,
      main.token,
      `granted-${randomUUID()}@example.com`,
      [],
      [{ url: '/other/historyMoney', buttons: [] }],
    );
    expect(await userInfo(granted.token)).toMatchObject({
      balance: 5_000_00,
      freezeBalance: 1_234_50,
    });

    const narrow = await makeSubAccount(
      t,
      main.token,
      `narrow-${randomUUID()}@example.com`,
      [],
      [
        { url: '/product/collectorList', buttons: [] },
        { url: '/pay/recharge', buttons: ['recharge'] },
      ],
    );
    const info = await userInfo(narrow.token);
    expect(info).toMatchObject({ balance: null, freezeBalance: null, currency: 'THB' });
    // The wallet pages refuse it the same figures.
    const summary = await t.call('GET', '/api-user/wallet/summary', { token: narrow.token });
    expect(summary.body).toMatchObject({ key: 'PERMISSION_DENIED', datas: null });
    const check = await t.call('GET', '/api-user/wallet/ledgerCheck', { token: narrow.token });
    expect(check.body).toMatchObject({ key: 'PERMISSION_DENIED', datas: null });
  });
});

describe('GET /api-user/wallet/ledgerCheck', () => {
  it("answers each account about its own wallets' last verification, never the platform's", async () => {
    const busy = await seller();
    await topUp(busy.user.id, 100);
    await topUp(busy.user.id, 200);
    await topUp(busy.user.id, 300, 'CNY');
    const quiet = await seller();
    await topUp(quiet.user.id, 50);
    const fresh = await seller();

    // Never verified yet: nothing to show as verified.
    expect(await ledgerCheck(busy.token)).toEqual({
      checkedAt: null,
      walletsChecked: 0,
      entriesChecked: 0,
      violations: 0,
      healthy: false,
    });

    const result = await reconcileLedger(jobDeps(), { force: true });
    expect(result?.violations).toEqual([]);
    // The platform checked more than any one of these accounts has.
    expect(result?.walletsChecked).toBeGreaterThanOrEqual(3);
    const verifiedAt = t.clock.now().toISOString();
    expect(await ledgerCheck(busy.token)).toEqual({
      checkedAt: verifiedAt,
      walletsChecked: 2,
      entriesChecked: 3,
      violations: 0,
      healthy: true,
    });
    expect(await ledgerCheck(quiet.token)).toEqual({
      checkedAt: verifiedAt,
      walletsChecked: 1,
      entriesChecked: 1,
      violations: 0,
      healthy: true,
    });
    // An account without a wallet has nothing of its own checked.
    expect(await ledgerCheck(fresh.token)).toEqual({
      checkedAt: verifiedAt,
      walletsChecked: 0,
      entriesChecked: 0,
      violations: 0,
      healthy: true,
    });
    // A sub-account granted the wallet page sees its main account's wallets.
    const sub = await makeSubAccount(t, busy.token, `check-sub-${randomUUID()}@example.com`, []);
    expect(await ledgerCheck(sub.token)).toMatchObject({ walletsChecked: 2, entriesChecked: 3 });

    // A wallet opened after the run is counted from the next one.
    t.clock.advance(60_000);
    await topUp(quiet.user.id, 70, 'CNY');
    expect(await ledgerCheck(quiet.token)).toMatchObject({
      checkedAt: verifiedAt,
      walletsChecked: 1,
      entriesChecked: 1,
    });
    await reconcileLedger(jobDeps(), { force: true });
    expect(await ledgerCheck(quiet.token)).toEqual({
      checkedAt: t.clock.now().toISOString(),
      walletsChecked: 2,
      entriesChecked: 2,
      violations: 0,
      healthy: true,
    });
  });

  it("shows an account the discrepancies of its own wallets, not another's", async () => {
    const broken = await seller();
    const done = await topUp(broken.user.id, 100);
    const other = await seller();
    await topUp(other.user.id, 100);
    await t.db.update(wallets).set({ frozen: 7 }).where(eq(wallets.id, done.walletId));
    try {
      const result = await reconcileLedger(jobDeps(), { force: true });
      expect(result?.violations.map((v) => v.rule).sort()).toEqual([
        'cachedBalance',
        'frozenWithoutFreeze',
      ]);
      expect(await ledgerCheck(broken.token)).toMatchObject({
        walletsChecked: 1,
        violations: 2,
        healthy: false,
      });
      expect(await ledgerCheck(other.token)).toMatchObject({
        walletsChecked: 1,
        violations: 0,
        healthy: true,
      });
    } finally {
      await t.db.update(wallets).set({ frozen: 0 }).where(eq(wallets.id, done.walletId));
    }
    await reconcileLedger(jobDeps(), { force: true });
    expect(await ledgerCheck(broken.token)).toMatchObject({ violations: 0, healthy: true });
  });
});
