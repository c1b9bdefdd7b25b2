import { randomUUID } from 'node:crypto';
import { coupons, paymentOrders, tradeOrders } from '@server/db/schema/index';
import { reconcileLedger } from '@server/jobs/ledger-reconcile';
import { AppError } from '@server/lib/errors';
import {
  couponDiscount,
  type GrantCouponInput,
  grantCoupon,
  holdCoupon,
  listCoupons,
  releaseCoupon,
  settleCoupon,
  useCoupon,
  verifyCoupons,
} from '@server/modules/coupons/coupons.service';
import { COUPON_STATES, CouponPageSchema, UsableCouponSchema } from '@shared/contracts/coupons';
import { ERROR_KEYS } from '@shared/contracts/errors';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { makeSeller, makeSubAccount } from '../support/accounts';
import { createTestApp, type TestApp } from '../support/app';

let t: TestApp;
let seller: Awaited<ReturnType<typeof makeSeller>>;
let other: Awaited<ReturnType<typeof makeSeller>>;

beforeAll(async () => {
  t = await createTestApp();
  seller = await makeSeller(t, 'coupons@example.com', []);
  other = await makeSeller(t, 'coupons-other@example.com', []);
});
afterAll(() => t.close());

const DAY = 86_400_000;
const names = (en: string) => ({ zh: `${en} 券`, th: `คูปอง ${en}`, en });

/** A coupon of the seller's, by default: 20.00 THB off service fees from 100.00, valid a month. */
async function grant(overrides: Partial<GrantCouponInput> = {}) {
  const now = t.clock.now().getTime();
  return grantCoupon(t, null, {
    ownerId: seller.user.id,
    name: names('Service 20 off'),
    type: 'cash',
    scope: 'serviceFee',
    currency: 'THB',
    threshold: 100_00,
    maxOffset: 20_00,
    percentOff: null,
    validFrom: new Date(now - DAY),
    validTo: new Date(now + 30 * DAY),
    ...overrides,
  });
}

/** An order reference as the wallet's checkout writes it (`<reference type>:<id>`). */
const orderRef = () => `serviceOrder:S${randomUUID().slice(0, 12)}`;

function hold(couponId: string, ref: string, overrides: Record<string, unknown> = {}) {
  return holdCoupon(t, null, {
    ownerId: seller.user.id,
    couponId,
    orderRef: ref,
    scope: 'serviceFee',
    currency: 'THB',
    amount: 150_00,
    now: t.clock.now(),
    ...overrides,
  });
}

async function stored(id: string) {
  const [row] = await t.db.select().from(coupons).where(eq(coupons.id, id));
  if (!row) throw new Error('coupon gone');
  return row;
}

/** Every refusal key the tests met. */
const refusalsSeen = new Set<string>();

/** The key of the AppError a promise is refused with. */
async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) {
      refusalsSeen.add(error.key);
      return error.key;
    }
    throw error;
  }
  return 'not refused';
}

describe('couponDiscount', () => {
  it('takes cash up to the amount and a percentage rounded down, never beyond the maximum offset', () => {
    const cash = { type: 'cash', maxOffset: 20_00, percentOff: null } as const;
    expect(couponDiscount(cash, 150_00)).toBe(20_00);
    expect(couponDiscount(cash, 15_00)).toBe(15_00);
    expect(couponDiscount(cash, 0)).toBe(0);
    const tenth = { type: 'discount', maxOffset: 50_00, percentOff: 10 } as const;
    expect(couponDiscount(tenth, 123_45)).toBe(12_34);
    expect(couponDiscount(tenth, 999)).toBe(99);
    expect(couponDiscount(tenth, 1_000_00)).toBe(50_00);
    const exact = { type: 'discount', maxOffset: Number.MAX_SAFE_INTEGER, percentOff: 33 } as const;
    const big = Number.MAX_SAFE_INTEGER;
    expect(couponDiscount(exact, big)).toBe(Number((BigInt(big) * 33n) / 100n));
    expect(Number.isInteger(couponDiscount(exact, big))).toBe(true);
  });
});

describe('grantCoupon', () => {
  it('gives a main account a coupon it can see, and refuses what a coupon cannot be', async () => {
    const coupon = await grant({ type: 'discount', percentOff: 15, maxOffset: 30_00 });
    expect(coupon).toMatchObject({
      name: 'Service 20 off',
      type: 'discount',
      percentOff: 15,
      status: 'unused',
      orderRef: null,
      discount: null,
      usedAt: null,
    });
    const sub = await makeSubAccount(t, seller.token, `coupon-sub-${randomUUID()}@example.com`, []);
    const bad: Partial<GrantCouponInput>[] = [
      { name: { zh: '券', th: '', en: 'x' } },
      { percentOff: 10 },
      { type: 'discount', percentOff: null },
      { type: 'discount', percentOff: 100 },
      { type: 'discount', percentOff: 0 },
      { maxOffset: 0 },
      { threshold: -1 },
      { threshold: 1.5 },
      { validTo: new Date(t.clock.now().getTime() - 2 * DAY) },
      { ownerId: sub.id },
      { ownerId: randomUUID() },
    ];
    for (const overrides of bad)
      expect(await refusal(grant(overrides)), JSON.stringify(overrides)).toBe('VALIDATION_FAILED');
  });
});

describe('holding a coupon', () => {
  it('freezes it for the order with its discount, and answers the same order the same again', async () => {
    const coupon = await grant();
    const ref = orderRef();
    expect(await hold(coupon.id, ref)).toEqual({ couponId: coupon.id, discount: 20_00 });
    const row = await stored(coupon.id);
    expect(row).toMatchObject({ status: 'freezing', orderRef: ref, discount: 20_00, usedAt: null });
    expect(row.frozenAt?.toISOString()).toBe(t.clock.now().toISOString());
    expect(await hold(coupon.id, ref, { amount: 500_00 })).toEqual({
      couponId: coupon.id,
      discount: 20_00,
    });
  });

  it('refuses with the key of spec section 8 for each reason, and leaves the coupon as it was', async () => {
    const now = t.clock.now().getTime();
    const fresh = await grant();
    const mine = await grant();
    expect(await refusal(hold(randomUUID(), orderRef()))).toBe('COUPON_NOT_FOUND');
    expect(await refusal(hold('not-a-uuid', orderRef()))).toBe('COUPON_NOT_FOUND');
    const theirs = await grantCoupon(t, null, {
      ownerId: other.user.id,
      name: names('Theirs'),
      type: 'cash',
      scope: 'general',
      currency: 'THB',
      threshold: 0,
      maxOffset: 5_00,
      percentOff: null,
      validFrom: new Date(now - DAY),
      validTo: new Date(now + DAY),
    });
    expect(await refusal(hold(theirs.id, orderRef()))).toBe('COUPON_NOT_FOUND');
    expect(await refusal(hold(fresh.id, orderRef(), { scope: 'recharge' }))).toBe(
      'COUPON_SCENE_INVALID',
    );
    expect(await refusal(hold(fresh.id, orderRef(), { currency: 'CNY' }))).toBe(
      'COUPON_TYPE_INVALID',
    );
    expect(await refusal(hold(fresh.id, orderRef(), { amount: 99_99 }))).toBe(
      'COUPON_THRESHOLD_NOT_MET',
    );
    const later = await grant({ validFrom: new Date(now + DAY), validTo: new Date(now + 9 * DAY) });
    expect(await refusal(hold(later.id, orderRef()))).toBe('COUPON_NOT_AVAILABLE');
    const past = await grant({ validFrom: new Date(now - 9 * DAY), validTo: new Date(now - 1) });
    expect(await refusal(hold(past.id, orderRef()))).toBe('COUPON_EXPIRED');
    for (const id of [fresh.id, later.id, past.id, theirs.id])
      expect((await stored(id)).status).toBe('unused');

    const held = orderRef();
    await hold(mine.id, held);
    expect(await refusal(hold(mine.id, orderRef()))).toBe('COUPON_IN_USE');
    // One order, one coupon: the order holding `mine` cannot take `fresh` as well.
    expect(await refusal(hold(fresh.id, held))).toBe('COUPON_IN_USE');
    expect((await stored(fresh.id)).status).toBe('unused');
    await useCoupon(t, null, { ownerId: seller.user.id, orderRef: held, now: t.clock.now() });
    expect(await refusal(hold(mine.id, held))).toBe('COUPON_USED');
    expect(await refusal(hold(mine.id, orderRef()))).toBe('COUPON_USED');
    // Every coupon error of spec section 8 has a way to happen.
    const couponKeys = ERROR_KEYS.filter((key) => key.startsWith('COUPON_'));
    expect(couponKeys).toHaveLength(8);
    expect(couponKeys.filter((key) => !refusalsSeen.has(key))).toEqual([]);
  });

  it('fits a general coupon to every scope, and checks the input', async () => {
    const general = await grant({ scope: 'general', threshold: 0 });
    expect(
      await hold(general.id, orderRef(), { scope: 'internationalFreight', amount: 5_00 }),
    ).toEqual({ couponId: general.id, discount: 5_00 });
    const spare = await grant();
    expect(await refusal(hold(spare.id, orderRef(), { scope: 'everything' }))).toBe(
      'VALIDATION_FAILED',
    );
    expect(await refusal(hold(spare.id, orderRef(), { amount: -1 }))).toBe('VALIDATION_FAILED');
    expect(await refusal(hold(spare.id, orderRef(), { amount: 1.5 }))).toBe('VALIDATION_FAILED');
    expect(await refusal(hold(spare.id, ''))).toBe('VALIDATION_FAILED');
    expect((await stored(spare.id)).status).toBe('unused');
  });
});

describe('settling, using and releasing', () => {
  it('settles on the actual amount: used, with the discount worked out again', async () => {
    const coupon = await grant({ type: 'discount', percentOff: 10, maxOffset: 50_00 });
    const ref = orderRef();
    expect(await hold(coupon.id, ref, { amount: 300_00 })).toEqual({
      couponId: coupon.id,
      discount: 30_00,
    });
    t.clock.advance(60_000);
    const settled = await settleCoupon(t, null, {
      ownerId: seller.user.id,
      orderRef: ref,
      actual: 245_67,
      now: t.clock.now(),
    });
    expect(settled).toBe(24_56);
    expect(await stored(coupon.id)).toMatchObject({
      status: 'used',
      orderRef: ref,
      discount: 24_56,
      usedAt: t.clock.now(),
    });
    // Settling again answers what it was used for, whatever the amount.
    expect(
      await settleCoupon(t, null, {
        ownerId: seller.user.id,
        orderRef: ref,
        actual: 999_00,
        now: t.clock.now(),
      }),
    ).toBe(24_56);
    expect((await stored(coupon.id)).discount).toBe(24_56);
  });

  it('gives the coupon back when the actual cost misses the threshold, so another order can take it', async () => {
    const coupon = await grant();
    const ref = orderRef();
    await hold(coupon.id, ref);
    const settle = () =>
      settleCoupon(t, null, {
        ownerId: seller.user.id,
        orderRef: ref,
        actual: 80_00,
        now: t.clock.now(),
      });
    expect(await settle()).toBe(0);
    expect(await stored(coupon.id)).toMatchObject({
      status: 'unused',
      orderRef: null,
      discount: null,
      frozenAt: null,
      usedAt: null,
    });
    expect(await settle()).toBe(0);
    expect(await hold(coupon.id, orderRef())).toEqual({ couponId: coupon.id, discount: 20_00 });
    // An order that held no coupon gets no discount.
    expect(
      await settleCoupon(t, null, {
        ownerId: seller.user.id,
        orderRef: orderRef(),
        actual: 500_00,
        now: t.clock.now(),
      }),
    ).toBe(0);
    expect(
      await refusal(
        settleCoupon(t, null, {
          ownerId: seller.user.id,
          orderRef: ref,
          actual: -5,
          now: t.clock.now(),
        }),
      ),
    ).toBe('VALIDATION_FAILED');
  });

  it('uses a held coupon with its held discount, once', async () => {
    const coupon = await grant();
    const ref = orderRef();
    await hold(coupon.id, ref, { amount: 120_00 });
    const use = () =>
      useCoupon(t, null, { ownerId: seller.user.id, orderRef: ref, now: t.clock.now() });
    expect(await use()).toEqual({ couponId: coupon.id, discount: 20_00 });
    const used = await stored(coupon.id);
    expect(used).toMatchObject({ status: 'used', orderRef: ref, discount: 20_00 });
    t.clock.advance(1000);
    expect(await use()).toEqual({ couponId: coupon.id, discount: 20_00 });
    expect((await stored(coupon.id)).usedAt).toEqual(used.usedAt);
    expect(
      await refusal(
        useCoupon(t, null, { ownerId: seller.user.id, orderRef: orderRef(), now: t.clock.now() }),
      ),
    ).toBe('COUPON_NOT_FOUND');
    // Another account cannot use it by naming the order.
    expect(
      await refusal(
        useCoupon(t, null, { ownerId: other.user.id, orderRef: ref, now: t.clock.now() }),
      ),
    ).toBe('COUPON_NOT_FOUND');
  });

  it('releases a held coupon once, and never a used one', async () => {
    const coupon = await grant();
    const ref = orderRef();
    await hold(coupon.id, ref);
    const release = (owner = seller.user.id) =>
      releaseCoupon(t, null, { ownerId: owner, orderRef: ref });
    expect(await release(other.user.id)).toBe(false);
    expect((await stored(coupon.id)).status).toBe('freezing');
    expect(await release()).toBe(true);
    expect(await stored(coupon.id)).toMatchObject({ status: 'unused', orderRef: null });
    expect(await release()).toBe(false);

    const usedRef = orderRef();
    await hold(coupon.id, usedRef);
    await useCoupon(t, null, { ownerId: seller.user.id, orderRef: usedRef, now: t.clock.now() });
    expect(await releaseCoupon(t, null, { ownerId: seller.user.id, orderRef: usedRef })).toBe(
      false,
    );
    expect(await stored(coupon.id)).toMatchObject({ status: 'used', orderRef: usedRef });
  });

  it("works inside the caller's transaction: undone with it, and a refusal spoils nothing else", async () => {
    const coupon = await grant();
    const taken = await grant();
    await hold(taken.id, orderRef());
    await expect(
      t.db.transaction(async (tx) => {
        await holdCoupon({ db: tx }, null, {
          ownerId: seller.user.id,
          couponId: coupon.id,
          orderRef: orderRef(),
          scope: 'serviceFee',
          currency: 'THB',
          amount: 150_00,
          now: t.clock.now(),
        });
        throw new Error('the payment failed after the hold');
      }),
    ).rejects.toThrow('the payment failed after the hold');
    expect((await stored(coupon.id)).status).toBe('unused');

    const ref = orderRef();
    const outcome = await t.db.transaction(async (tx) => {
      const refused = await refusal(
        holdCoupon({ db: tx }, null, {
          ownerId: seller.user.id,
          couponId: taken.id,
          orderRef: orderRef(),
          scope: 'serviceFee',
          currency: 'THB',
          amount: 150_00,
          now: t.clock.now(),
        }),
      );
      const held = await holdCoupon({ db: tx }, null, {
        ownerId: seller.user.id,
        couponId: coupon.id,
        orderRef: ref,
        scope: 'serviceFee',
        currency: 'THB',
        amount: 150_00,
        now: t.clock.now(),
      });
      return { refused, held };
    });
    expect(outcome).toEqual({
      refused: 'COUPON_IN_USE',
      held: { couponId: coupon.id, discount: 20_00 },
    });
    expect(await stored(coupon.id)).toMatchObject({ status: 'freezing', orderRef: ref });
  });
});

describe('concurrency', () => {
  it('lets one of two orders holding one coupon at once win; the other gets COUPON_IN_USE', async () => {
    for (let round = 0; round < 5; round++) {
      const coupon = await grant();
      const refs = [orderRef(), orderRef()];
      const outcomes = await Promise.allSettled(refs.map((ref) => hold(coupon.id, ref)));
      const won = outcomes.filter((o) => o.status === 'fulfilled');
      const lost = outcomes.filter((o) => o.status === 'rejected');
      expect(won).toHaveLength(1);
      expect(lost.map((o) => (o.reason as AppError).key)).toEqual(['COUPON_IN_USE']);
      const winner = refs[outcomes.findIndex((o) => o.status === 'fulfilled')];
      expect(await stored(coupon.id)).toMatchObject({ status: 'freezing', orderRef: winner });
    }
  });

  it('lets many orders race for one coupon, and one order race for many coupons: one hold each', async () => {
    const coupon = await grant();
    const outcomes = await Promise.allSettled(
      Array.from({ length: 12 }, () => hold(coupon.id, orderRef())),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    for (const o of outcomes)
      if (o.status === 'rejected') expect((o.reason as AppError).key).toBe('COUPON_IN_USE');

    const many = await Promise.all(Array.from({ length: 6 }, () => grant()));
    const ref = orderRef();
    const raced = await Promise.allSettled(many.map((c) => hold(c.id, ref)));
    expect(raced.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const rows = await t.db.select().from(coupons).where(eq(coupons.orderRef, ref));
    expect(rows).toHaveLength(1);
  });

  it('settles and releases one order racing with itself: the coupon ends up used or unused, never both', async () => {
    const coupon = await grant();
    const ref = orderRef();
    await hold(coupon.id, ref);
    const [settled, released] = await Promise.all([
      settleCoupon(t, null, {
        ownerId: seller.user.id,
        orderRef: ref,
        actual: 150_00,
        now: t.clock.now(),
      }),
      releaseCoupon(t, null, { ownerId: seller.user.id, orderRef: ref }),
    ]);
    const row = await stored(coupon.id);
    if (released) {
      expect(settled).toBe(0);
      expect(row.status).toBe('unused');
    } else {
      expect(settled).toBe(20_00);
      expect(row.status).toBe('used');
    }
  });
});

describe('GET /api-user/coupon/list', () => {
  it('shows each tab with the counts of all four, names in the reader language, expiry read off the clock', async () => {
    const owner = await makeSeller(t, `coupon-list-${randomUUID()}@example.com`, []);
    const now = t.clock.now().getTime();
    const base = {
      ownerId: owner.user.id,
      type: 'cash',
      scope: 'serviceFee',
      currency: 'THB',
      threshold: 0,
      maxOffset: 10_00,
      percentOff: null,
    } as const;
    const soon = await grantCoupon(t, null, {
      ...base,
      name: names('Soon'),
      validFrom: new Date(now - DAY),
      validTo: new Date(now + 2 * DAY),
    });
    const later = await grantCoupon(t, null, {
      ...base,
      scope: 'recharge',
      name: names('Later'),
      validFrom: new Date(now + DAY),
      validTo: new Date(now + 20 * DAY),
    });
    const past = await grantCoupon(t, null, {
      ...base,
      name: names('Past'),
      validFrom: new Date(now - 9 * DAY),
      validTo: new Date(now - DAY),
    });
    const held = await grantCoupon(t, null, {
      ...base,
      name: names('Held'),
      validFrom: new Date(now - DAY),
      validTo: new Date(now + 5 * DAY),
    });
    const spent = await grantCoupon(t, null, {
      ...base,
      name: names('Spent'),
      validFrom: new Date(now - DAY),
      validTo: new Date(now + 5 * DAY),
    });
    const holdFor = (couponId: string, ref: string) =>
      holdCoupon(t, null, {
        ownerId: owner.user.id,
        couponId,
        orderRef: ref,
        scope: 'serviceFee',
        currency: 'THB',
        amount: 50_00,
        now: t.clock.now(),
      });
    await holdFor(held.id, 'serviceOrder:HELD');
    await holdFor(spent.id, 'serviceOrder:SPENT');
    await useCoupon(t, null, {
      ownerId: owner.user.id,
      orderRef: 'serviceOrder:SPENT',
      now: t.clock.now(),
    });

    const list = async (query: Record<string, string>, language = 'en', token = owner.token) => {
      const res = await t.call('GET', `/api-user/coupon/list?${new URLSearchParams(query)}`, {
        token,
        language,
      });
      expect(res.body.resp_code, res.text).toBe(0);
      return CouponPageSchema.parse(res.body.datas);
    };
    const counts = { unused: 2, used: 1, expired: 1, freezing: 1 };
    const unused = await list({});
    expect(unused.counts).toEqual(counts);
    expect(unused.total).toBe(2);
    // Expiring soonest first.
    expect(unused.records.map((c) => c.id)).toEqual([soon.id, later.id]);
    expect(unused.records[0]).toMatchObject({
      name: 'Soon',
      status: 'unused',
      type: 'cash',
      scope: 'serviceFee',
      currency: 'THB',
      threshold: 0,
      maxOffset: 10_00,
      percentOff: null,
      validTo: new Date(now + 2 * DAY).toISOString(),
    });
    const expired = await list({ status: 'expired' }, 'zh');
    expect(expired.records.map((c) => [c.id, c.name, c.status])).toEqual([
      [past.id, 'Past 券', 'expired'],
    ]);
    const freezing = await list({ status: 'freezing' }, 'th');
    expect(freezing.records).toHaveLength(1);
    expect(freezing.records[0]).toMatchObject({
      id: held.id,
      name: 'คูปอง Held',
      status: 'freezing',
      orderRef: 'serviceOrder:HELD',
      discount: 10_00,
      usedAt: null,
    });
    const used = await list({ status: 'used' });
    expect(used.records[0]).toMatchObject({
      id: spent.id,
      status: 'used',
      orderRef: 'serviceOrder:SPENT',
      discount: 10_00,
      usedAt: t.clock.now().toISOString(),
    });
    expect((await list({ scope: 'recharge' })).counts).toEqual({
      unused: 1,
      used: 0,
      expired: 0,
      freezing: 0,
    });
    for (const status of COUPON_STATES) {
      const tab = await list({ status });
      expect(tab.total, status).toBe(counts[status]);
      expect(tab.records.every((c) => c.status === status)).toBe(true);
    }
    const paged = await list({ limit: '1', page: '2' });
    expect(paged.records.map((c) => c.id)).toEqual([later.id]);
    expect(paged.total).toBe(2);

    // Nothing is written when time passes: the soonest coupon reads as expired after its day.
    // (Read through the service: three days idle would end the session.)
    t.clock.advance(3 * DAY);
    try {
      const read = (status: 'expired' | 'freezing') =>
        listCoupons(t, { ownerId: owner.user.id }, { page: 1, limit: 20, status });
      const after = await read('expired');
      expect(after.counts).toEqual({ unused: 1, used: 1, expired: 2, freezing: 1 });
      expect(after.records.map((c) => c.id)).toEqual([soon.id, past.id]);
      expect((await stored(soon.id)).status).toBe('unused');
      // The held coupon stays held past its validity: the order took it while it was valid.
      expect((await read('freezing')).records.map((c) => c.id)).toEqual([held.id]);
    } finally {
      t.clock.advance(-3 * DAY);
    }

    // A sub-account holding the coupon centre sees its main account's coupons; others see none.
    const sub = await makeSubAccount(
      t,
      owner.token,
      `coupon-list-sub-${randomUUID()}@example.com`,
      [],
      [{ url: '/other/couponCenter', buttons: [] }],
    );
    expect((await list({}, 'en', sub.token)).counts).toEqual(counts);
    expect((await list({}, 'en', other.token)).records.every((c) => c.id !== soon.id)).toBe(true);
    const narrow = await makeSubAccount(
      t,
      owner.token,
      `coupon-narrow-${randomUUID()}@example.com`,
      [],
      [{ url: '/product/collectorList', buttons: [] }],
    );
    const denied = await t.call('GET', '/api-user/coupon/list', { token: narrow.token });
    expect(denied.body).toMatchObject({ key: 'PERMISSION_DENIED', datas: null });
    const badTab = await t.call('GET', '/api-user/coupon/list?status=lost', { token: owner.token });
    expect(badTab.body.key).toBe('VALIDATION_FAILED');
    const anonymous = await t.call('GET', '/api-user/coupon/list');
    expect(anonymous.status).toBe(401);
  });
});

describe('GET /api-user/coupon/usable', () => {
  it('lists the coupons that fit the order now, the biggest discount first', async () => {
    const owner = await makeSeller(t, `coupon-usable-${randomUUID()}@example.com`, []);
    const now = t.clock.now().getTime();
    const valid = { validFrom: new Date(now - DAY), validTo: new Date(now + 10 * DAY) };
    const make = (name: string, fields: Partial<GrantCouponInput>) =>
      grantCoupon(t, null, {
        ownerId: owner.user.id,
        name: names(name),
        type: 'cash',
        scope: 'purchaseFee',
        currency: 'THB',
        threshold: 0,
        maxOffset: 10_00,
        percentOff: null,
        ...valid,
        ...fields,
      });
    const cash10 = await make('Cash 10', {});
    const pct = await make('Ten percent', { type: 'discount', percentOff: 10, maxOffset: 100_00 });
    const general = await make('General 15', {
      scope: 'general',
      maxOffset: 15_00,
      validTo: new Date(now + 2 * DAY),
    });
    const general15Later = await make('General 15 later', { scope: 'general', maxOffset: 15_00 });
    await make('Other scope', { scope: 'recharge', maxOffset: 90_00 });
    await make('Other currency', { currency: 'CNY', maxOffset: 90_00 });
    await make('High threshold', { threshold: 500_00, maxOffset: 90_00 });
    await make('Not yet', { validFrom: new Date(now + DAY), maxOffset: 90_00 });
    await make('Gone', {
      validFrom: new Date(now - 5 * DAY),
      validTo: new Date(now - DAY),
      maxOffset: 90_00,
    });
    const taken = await make('Taken', { maxOffset: 90_00 });
    await holdCoupon(t, null, {
      ownerId: owner.user.id,
      couponId: taken.id,
      orderRef: 'serviceOrder:TAKEN',
      scope: 'purchaseFee',
      currency: 'THB',
      amount: 100_00,
      now: t.clock.now(),
    });

    const usable = async (query: Record<string, string>, token = owner.token) => {
      const res = await t.call('GET', `/api-user/coupon/usable?${new URLSearchParams(query)}`, {
        token,
        language: 'th',
      });
      expect(res.body.resp_code, res.text).toBe(0);
      return z.array(UsableCouponSchema).parse(res.body.datas);
    };
    const found = await usable({
      scope: 'purchaseFee',
      currency: 'THB',
      amount: '20000',
    });
    expect(found.map((u) => [u.coupon.id, u.discount])).toEqual([
      [pct.id, 20_00],
      [general.id, 15_00],
      [general15Later.id, 15_00],
      [cash10.id, 10_00],
    ]);
    expect(found[0]?.coupon).toMatchObject({ name: 'คูปอง Ten percent', status: 'unused' });
    // A small order: the percentage takes little, cash takes at most the amount.
    const small = await usable({ scope: 'purchaseFee', currency: 'THB', amount: '1200' });
    expect(small.map((u) => [u.coupon.id, u.discount])).toEqual([
      [general.id, 12_00],
      [general15Later.id, 12_00],
      [cash10.id, 10_00],
      [pct.id, 1_20],
    ]);
    expect(
      (await usable({ scope: 'serviceFee', currency: 'THB', amount: '20000' })).map(
        (u) => u.coupon.id,
      ),
    ).toEqual([general.id, general15Later.id]);
    expect(await usable({ scope: 'purchaseFee', currency: 'THB', amount: '0' })).toEqual([]);

    // Either paying page may ask: the order page or the recharge page.
    for (const [menu, allowed] of [
      ['/pay/orderTrading', true],
      ['/pay/recharge', true],
      ['/other/couponCenter', false],
    ] as const) {
      const sub = await makeSubAccount(
        t,
        owner.token,
        `usable-${randomUUID()}@example.com`,
        [],
        [{ url: menu, buttons: [] }],
      );
      const res = await t.call(
        'GET',
        '/api-user/coupon/usable?scope=recharge&currency=THB&amount=100',
        {
          token: sub.token,
        },
      );
      if (allowed) expect(res.body.resp_code, `${menu}: ${res.text}`).toBe(0);
      else expect(res.body).toMatchObject({ key: 'PERMISSION_DENIED', datas: null });
    }
    const missing = await t.call('GET', '/api-user/coupon/usable?scope=purchaseFee&currency=THB', {
      token: owner.token,
    });
    expect(missing.body.key).toBe('VALIDATION_FAILED');
  });
});

describe('verifyCoupons and the reconciliation', () => {
  it('finds a coupon used by two orders and a coupon held for an order that does not exist', async () => {
    const owner = await makeSeller(t, `coupon-verify-${randomUUID()}@example.com`, []);
    // Whatever the other tests of the file have granted so far (they may run before or after).
    await grant({ ownerId: owner.user.id, name: names('Verify clean') });
    const clean = await verifyCoupons(t, null);
    expect(clean.violations).toEqual([]);
    expect(clean.couponsChecked).toBe((await t.db.select({ id: coupons.id }).from(coupons)).length);
    expect(clean.couponsChecked).toBeGreaterThan(0);
    const now = t.clock.now();
    const coupon = await grantCoupon(t, null, {
      ownerId: owner.user.id,
      name: names('Verify'),
      type: 'cash',
      scope: 'general',
      currency: 'THB',
      threshold: 0,
      maxOffset: 10_00,
      percentOff: null,
      validFrom: new Date(now.getTime() - DAY),
      validTo: new Date(now.getTime() + DAY),
    });
    const tradeNo = `T${randomUUID().slice(0, 10)}`;
    await t.db.insert(tradeOrders).values({
      tradeNo,
      ownerId: owner.user.id,
      title: names('Warehouse'),
      scope: 'openWarehouse',
      amount: 100_00,
      currency: 'THB',
      status: 'paid',
      lines: [],
      paidBy: 'wallet',
      discount: 10_00,
      couponId: coupon.id,
      createdAt: now,
      paidAt: now,
    });
    await holdCoupon(t, null, {
      ownerId: owner.user.id,
      couponId: coupon.id,
      orderRef: `trade:${tradeNo}`,
      scope: 'openWarehouse',
      currency: 'THB',
      amount: 100_00,
      now,
    });
    await useCoupon(t, null, { ownerId: owner.user.id, orderRef: `trade:${tradeNo}`, now });
    // The same trade paid by QR also names the coupon on its payment order: still one use.
    const payment = {
      ownerId: owner.user.id,
      channel: 'promptpay',
      status: 'completed',
      amount: 100_00,
      currency: 'THB',
      discount: 10_00,
      payAmount: 90_00,
      payCurrency: 'THB',
      couponId: coupon.id,
      requestHash: 'x',
      createdAt: now,
    } as const;
    await t.db.insert(paymentOrders).values({
      ...payment,
      kind: 'trade',
      tradeNo,
      orderNo: `P${randomUUID().slice(0, 10)}`,
      idempotencyKey: randomUUID(),
    });
    expect((await verifyCoupons(t, null)).violations).toEqual([]);

    const rechargeNo = `R${randomUUID().slice(0, 10)}`;
    await t.db.insert(paymentOrders).values({
      ...payment,
      kind: 'recharge',
      orderNo: rechargeNo,
      idempotencyKey: randomUUID(),
    });
    const ghost = await grant();
    await hold(ghost.id, 'trade:NO-SUCH-ORDER');
    const found = await verifyCoupons(t, null);
    expect(found.violations).toEqual([
      {
        rule: 'couponUsedTwice',
        walletId: null,
        subject: coupon.id,
        detail: expect.stringContaining(`recharge:${rechargeNo}`),
      },
      {
        rule: 'couponWithoutOrder',
        walletId: null,
        subject: ghost.id,
        detail: expect.stringContaining('trade:NO-SUCH-ORDER'),
      },
    ]);

    const logs: unknown[] = [];
    const logger = { ...t.deps.logger, error: (message: string) => logs.push(message) };
    const result = await reconcileLedger({ db: t.db, clock: t.clock, logger }, { force: true });
    expect(result?.violations.map((v) => v.rule)).toEqual([
      'couponUsedTwice',
      'couponWithoutOrder',
    ]);
    expect(logs).toHaveLength(1);
    // Each account is told of its own coupons: the one used twice is the owner's, the held one
    // the seller's; a third account of neither.
    const check = await t.call('GET', '/api-user/wallet/ledgerCheck', { token: owner.token });
    expect(check.body.datas).toMatchObject({ violations: 1, healthy: false });
    const held = await t.call('GET', '/api-user/wallet/ledgerCheck', { token: seller.token });
    expect(held.body.datas).toMatchObject({ violations: 1, healthy: false });
    const third = await t.call('GET', '/api-user/wallet/ledgerCheck', { token: other.token });
    expect(third.body.datas).toMatchObject({ violations: 0, healthy: true });

    // Put right: the held coupon goes back, the stray payment order drops the coupon.
    await releaseCoupon(t, null, { ownerId: seller.user.id, orderRef: 'trade:NO-SUCH-ORDER' });
    await t.db
      .update(paymentOrders)
      .set({ couponId: null })
      .where(eq(paymentOrders.orderNo, rechargeNo));
    expect((await verifyCoupons(t, null)).violations).toEqual([]);
    const healthy = await reconcileLedger(
      { db: t.db, clock: t.clock, logger: t.deps.logger },
      { force: true },
    );
    expect(healthy?.violations).toEqual([]);
    for (const token of [owner.token, seller.token]) {
      const after = await t.call('GET', '/api-user/wallet/ledgerCheck', { token });
      expect(after.body.datas).toMatchObject({ violations: 0, healthy: true });
    }
  });
});
