import { randomUUID } from 'node:crypto';
import { configValues, messages, wallets } from '@server/db/schema/index';
import { grantCoupon } from '@server/modules/coupons/coupons.service';
import { recharge } from '@server/modules/wallet/wallet.service';
import { projectUsage } from '@server/modules/warehouses/forecast';
import { chargeMonthlyFees } from '@server/modules/warehouses/warehouses.service';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, makeSeller, makeSubAccount } from '../support/accounts';
import { createTestApp, type TestApp } from '../support/app';

/** th: 450.00 THB per CBM and month (migration 0020's configuration). */
const PRICE = 45_000;
const DAY = 86_400_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function seller(balance = 500_000) {
  const made = await makeSeller(t, `wh-${randomUUID()}@example.com`, ['Shop']);
  if (balance > 0)
    await recharge({ db: t.db, clock: t.clock }, null, {
      ownerId: made.user.id,
      currency: 'THB',
      amount: balance,
      reference: { type: 'recharge', id: randomUUID() },
      idempotencyKey: randomUUID(),
    });
  return made;
}

/** Sessions end after 12 idle hours: a test that moves the clock by days signs in again. */
const signIn = (made: Awaited<ReturnType<typeof seller>>) =>
  login(t, made.user.email ?? '', made.password);

const post = (path: string, token: string, json: unknown, key = randomUUID()) =>
  t.call('POST', path, { token, json, headers: { 'Idempotency-Key': key } });

async function available(ownerId: string) {
  const [row] = await t.db
    .select({ available: wallets.available, frozen: wallets.frozen })
    .from(wallets)
    .where(and(eq(wallets.ownerId, ownerId), eq(wallets.currency, 'THB')));
  return row;
}

describe('opening a warehouse', () => {
  it('charges the rest of the month by the day in the site time, with an opening coupon, once per key', async () => {
    // 2026-11-20 18:00 UTC is already the 21st in Bangkok: 10 days of November's 30 are left.
    t.clock.set(new Date('2026-11-20T18:00:00.000Z'));
    const { user, token } = await seller();
    const quote = await t.call('GET', '/api-user/warehouse/quote?site=th&volume=2', { token });
    expect(quote.body.datas).toMatchObject({
      currency: 'THB',
      pricePerCbm: PRICE,
      days: 10,
      daysInMonth: 30,
      amount: 30_000,
      month: '2026-11',
    });
    const coupon = await grantCoupon(t, null, {
      ownerId: user.id,
      name: { zh: '开仓', th: 'เปิดคลัง', en: 'Open' },
      type: 'cash',
      scope: 'openWarehouse',
      currency: 'THB',
      threshold: 0,
      maxOffset: 5_000,
      percentOff: null,
      validFrom: new Date('2026-11-01T00:00:00Z'),
      validTo: new Date('2026-12-31T00:00:00Z'),
    });
    const key = randomUUID();
    const opened = await post(
      '/api-user/warehouse/open',
      token,
      { site: 'th', volume: 2, couponId: coupon.id },
      key,
    );
    expect(opened.body.resp_code, opened.text).toBe(0);
    expect(opened.body.datas).toMatchObject({ paid: true, amount: 30_000, discount: 5_000 });
    expect(opened.body.datas.warehouse).toMatchObject({
      code: 'WH-BKK',
      state: 'normal',
      volume: 2,
      paidThrough: '2026-11',
      monthlyPayment: 2 * PRICE,
    });
    expect(opened.body.datas.warehouse.charges).toEqual([
      expect.objectContaining({
        kind: 'open',
        volume: 2,
        days: 10,
        daysInMonth: 30,
        amount: 30_000,
        discount: 5_000,
        unitPrice: PRICE,
      }),
    ]);
    expect(await available(user.id)).toEqual({ available: 500_000 - 25_000, frozen: 0 });
    // The same key answers the same order and charges nothing more.
    const again = await post(
      '/api-user/warehouse/open',
      token,
      { site: 'th', volume: 2, couponId: coupon.id },
      key,
    );
    expect(again.body.datas.tradeNo).toBe(opened.body.datas.tradeNo);
    expect(await available(user.id)).toEqual({ available: 475_000, frozen: 0 });
    const info = await t.call('GET', '/api-user/user/userInfo', { token });
    expect(info.body.datas.isWarehouse).toBe(true);
  });

  it('refuses less than 1 CBM, a site without a currency, and tells a short wallet its shortfall', async () => {
    const { token } = await seller(10_000);
    const small = await post('/api-user/warehouse/open', token, { site: 'th', volume: 0 });
    expect(small.body.key).toBe('VALIDATION_FAILED');
    const poland = await post('/api-user/warehouse/open', token, { site: 'pl', volume: 1 });
    expect(poland.body.key).toBe('WAREHOUSE_SITE_UNAVAILABLE');
    expect(poland.body.resp_msg).toBe('Warehouses on this site are not offered yet.');
    t.clock.set(new Date('2026-11-01T03:00:00.000Z'));
    const short = await post('/api-user/warehouse/open', token, { site: 'th', volume: 1 });
    expect(short.body.key).toBe('WALLET_INSUFFICIENT_BALANCE');
    expect(short.body.datas.shortfall).toBe(PRICE - 10_000);
    const info = await t.call('GET', '/api-user/user/userInfo', { token });
    expect(info.body.datas.isWarehouse).toBe(false);
  });

  it('opens the warehouse when its trade order is paid on the payment page', async () => {
    t.clock.set(new Date('2026-11-10T03:00:00.000Z'));
    const { token } = await seller();
    const ordered = await post('/api-user/warehouse/open', token, {
      site: 'th',
      volume: 1,
      pay: false,
    });
    expect(ordered.body.datas).toMatchObject({ paid: false, warehouse: { state: 'pending' } });
    expect((await t.call('GET', '/api-user/user/userInfo', { token })).body.datas.isWarehouse).toBe(
      false,
    );
    const paid = await post('/api-user/pay/orderTrading', token, {
      tradeNo: ordered.body.datas.tradeNo,
      method: 'wallet',
    });
    expect(paid.body.resp_code, paid.text).toBe(0);
    expect((await t.call('GET', '/api-user/user/userInfo', { token })).body.datas.isWarehouse).toBe(
      true,
    );
    const list = await t.call('GET', '/api-user/warehouse/list?site=th', { token });
    expect(list.body.datas.records).toEqual([
      expect.objectContaining({ state: 'normal', volume: 1, paidThrough: '2026-11' }),
    ]);
    expect(list.body.datas.counts).toEqual({ th: 1 });
  });

  it('is a main account’s: a sub-account cannot open one, and another seller sees none of it', async () => {
    t.clock.set(new Date('2026-11-10T03:00:00.000Z'));
    const owner = await seller();
    const opened = await post('/api-user/warehouse/open', owner.token, { site: 'th', volume: 1 });
    const sub = await makeSubAccount(t, owner.token, `wh-sub-${randomUUID()}@example.com`, []);
    const bySub = await post('/api-user/warehouse/open', sub.token, { site: 'th', volume: 1 });
    expect(bySub.body.resp_code).not.toBe(0);
    const other = await seller(0);
    const peek = await t.call(
      'GET',
      `/api-user/warehouse/inventory?id=${opened.body.datas.warehouse.id}`,
      {
        token: other.token,
      },
    );
    expect(peek.body.key).toBe('RECORD_NOT_FOUND');
    const downgrade = await post('/api-user/warehouse/downgrade', other.token, {
      id: opened.body.datas.warehouse.id,
      volume: 1,
    });
    expect(downgrade.body.key).toBe('RECORD_NOT_FOUND');
  });
});

describe('changing a warehouse', () => {
  it('upgrades at once for the days left, downgrades from next month with the last one counting, never below 1 CBM', async () => {
    t.clock.set(new Date('2027-02-15T03:00:00.000Z'));
    const made = await seller();
    const { user } = made;
    let token = made.token;
    const opened = await post('/api-user/warehouse/open', token, { site: 'th', volume: 2 });
    const id = opened.body.datas.warehouse.id;
    // 14 of February's 28 days: 450 × 2 × 14 / 28 = 450.00 THB.
    expect(opened.body.datas.amount).toBe(45_000);
    t.clock.advance(7 * DAY);
    token = await signIn(made);
    const up = await post('/api-user/warehouse/upgrade', token, { id, volume: 5 });
    // 7 days left, 3 CBM more: 450 × 3 × 7 / 28 = 337.50 THB.
    expect(up.body.datas).toMatchObject({ paid: true, amount: 33_750 });
    expect(up.body.datas.warehouse.volume).toBe(5);
    // The seller is told, in their language; a click opens the money history (type 4).
    const told = async (language: 'zh' | 'th' | 'en') =>
      (
        await t.call('GET', '/api-user/message/getMessageList?limit=20', { token, language })
      ).body.datas.records.map((m: { type: number; title: string; jumpId: string | null }) => [
        m.type,
        m.title,
        m.jumpId,
      ]);
    expect(await told('en')).toContainEqual([
      4,
      'Warehouse WH-BKK now holds 5 CBM: ฿337.50 was charged for the rest of 2027-02',
      null,
    ]);
    expect(await told('zh')).toContainEqual([
      4,
      '海外仓 WH-BKK 已扩容至 5 立方米，本月（2027-02）剩余天数扣费 ฿337.50',
      null,
    ]);
    expect(await told('th')).toContainEqual([
      4,
      'คลังสินค้า WH-BKK เพิ่มพื้นที่เป็น 5 ลบ.ม. แล้ว ชำระ ฿337.50 สำหรับวันที่เหลือของ 2027-02',
      null,
    ]);
    expect((await post('/api-user/warehouse/upgrade', token, { id, volume: 5 })).body.key).toBe(
      'WAREHOUSE_UPGRADE_INVALID',
    );
    for (const volume of [3, 1, 4]) {
      const down = await post('/api-user/warehouse/downgrade', token, { id, volume });
      expect(down.body.datas).toMatchObject({ volume: 5, nextVolume: volume });
    }
    expect((await post('/api-user/warehouse/downgrade', token, { id, volume: 0 })).body.key).toBe(
      'VALIDATION_FAILED',
    );
    expect((await post('/api-user/warehouse/downgrade', token, { id, volume: 6 })).body.key).toBe(
      'WAREHOUSE_DOWNGRADE_INVALID',
    );
    const before = await available(user.id);
    // 1 March 00:30 in Bangkok (17:30 UTC the day before): March is charged at the last downgrade.
    t.clock.set(new Date('2027-02-28T17:30:00.000Z'));
    await chargeMonthlyFees(t, null);
    await chargeMonthlyFees(t, null);
    token = await signIn(made);
    expect(await available(user.id)).toEqual({
      available: (before?.available ?? 0) - 4 * PRICE,
      frozen: 0,
    });
    const list = await t.call('GET', '/api-user/warehouse/list', { token });
    expect(list.body.datas.records[0]).toMatchObject({
      volume: 4,
      nextVolume: null,
      paidThrough: '2027-03',
    });
    expect(list.body.datas.records[0].charges.map((c: { kind: string }) => c.kind)).toEqual([
      'monthly',
      'upgrade',
      'open',
    ]);
    expect(list.body.datas.records[0].charges[0]).toMatchObject({
      kind: 'monthly',
      month: '2027-03',
      volume: 4,
      days: 31,
      daysInMonth: 31,
      amount: 4 * PRICE,
      reference: 'WH-BKK-2027-03',
    });
  });

  it('does not charge before the 1st in the site time zone', async () => {
    t.clock.set(new Date('2027-05-10T03:00:00.000Z'));
    const made = await seller();
    await post('/api-user/warehouse/open', made.token, { site: 'th', volume: 1 });
    const paidThrough = async () =>
      (await t.call('GET', '/api-user/warehouse/list', { token: await signIn(made) })).body.datas
        .records[0].paidThrough;
    // 31 May 16:59 UTC is still 31 May 23:59 in Bangkok.
    t.clock.set(new Date('2027-05-31T16:59:00.000Z'));
    await chargeMonthlyFees(t, null);
    expect(await paidThrough()).toBe('2027-05');
    t.clock.set(new Date('2027-05-31T17:00:00.000Z'));
    await chargeMonthlyFees(t, null);
    expect(await paidThrough()).toBe('2027-06');
  });

  it('expires on an unpaid fee with a message, renews for the rest of the month, and closes after a cancelled plan', async () => {
    t.clock.set(new Date('2027-06-20T03:00:00.000Z'));
    const made = await seller(PRICE);
    const { user } = made;
    let token = made.token;
    const opened = await post('/api-user/warehouse/open', token, { site: 'th', volume: 1 });
    const id = opened.body.datas.warehouse.id;
    t.clock.set(new Date('2027-07-01T03:00:00.000Z'));
    await chargeMonthlyFees(t, null);
    token = await signIn(made);
    let list = await t.call('GET', '/api-user/warehouse/list', { token });
    expect(list.body.datas.records[0]).toMatchObject({ state: 'expired', paidThrough: '2027-06' });
    const told = await t.db.select().from(messages).where(eq(messages.userId, user.id));
    expect(told.map((m) => m.titleKey)).toContain('warehouseExpired');
    expect((await t.call('GET', '/api-user/user/userInfo', { token })).body.datas.isWarehouse).toBe(
      false,
    );
    await recharge({ db: t.db, clock: t.clock }, null, {
      ownerId: user.id,
      currency: 'THB',
      amount: PRICE,
      reference: { type: 'recharge', id: randomUUID() },
      idempotencyKey: randomUUID(),
    });
    t.clock.set(new Date('2027-07-22T03:00:00.000Z'));
    token = await signIn(made);
    const renewed = await post('/api-user/warehouse/renew', token, { id });
    // 10 of July's 31 days: 450 × 10 / 31 = 145.16 THB.
    expect(renewed.body.datas).toMatchObject({ paid: true, amount: 14_516 });
    expect(renewed.body.datas.warehouse).toMatchObject({ state: 'normal', paidThrough: '2027-07' });
    const renewedMessage = await t.call('GET', '/api-user/message/getMessageList?limit=20', {
      token,
      language: 'en',
    });
    expect(renewedMessage.body.datas.records[0]).toMatchObject({
      type: 4,
      title: 'Warehouse WH-BKK was renewed for 2027-07: ฿145.16 was charged',
      jumpId: null,
    });
    const cancelled = await post('/api-user/warehouse/cancelMonthly', token, { id });
    expect(cancelled.body.datas.autoRenew).toBe(false);
    t.clock.set(new Date('2027-08-01T03:00:00.000Z'));
    await chargeMonthlyFees(t, null);
    token = await signIn(made);
    list = await t.call('GET', '/api-user/warehouse/list', { token });
    expect(list.body.datas.records[0]).toMatchObject({ state: 'closed', paidThrough: '2027-07' });
    const all = await t.db.select().from(messages).where(eq(messages.userId, user.id));
    expect(all.map((m) => m.titleKey).sort()).toEqual([
      'warehouseClosed',
      'warehouseExpired',
      'warehouseOpened',
      'warehouseRenewed',
    ]);
  });

  it('renews with an opening coupon judged on the renewal amount, refusing one of another scope or above its threshold', async () => {
    t.clock.set(new Date('2027-09-20T03:00:00.000Z'));
    const made = await seller(0);
    const { user } = made;
    let token = made.token;
    // Exactly the opening in the wallet: October's fee finds it empty, and the warehouse expires.
    const quote = await t.call('GET', '/api-user/warehouse/quote?site=th&volume=2', { token });
    await recharge({ db: t.db, clock: t.clock }, null, {
      ownerId: user.id,
      currency: 'THB',
      amount: quote.body.datas.amount,
      reference: { type: 'recharge', id: randomUUID() },
      idempotencyKey: randomUUID(),
    });
    const opened = await post('/api-user/warehouse/open', token, { site: 'th', volume: 2 });
    const id = opened.body.datas.warehouse.id;
    t.clock.set(new Date('2027-10-01T03:00:00.000Z'));
    await chargeMonthlyFees(t, null);
    await recharge({ db: t.db, clock: t.clock }, null, {
      ownerId: user.id,
      currency: 'THB',
      amount: PRICE * 2,
      reference: { type: 'recharge', id: randomUUID() },
      idempotencyKey: randomUUID(),
    });
    t.clock.set(new Date('2027-10-22T03:00:00.000Z'));
    token = await signIn(made);
    // 2 CBM for 10 of October's 31 days: 900 × 10 / 31 = 290.32 THB.
    const amount = 29_032;
    const grant = (scope: 'openWarehouse' | 'upgradeWarehouse', threshold: number) =>
      grantCoupon(t, null, {
        ownerId: user.id,
        name: { zh: '续费', th: 'ต่ออายุ', en: 'Renew' },
        type: 'cash',
        scope,
        currency: 'THB',
        threshold,
        maxOffset: 3_000,
        percentOff: null,
        validFrom: new Date('2027-10-01T00:00:00Z'),
        validTo: new Date('2027-12-31T00:00:00Z'),
      });
    // The console asks for usable coupons of the renew scope on the renewal amount.
    const offered = await t.call(
      'GET',
      `/api-user/coupon/usable?scope=openWarehouse&currency=THB&amount=${amount}`,
      { token },
    );
    const tooHigh = await grant('openWarehouse', amount + 1);
    const otherScope = await grant('upgradeWarehouse', 0);
    const fits = await grant('openWarehouse', amount);
    const listed = await t.call(
      'GET',
      `/api-user/coupon/usable?scope=openWarehouse&currency=THB&amount=${amount}`,
      { token },
    );
    expect(offered.body.resp_code, offered.text).toBe(0);
    const ids = listed.body.datas.map((entry: { coupon: { id: string } }) => entry.coupon.id);
    expect(ids).toContain(fits.id);
    expect(ids).not.toContain(tooHigh.id);
    expect(ids).not.toContain(otherScope.id);
    const before = await available(user.id);
    for (const [refused, why] of [
      [tooHigh, 'COUPON_THRESHOLD_NOT_MET'],
      [otherScope, 'COUPON_SCENE_INVALID'],
    ] as const) {
      const res = await post('/api-user/warehouse/renew', token, { id, couponId: refused.id });
      expect(res.body.key, res.text).toBe(why);
      expect(await available(user.id)).toEqual(before);
    }
    const listedAfter = await t.call('GET', '/api-user/warehouse/list', { token });
    expect(listedAfter.body.datas.records.find((w: { id: string }) => w.id === id).state).toBe(
      'expired',
    );
    const renewed = await post('/api-user/warehouse/renew', token, { id, couponId: fits.id });
    expect(renewed.body.datas, renewed.text).toMatchObject({
      paid: true,
      amount,
      discount: 3_000,
    });
    expect(renewed.body.datas.warehouse).toMatchObject({ state: 'normal', paidThrough: '2027-10' });
    expect((await available(user.id))?.available).toBe((before?.available ?? 0) - amount + 3_000);
  });

  it('offers a site once its price names a currency', async () => {
    const { token } = await seller();
    let prices = (await t.call('GET', '/api-user/warehouse/list', { token })).body.datas.prices;
    expect(prices.find((p: { site: string }) => p.site === 'br')).toMatchObject({
      available: false,
    });
    await t.db
      .update(configValues)
      .set({ keyValue: 'USD:1500' })
      .where(and(eq(configValues.dicType, 'WAREHOUSE_PRICE'), eq(configValues.keyName, 'br')));
    prices = (await t.call('GET', '/api-user/warehouse/list', { token })).body.datas.prices;
    expect(prices.find((p: { site: string }) => p.site === 'br')).toMatchObject({
      available: true,
      currency: 'USD',
      pricePerCbm: 1500,
    });
    await t.db
      .update(configValues)
      .set({ keyValue: '' })
      .where(and(eq(configValues.dicType, 'WAREHOUSE_PRICE'), eq(configValues.keyName, 'br')));
  });
});

describe('the usage forecast', () => {
  const base = { today: '2026-11-30', capacityCbm: 2, pricePerCbm: PRICE, inTransitLitres: 0 };
  const days = (n: number, at: (i: number) => number) =>
    Array.from({ length: n }, (_, i) => ({
      day: new Date(Date.UTC(2026, 10, 1 + i)).toISOString().slice(0, 10),
      litres: at(i),
    }));

  it('finds the day a steady rise passes capacity, and suggests the upgrade', () => {
    // 1,000 L rising 20 L a day: 2,000 L on day 50, passed on day 51.
    const result = projectUsage({
      ...base,
      history: days(30, (i) => 400 + 20 * i),
      currentLitres: 1_000,
      salesLitresPerDay: 0,
    });
    expect(result.runOutDay).toBe('2027-01-20');
    expect(result.points.map((p) => p.litres)).toEqual([1_600, 2_200, 2_800]);
    expect(result.suggestion).toEqual({ kind: 'upgrade', volume: 3 });
  });

  it('counts arrivals in transit over two weeks, and sales alone without a week of history', () => {
    const result = projectUsage({
      ...base,
      history: days(3, () => 1_500),
      currentLitres: 1_500,
      inTransitLitres: 700,
      salesLitresPerDay: 10,
    });
    // 50 L arrive and 10 L sell a day: day 12 holds 1,980 L, day 13 2,020 L.
    expect(result.runOutDay).toBe('2026-12-13');
  });

  it('suggests a downgrade when usage falls, never below 1 CBM', () => {
    const result = projectUsage({
      ...base,
      capacityCbm: 4,
      history: days(30, (i) => 1_200 - 10 * i),
      currentLitres: 900,
      salesLitresPerDay: 0,
    });
    expect(result.runOutDay).toBeNull();
    expect(result.points.map((p) => p.neededCbm)).toEqual([1, 1, 1]);
    expect(result.suggestion).toEqual({ kind: 'downgrade', volume: 1 });
  });
});
