import { randomUUID } from 'node:crypto';
import type { Actor } from '@server/context';
import { wallets, warehouseCharges, warehouses } from '@server/db/schema/index';
import { AppError } from '@server/lib/errors';
import { createAccount } from '@server/modules/accounts/accounts.service';
import { recharge } from '@server/modules/wallet/wallet.service';
import { daysLeft, nextMonth } from '@server/modules/warehouses/billing';
import {
  chargeMonthlyFees,
  downgradeWarehouse,
  openWarehouse,
  renewWarehouse,
  setAutoRenew,
  upgradeWarehouse,
} from '@server/modules/warehouses/warehouses.service';
import { and, asc, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';

/**
 * Random timelines of one Bangkok warehouse over months (open, upgrades, several downgrades in a
 * month, cancel and resume, renewals, recharges, hours and days passing across 28- to 31-day
 * months and a leap February), the monthly job run twice and by two callers at once, against a
 * plain model of the rules: every charge equals the model's to the minor unit, no month is
 * charged twice, the volume never drops below 1 CBM and only a month's last downgrade counts.
 */

/** th: 450.00 THB per CBM and month (migration 0020's configuration). */
const PRICE = 45_000;
const HOUR = 3_600_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Op =
  | { kind: 'upgrade'; add: number }
  | { kind: 'downgrade'; volume: number }
  | { kind: 'cancel' }
  | { kind: 'resume' }
  | { kind: 'renew' }
  | { kind: 'recharge'; amount: number }
  | { kind: 'wait'; hours: number }
  | { kind: 'job' };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('upgrade' as const),
      add: fc.integer({ min: 1, max: 3 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('downgrade' as const),
      volume: fc.integer({ min: 0, max: 6 }),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'cancel' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'resume' as const }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'renew' as const }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('recharge' as const),
      amount: fc.integer({ min: 10_000, max: 400_000 }),
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('wait' as const),
      hours: fc.integer({ min: 1, max: 24 * 45 }),
    }),
  },
  { weight: 3, arbitrary: fc.constant({ kind: 'job' as const }) },
);

/** Starting points: mid-month, the last hour of a month in Bangkok, a leap-year January. */
const STARTS = [
  '2026-11-14T05:00:00.000Z',
  '2026-12-31T16:30:00.000Z',
  '2028-01-20T03:00:00.000Z',
  '2027-02-27T12:00:00.000Z',
];

interface Model {
  state: 'normal' | 'expired' | 'closed';
  volume: number;
  nextVolume: number | null;
  autoRenew: boolean;
  paidThrough: string;
  balance: number;
  charges: { kind: string; month: string; volume: number; amount: number }[];
}

const prorate = (volume: number, days: number, total: number) =>
  Math.floor((2 * PRICE * volume * days + total) / (2 * total));

function actorOf(userId: string): Actor {
  return {
    userId,
    sessionId: randomUUID(),
    roles: ['BUYER'],
    parentId: null,
    ownerId: userId,
    isMain: true,
    routes: [],
    shopIds: null,
  };
}

async function expectKey(promise: Promise<unknown>, key: string): Promise<boolean> {
  try {
    await promise;
    return true;
  } catch (error) {
    if (error instanceof AppError && error.key === key) return false;
    throw error;
  }
}

describe('warehouse billing against a model', () => {
  it('charges every month once, as the rules say, whatever the timeline', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...STARTS),
        fc.integer({ min: 1, max: 4 }),
        fc.array(opArb, { minLength: 4, maxLength: 14 }),
        async (start, openVolume, ops) => {
          t.clock.set(new Date(start));
          const user = await createAccount(t, null, {
            email: `billing-${randomUUID()}@example.com`,
            password: 'Billing-pass1',
            name: 'Billing',
            role: 'BUYER',
            site: 'th',
          });
          const actor = actorOf(user.id);
          const money = { db: t.db, clock: t.clock };
          const key = () => randomUUID();
          await recharge(money, null, {
            ownerId: user.id,
            currency: 'THB',
            amount: 1_000_000,
            reference: { type: 'recharge', id: key() },
            idempotencyKey: key(),
          });
          const opened = await openWarehouse(t.deps, actor, {
            site: 'th',
            volume: openVolume,
            pay: true,
            idempotencyKey: key(),
            language: 'en',
          });
          const id = opened.warehouse?.id ?? '';
          const left0 = daysLeft('th', t.clock.now());
          const model: Model = {
            state: 'normal',
            volume: openVolume,
            nextVolume: null,
            autoRenew: true,
            paidThrough: left0.month,
            balance: 1_000_000 - prorate(openVolume, left0.days, left0.daysInMonth),
            charges: [
              {
                kind: 'open',
                month: left0.month,
                volume: openVolume,
                amount: prorate(openVolume, left0.days, left0.daysInMonth),
              },
            ],
          };
          expect(opened.paid).toBe(true);

          for (const op of ops) {
            const left = daysLeft('th', t.clock.now());
            switch (op.kind) {
              case 'upgrade': {
                const target = model.volume + op.add;
                const cost = prorate(op.add, left.days, left.daysInMonth);
                const call = upgradeWarehouse(t.deps, actor, {
                  id,
                  volume: target,
                  pay: true,
                  idempotencyKey: key(),
                  language: 'en',
                });
                if (model.state !== 'normal') {
                  expect(await expectKey(call, 'WAREHOUSE_STATE_INVALID')).toBe(false);
                } else if (model.balance < cost) {
                  expect(await expectKey(call, 'WALLET_INSUFFICIENT_BALANCE')).toBe(false);
                } else {
                  await call;
                  model.balance -= cost;
                  model.volume = target;
                  model.nextVolume = null;
                  model.charges.push({
                    kind: 'upgrade',
                    month: left.month,
                    volume: op.add,
                    amount: cost,
                  });
                }
                break;
              }
              case 'downgrade': {
                const call = downgradeWarehouse(t, actor, { id, volume: op.volume });
                if (op.volume < 1) {
                  expect(await expectKey(call, 'WAREHOUSE_VOLUME_MIN')).toBe(false);
                } else if (model.state !== 'normal' || !model.autoRenew) {
                  expect(await expectKey(call, 'WAREHOUSE_STATE_INVALID')).toBe(false);
                } else if (op.volume > model.volume) {
                  expect(await expectKey(call, 'WAREHOUSE_DOWNGRADE_INVALID')).toBe(false);
                } else {
                  await call;
                  model.nextVolume = op.volume === model.volume ? null : op.volume;
                }
                break;
              }
              case 'cancel':
              case 'resume': {
                const call = setAutoRenew(t, actor, { id, autoRenew: op.kind === 'resume' });
                if (model.state !== 'normal') {
                  expect(await expectKey(call, 'WAREHOUSE_STATE_INVALID')).toBe(false);
                } else {
                  await call;
                  model.autoRenew = op.kind === 'resume';
                  if (!model.autoRenew) model.nextVolume = null;
                }
                break;
              }
              case 'renew': {
                const cost = prorate(model.volume, left.days, left.daysInMonth);
                const call = renewWarehouse(t.deps, actor, {
                  id,
                  pay: true,
                  idempotencyKey: key(),
                  language: 'en',
                });
                if (model.state !== 'expired') {
                  expect(await expectKey(call, 'WAREHOUSE_STATE_INVALID')).toBe(false);
                } else if (model.balance < cost) {
                  expect(await expectKey(call, 'WALLET_INSUFFICIENT_BALANCE')).toBe(false);
                } else {
                  await call;
                  model.balance -= cost;
                  model.state = 'normal';
                  model.paidThrough = left.month;
                  model.charges.push({
                    kind: 'renew',
                    month: left.month,
                    volume: model.volume,
                    amount: cost,
                  });
                }
                break;
              }
              case 'recharge':
                await recharge(money, null, {
                  ownerId: user.id,
                  currency: 'THB',
                  amount: op.amount,
                  reference: { type: 'recharge', id: key() },
                  idempotencyKey: key(),
                });
                model.balance += op.amount;
                break;
              case 'wait':
                t.clock.advance(op.hours * HOUR);
                break;
              case 'job': {
                // Two processes at once; a later op's job is the rerun: each month is charged once.
                await Promise.all([chargeMonthlyFees(t, null), chargeMonthlyFees(t, null)]);
                const current = left.month;
                while (model.state === 'normal' && model.paidThrough < current) {
                  const month = nextMonth(model.paidThrough);
                  if (!model.autoRenew) {
                    model.state = 'closed';
                    model.nextVolume = null;
                    break;
                  }
                  const volume = model.nextVolume ?? model.volume;
                  model.volume = volume;
                  model.nextVolume = null;
                  if (model.balance < PRICE * volume) {
                    model.state = 'expired';
                    break;
                  }
                  model.balance -= PRICE * volume;
                  model.paidThrough = month;
                  model.charges.push({ kind: 'monthly', month, volume, amount: PRICE * volume });
                }
                break;
              }
            }
            const [row] = await t.db.select().from(warehouses).where(eq(warehouses.id, id));
            expect(row?.volume).toBeGreaterThanOrEqual(1);
            expect(row?.state, JSON.stringify(op)).toBe(model.state);
            expect(row?.volume).toBe(model.volume);
            expect(row?.nextVolume ?? null).toBe(model.nextVolume);
            expect(row?.autoRenew).toBe(model.autoRenew);
          }
          const charges = await t.db
            .select()
            .from(warehouseCharges)
            .where(eq(warehouseCharges.warehouseId, id))
            .orderBy(asc(warehouseCharges.createdAt), asc(warehouseCharges.month));
          // Every charge, once: a late monthly charge is dated its month's 1st, so it may sort
          // before an upgrade made before the job ran; compared in one canonical order.
          const canonical = (list: { kind: string; month: string | null }[]) =>
            [...list].sort((a, b) => `${a.month}|${a.kind}`.localeCompare(`${b.month}|${b.kind}`));
          expect(
            canonical(
              charges.map((c) => ({
                kind: c.kind,
                month: c.month,
                volume: c.volume,
                amount: c.amount,
              })),
            ),
          ).toEqual(canonical(model.charges));
          const monthly = charges.filter((c) => c.kind === 'monthly').map((c) => c.month);
          expect(new Set(monthly).size).toBe(monthly.length);
          const [wallet] = await t.db
            .select({ available: wallets.available, frozen: wallets.frozen })
            .from(wallets)
            .where(and(eq(wallets.ownerId, user.id), eq(wallets.currency, 'THB')));
          expect(wallet).toEqual({ available: model.balance, frozen: 0 });
        },
      ),
      { numRuns: 8 },
    );
  }, 120_000);
});
