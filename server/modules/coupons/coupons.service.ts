import {
  COUPON_SCOPES,
  COUPON_TYPES,
  type Coupon,
  type CouponListQuery,
  type CouponPage,
  type CouponScope,
  type CouponState,
  type CouponType,
  type UsableCoupon,
  type UsableCouponsQuery,
} from '@shared/contracts/coupons';
import { LANGUAGES, type Language } from '@shared/contracts/languages';
import { CURRENCIES, type Currency } from '@shared/contracts/money';
import { and, asc, eq, gte, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Actor, AppDeps } from '../../context';
import type { Database } from '../../db/client';
import { coupons, users } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { type KeysetKey, keyset } from '../../lib/keyset';
import type { LedgerTx } from '../wallet/idempotency';

/**
 * Coupons of spec sections 3, 4 and 9. A coupon is stored `unused`, `freezing` (held by a
 * submitted order, `order_ref`) or `used` (that order completed); `expired` is an unused coupon
 * past `valid_to`, read off the clock, so nothing has to run at midnight to expire coupons. Every
 * change locks the coupon row first (SELECT ... FOR UPDATE), so two orders reaching for one
 * coupon at once are served one after the other: the second finds it held.
 *
 * The hold, settle, use and release functions take the Database or the caller's transaction as
 * `deps.db`, so a payment can hold its coupon in the same transaction that writes the payment:
 * they run in a transaction of their own (a savepoint inside the caller's). They, the grants and
 * the reconciliation take no actor: the payment or order that calls them checked its own, and
 * names the coupon's owner in the input.
 */

/** What the coupon functions run on: the Database, or a transaction in progress. */
export type CouponStore = Database | LedgerTx;

type CouponRow = typeof coupons.$inferSelect;

/**
 * How an order names itself on the coupon it holds: `trade:<tradeNo>` for a trade order,
 * `recharge:<orderNo>` for a recharge payment order (the reconciliation finds those orders by
 * it); any other order as its wallet reference, `<type>:<id>`.
 */
export function couponOrderRef(kind: 'trade' | 'recharge', number: string): string {
  return `${kind}:${number}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ORDER_REF_MAX = 200;

function invalid(field: string): AppError {
  return new AppError('VALIDATION_FAILED', { params: { fields: field } });
}

function checkAmount(value: number, field: string): void {
  if (!Number.isSafeInteger(value) || value < 0) throw invalid(field);
}

function checkOrderRef(orderRef: string): void {
  if (typeof orderRef !== 'string' || orderRef.length === 0 || orderRef.length > ORDER_REF_MAX)
    throw invalid('orderRef');
}

function runIn<T>(store: CouponStore, body: (tx: LedgerTx) => Promise<T>): Promise<T> {
  // A transaction nested in the caller's becomes a savepoint: a refusal here undoes only this.
  return (store as Database).transaction(body);
}

/**
 * What a coupon takes off an amount, integer minor units: cash takes its fixed amount, a discount
 * its percentage rounded down; neither more than the maximum offset nor more than the amount.
 */
export function couponDiscount(
  coupon: Pick<Coupon, 'type' | 'maxOffset' | 'percentOff'>,
  amount: number,
): number {
  if (!Number.isSafeInteger(amount) || amount <= 0) return 0;
  if (coupon.type === 'cash') return Math.min(coupon.maxOffset, amount);
  // BigInt keeps amount * percent exact beyond 2^53.
  const off = Number((BigInt(amount) * BigInt(coupon.percentOff ?? 0)) / 100n);
  return Math.min(coupon.maxOffset, off);
}

/** The state a reader sees: an unused coupon past its validity is expired. */
function stateOf(row: Pick<CouponRow, 'status' | 'validTo'>, now: Date): CouponState {
  return row.status === 'unused' && row.validTo.getTime() < now.getTime() ? 'expired' : row.status;
}

function nameIn(names: Record<string, string>, language: Language): string {
  return names[language] ?? names.en ?? Object.values(names)[0] ?? '';
}

function toCoupon(row: CouponRow, language: Language, now: Date): Coupon {
  return {
    id: row.id,
    name: nameIn(row.name, language),
    type: row.type,
    scope: row.scope,
    currency: row.currency,
    threshold: row.threshold,
    maxOffset: row.maxOffset,
    percentOff: row.percentOff,
    validFrom: row.validFrom.toISOString(),
    validTo: row.validTo.toISOString(),
    status: stateOf(row, now),
    started: row.validFrom.getTime() <= now.getTime(),
    orderRef: row.orderRef,
    discount: row.discount,
    usedAt: row.usedAt?.toISOString() ?? null,
  };
}

/** The rows of one tab of the coupon centre. */
function tabCondition(state: CouponState, now: Date): SQL | undefined {
  switch (state) {
    case 'unused':
      return and(eq(coupons.status, 'unused'), gte(coupons.validTo, now));
    case 'expired':
      return and(eq(coupons.status, 'unused'), lt(coupons.validTo, now));
    case 'freezing':
      return eq(coupons.status, 'freezing');
    case 'used':
      return eq(coupons.status, 'used');
  }
}

/** Each tab in the order its reader needs: what expires soonest, what happened last. */
function tabOrder(state: CouponState): KeysetKey[] {
  switch (state) {
    case 'unused':
      return [
        { column: coupons.validTo, order: 'asc' },
        { column: coupons.createdAt, order: 'asc' },
        { column: coupons.id, order: 'asc' },
      ];
    case 'expired':
      return [
        { column: coupons.validTo, order: 'desc' },
        { column: coupons.id, order: 'asc' },
      ];
    case 'freezing':
      return [
        { column: coupons.frozenAt, order: 'desc' },
        { column: coupons.id, order: 'asc' },
      ];
    case 'used':
      return [
        { column: coupons.usedAt, order: 'desc' },
        { column: coupons.id, order: 'asc' },
      ];
  }
}

/**
 * GET /api-user/coupon/list: one tab of the coupon centre (the main account's coupons), with the
 * count of every tab under the same scope filter. Names are in the reader's language.
 */
export async function listCoupons(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  actor: Pick<Actor, 'ownerId'>,
  query: CouponListQuery & { language?: Language },
): Promise<CouponPage> {
  const { db, clock } = deps;
  const now = clock.now();
  const language = query.language ?? 'en';
  const mine = and(
    eq(coupons.ownerId, actor.ownerId),
    query.scope ? eq(coupons.scope, query.scope) : undefined,
  );
  const [counts] = await db
    .select({
      unused: sql<number>`(count(*) filter (where ${tabCondition('unused', now)}))::int`,
      expired: sql<number>`(count(*) filter (where ${tabCondition('expired', now)}))::int`,
      freezing: sql<number>`(count(*) filter (where ${tabCondition('freezing', now)}))::int`,
      used: sql<number>`(count(*) filter (where ${tabCondition('used', now)}))::int`,
    })
    .from(coupons)
    .where(mine);
  const tally = {
    unused: Number(counts?.unused ?? 0),
    used: Number(counts?.used ?? 0),
    expired: Number(counts?.expired ?? 0),
    freezing: Number(counts?.freezing ?? 0),
  };
  const page = keyset(tabOrder(query.status), query);
  const found = await db
    .select({ coupon: coupons, cursorKey: page.key })
    .from(coupons)
    .where(and(mine, tabCondition(query.status, now), page.where))
    .orderBy(...page.orderBy)
    .limit(page.limit)
    .offset(page.offset);
  const { rows, next, previous } = page.finish(found);
  return {
    records: rows.map((row) => toCoupon(row.coupon, language, now)),
    total: tally[query.status],
    next,
    previous,
    counts: tally,
  };
}

/**
 * GET /api-user/coupon/usable: the coupons an order of this scope, currency and amount can use
 * now (unused, within validity, the same currency, its scope or `general`, the threshold
 * reached, something to take off), the biggest discount first, then the one expiring soonest.
 */
export async function usableCoupons(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  actor: Pick<Actor, 'ownerId'>,
  query: UsableCouponsQuery & { language?: Language },
): Promise<UsableCoupon[]> {
  const { db, clock } = deps;
  const now = clock.now();
  const language = query.language ?? 'en';
  const rows = await db
    .select()
    .from(coupons)
    .where(
      and(
        eq(coupons.ownerId, actor.ownerId),
        eq(coupons.status, 'unused'),
        lte(coupons.validFrom, now),
        gte(coupons.validTo, now),
        eq(coupons.currency, query.currency),
        or(eq(coupons.scope, query.scope), eq(coupons.scope, 'general')),
        lte(coupons.threshold, query.amount),
      ),
    )
    .orderBy(asc(coupons.validTo), asc(coupons.id));
  return rows
    .map((row) => ({
      coupon: toCoupon(row, language, now),
      discount: couponDiscount(row, query.amount),
    }))
    .filter((usable) => usable.discount > 0)
    .sort(
      (a, b) =>
        b.discount - a.discount ||
        a.coupon.validTo.localeCompare(b.coupon.validTo) ||
        a.coupon.id.localeCompare(b.coupon.id),
    );
}

export interface HoldCouponInput {
  /** The main account whose coupon it is. */
  ownerId: string;
  couponId: string;
  /** The order that holds it (see couponOrderRef). */
  orderRef: string;
  /** What the order is for and what it costs. */
  scope: CouponScope;
  currency: Currency;
  amount: number;
  now: Date;
}

export interface HeldCoupon {
  couponId: string;
  /** What it takes off the order, minor units of its currency. */
  discount: number;
}

/**
 * Holds a coupon for a submitted order (spec section 4: frozen at submission) with what it takes
 * off the order's amount. The same order holding it again gets the same answer; an order holds
 * one coupon at most. Refusals: COUPON_NOT_FOUND (no such coupon of this account),
 * COUPON_USED, COUPON_IN_USE (another order holds it, or this order holds another),
 * COUPON_EXPIRED, COUPON_NOT_AVAILABLE (not valid yet), COUPON_SCENE_INVALID (another scope),
 * COUPON_TYPE_INVALID (another currency), COUPON_THRESHOLD_NOT_MET.
 */
export async function holdCoupon(
  deps: { db: CouponStore },
  _actor: null,
  input: HoldCouponInput,
): Promise<HeldCoupon> {
  const store = deps.db;
  checkOrderRef(input.orderRef);
  checkAmount(input.amount, 'amount');
  if (!(COUPON_SCOPES as readonly string[]).includes(input.scope)) throw invalid('scope');
  if (!(CURRENCIES as readonly string[]).includes(input.currency)) throw invalid('currency');
  if (!UUID.test(input.couponId)) throw new AppError('COUPON_NOT_FOUND');
  return runIn(store, async (tx) => {
    // One order, one coupon: orders holding different coupons for the same order wait on this
    // lock, so the second sees the first's hold. It lasts until the transaction ends.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`coupon-order:${input.ownerId}:${input.orderRef}`}, 0))`,
    );
    const [row] = await tx
      .select()
      .from(coupons)
      .where(and(eq(coupons.id, input.couponId), eq(coupons.ownerId, input.ownerId)))
      .for('update');
    if (!row) throw new AppError('COUPON_NOT_FOUND');
    if (row.status === 'used') throw new AppError('COUPON_USED');
    if (row.status === 'freezing') {
      if (row.orderRef === input.orderRef) return { couponId: row.id, discount: row.discount ?? 0 };
      throw new AppError('COUPON_IN_USE');
    }
    const now = input.now;
    if (row.validTo.getTime() < now.getTime()) throw new AppError('COUPON_EXPIRED');
    if (row.validFrom.getTime() > now.getTime()) throw new AppError('COUPON_NOT_AVAILABLE');
    if (row.scope !== 'general' && row.scope !== input.scope)
      throw new AppError('COUPON_SCENE_INVALID');
    if (row.currency !== input.currency) throw new AppError('COUPON_TYPE_INVALID');
    if (input.amount < row.threshold) throw new AppError('COUPON_THRESHOLD_NOT_MET');
    const [other] = await tx
      .select({ id: coupons.id })
      .from(coupons)
      .where(
        and(
          eq(coupons.ownerId, input.ownerId),
          eq(coupons.orderRef, input.orderRef),
          sql`${coupons.id} <> ${row.id}`,
        ),
      )
      .limit(1);
    if (other) throw new AppError('COUPON_IN_USE');
    const discount = couponDiscount(row, input.amount);
    await tx
      .update(coupons)
      .set({ status: 'freezing', orderRef: input.orderRef, discount, frozenAt: now })
      .where(eq(coupons.id, row.id));
    return { couponId: row.id, discount };
  });
}

/** The coupon an order holds or used, locked; none when the order has none. */
async function lockByOrder(
  tx: LedgerTx,
  ownerId: string,
  orderRef: string,
): Promise<CouponRow | undefined> {
  const [row] = await tx
    .select()
    .from(coupons)
    .where(and(eq(coupons.ownerId, ownerId), eq(coupons.orderRef, orderRef)))
    .orderBy(asc(coupons.createdAt))
    .limit(1)
    .for('update');
  return row;
}

async function putBack(tx: LedgerTx, id: string): Promise<void> {
  await tx
    .update(coupons)
    .set({ status: 'unused', orderRef: null, discount: null, frozenAt: null })
    .where(eq(coupons.id, id));
}

/**
 * Completes an order with the coupon it holds, on the order's actual cost: the coupon becomes
 * used with its discount worked out on that cost, and that discount is answered. When the actual
 * cost misses the threshold (or leaves nothing to take off) the coupon goes back to unused and
 * the answer is 0 (spec section 4), as it is for an order that holds no coupon. Settling an order
 * again answers the discount its coupon was used for.
 */
export async function settleCoupon(
  deps: { db: CouponStore },
  _actor: null,
  input: { ownerId: string; orderRef: string; actual: number; now: Date },
): Promise<number> {
  const store = deps.db;
  checkOrderRef(input.orderRef);
  checkAmount(input.actual, 'actual');
  return runIn(store, async (tx) => {
    const row = await lockByOrder(tx, input.ownerId, input.orderRef);
    if (!row) return 0;
    if (row.status === 'used') return row.discount ?? 0;
    const discount = input.actual >= row.threshold ? couponDiscount(row, input.actual) : 0;
    if (discount === 0) {
      await putBack(tx, row.id);
      return 0;
    }
    await tx
      .update(coupons)
      .set({ status: 'used', discount, usedAt: input.now })
      .where(eq(coupons.id, row.id));
    return discount;
  });
}

/**
 * Marks the coupon an order holds as used, with the discount it was held with (an order paid for
 * exactly what it was submitted for, such as a recharge). Answers that discount; again for an
 * order whose coupon is already used. COUPON_NOT_FOUND when the order holds no coupon.
 */
export async function useCoupon(
  deps: { db: CouponStore },
  _actor: null,
  input: { ownerId: string; orderRef: string; now: Date },
): Promise<HeldCoupon> {
  const store = deps.db;
  checkOrderRef(input.orderRef);
  return runIn(store, async (tx) => {
    const row = await lockByOrder(tx, input.ownerId, input.orderRef);
    if (!row) throw new AppError('COUPON_NOT_FOUND');
    if (row.status === 'freezing')
      await tx
        .update(coupons)
        .set({ status: 'used', usedAt: input.now })
        .where(eq(coupons.id, row.id));
    return { couponId: row.id, discount: row.discount ?? 0 };
  });
}

/**
 * Gives the coupon an order holds back (the order was cancelled or its payment closed). Answers
 * whether one went back; nothing happens for an order that holds none, and a used coupon is
 * never given back.
 */
export async function releaseCoupon(
  deps: { db: CouponStore },
  _actor: null,
  input: { ownerId: string; orderRef: string },
): Promise<boolean> {
  const store = deps.db;
  checkOrderRef(input.orderRef);
  return runIn(store, async (tx) => {
    const row = await lockByOrder(tx, input.ownerId, input.orderRef);
    if (row?.status !== 'freezing') return false;
    await putBack(tx, row.id);
    return true;
  });
}

export interface GrantCouponInput {
  /** A main account. */
  ownerId: string;
  name: Record<Language, string>;
  type: CouponType;
  scope: CouponScope;
  currency: Currency;
  /** Minor units; 0 for none. */
  threshold: number;
  /** Cash: the amount taken off; discount: the most taken off. Minor units, positive. */
  maxOffset: number;
  /** Discount: 1 to 99; cash: null. */
  percentOff: number | null;
  validFrom: Date;
  validTo: Date;
}

/** Gives a main account a coupon (demo data, promotions). Answers it with its English name. */
export async function grantCoupon(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  _actor: null,
  input: GrantCouponInput,
): Promise<Coupon> {
  const { db, clock } = deps;
  for (const language of LANGUAGES)
    if (typeof input.name?.[language] !== 'string' || input.name[language].trim() === '')
      throw invalid('name');
  if (!(COUPON_TYPES as readonly string[]).includes(input.type)) throw invalid('type');
  if (!(COUPON_SCOPES as readonly string[]).includes(input.scope)) throw invalid('scope');
  if (!(CURRENCIES as readonly string[]).includes(input.currency)) throw invalid('currency');
  checkAmount(input.threshold, 'threshold');
  checkAmount(input.maxOffset, 'maxOffset');
  if (input.maxOffset === 0) throw invalid('maxOffset');
  if (input.type === 'cash' ? input.percentOff !== null : !isPercent(input.percentOff))
    throw invalid('percentOff');
  if (!(input.validFrom.getTime() < input.validTo.getTime())) throw invalid('validTo');
  const [owner] = await db
    .select({ parentId: users.parentId })
    .from(users)
    .where(eq(users.id, input.ownerId));
  if (!owner || owner.parentId !== null) throw invalid('ownerId');
  const now = clock.now();
  const [row] = await db
    .insert(coupons)
    .values({
      ownerId: input.ownerId,
      name: { zh: input.name.zh, th: input.name.th, en: input.name.en },
      type: input.type,
      scope: input.scope,
      currency: input.currency,
      threshold: input.threshold,
      maxOffset: input.maxOffset,
      percentOff: input.type === 'cash' ? null : input.percentOff,
      validFrom: input.validFrom,
      validTo: input.validTo,
      createdAt: now,
    })
    .returning();
  if (!row) throw new Error('coupon not written');
  return toCoupon(row, 'en', now);
}

function isPercent(value: number | null): boolean {
  return value !== null && Number.isInteger(value) && value >= 1 && value <= 99;
}

/** The rules the reconciliation holds coupons to; a violation names one. */
const COUPON_RULES = [
  /** Two paid orders (trade orders, completed payment orders) took off the same coupon. */
  'couponUsedTwice',
  /** A used or held coupon names no order, or an order that does not exist. */
  'couponWithoutOrder',
] as const;
type CouponRule = (typeof COUPON_RULES)[number];

export interface CouponViolation {
  rule: CouponRule;
  /** Coupons belong to no wallet; kept for the shape the reconciliation stores. */
  walletId: null;
  /** The coupon. */
  subject: string;
  detail: string;
}

export interface CouponVerification {
  couponsChecked: number;
  violations: CouponViolation[];
}

async function rowsOf<T>(tx: LedgerTx, query: SQL): Promise<T[]> {
  const result = (await tx.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Checks that every coupon was used at most once (no two paid trade orders or completed payment
 * orders took it off, a trade paid by QR counting once) and that every used or held coupon names
 * an order, one that exists when it is a trade or recharge order of the same account. Reads one
 * snapshot, so it may run while orders go on.
 */
export async function verifyCoupons(
  deps: { db: Database },
  _actor: null,
): Promise<CouponVerification> {
  const { db } = deps;
  return db.transaction(
    async (tx) => {
      const violations: CouponViolation[] = [];
      const [counted] = await rowsOf<{ coupons: unknown }>(
        tx,
        sql`select count(*) as coupons from coupons`,
      );
      const twice = await rowsOf<{ coupon_id: string; refs: unknown; orders: string }>(
        tx,
        sql`select coupon_id, count(distinct ref) as refs, string_agg(distinct ref, ', ') as orders
        from (
          select coupon_id, 'trade:' || trade_no as ref from trade_orders
            where coupon_id is not null and status = 'paid'
          union all
          select coupon_id,
              case when kind = 'trade' and trade_no is not null then 'trade:' || trade_no
                else kind || ':' || order_no end as ref
            from payment_orders
            where coupon_id is not null and status = 'completed'
        ) uses
        group by coupon_id
        having count(distinct ref) > 1`,
      );
      for (const row of twice)
        violations.push({
          rule: 'couponUsedTwice',
          walletId: null,
          subject: String(row.coupon_id),
          detail: `used by ${Number(row.refs)} orders: ${row.orders}`,
        });
      const orphans = await rowsOf<{ id: string; status: string; order_ref: string | null }>(
        tx,
        sql`select c.id, c.status, c.order_ref from coupons c
        where c.status in ('used', 'freezing') and (
          coalesce(c.order_ref, '') = ''
          or (c.order_ref like 'trade:%' and not exists (
            select 1 from trade_orders t
            where t.owner_id = c.owner_id and t.trade_no = substr(c.order_ref, 7)))
          or (c.order_ref like 'recharge:%' and not exists (
            select 1 from payment_orders p
            where p.owner_id = c.owner_id and p.kind = 'recharge' and p.order_no = substr(c.order_ref, 10)))
        )`,
      );
      for (const row of orphans)
        violations.push({
          rule: 'couponWithoutOrder',
          walletId: null,
          subject: String(row.id),
          detail: `${row.status} for ${row.order_ref ? `missing order ${row.order_ref}` : 'no order'}`,
        });
      return { couponsChecked: Number(counted?.coupons ?? 0), violations };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
