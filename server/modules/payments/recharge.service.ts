import type { Language } from '@shared/contracts/languages';
import { CURRENCY_DECIMALS, type Currency } from '@shared/contracts/money';
import {
  CHANNEL_CURRENCY,
  PAYMENT_CHANNELS,
  type PaymentOrder,
  RECHARGE_LIMIT_USD_MINOR,
  type RechargeListQuery,
  type RechargeOptions,
  type RechargePage,
  type RechargeRequest,
} from '@shared/contracts/payments';
import { isSiteCode, SITE_TIME_ZONES } from '@shared/contracts/site-codes';
import type { ValidationMessageKey } from '@shared/contracts/validation';
import { and, count, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { Actor, AppDeps } from '../../context';
import type { Database } from '../../db/client';
import { paymentOrders, users } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { type Translator, translator } from '../../lib/i18n';
import { keyset } from '../../lib/keyset';
import { parseDateTime } from '../../lib/zoned-time';
import { type Conversion, convert } from '../wallet/exchange-rates';
import { requestHash } from '../wallet/idempotency';
import { walletSummary } from '../wallet/wallet.service';
import { moneyText } from './payment-numbers';
import {
  closeExpiredOf,
  orderOfKey,
  type PaymentOrderRow,
  paymentOrderView,
  rateDateOf,
} from './payment-orders.service';
import { openQrPayment } from './qr-payments.service';

type PaymentDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'logger' | 'payments'>;

/**
 * The recharge presets of each wallet currency, in whole units: round amounts a seller tops up
 * with, each well under USD 300 at any plausible rate (the options drop any that is not).
 */
const PRESET_UNITS: Record<Currency, readonly number[]> = {
  CNY: [100, 200, 500, 1000],
  THB: [500, 1000, 3000, 5000],
  USD: [20, 50, 100, 200],
  MYR: [50, 100, 300, 500],
  SGD: [20, 50, 100, 200],
  PHP: [500, 1000, 3000, 5000],
  GBP: [20, 50, 100, 150],
  VND: [500_000, 1_000_000, 2_000_000, 5_000_000],
  IDR: [100_000, 300_000, 1_000_000, 3_000_000],
};

const unit = (currency: Currency) => 10 ** CURRENCY_DECIMALS[currency];

/** The smallest custom recharge: one unit of the currency, 1000 where units are tiny (VND, IDR). */
function customMinimum(currency: Currency): number {
  return CURRENCY_DECIMALS[currency] === 0 ? 1000 : unit(currency);
}

/** A decimal rate ("32.5") as an exact fraction. */
function parseRate(rate: string): { num: bigint; den: bigint } {
  const [whole = '0', fraction = ''] = rate.split('.');
  return { num: BigInt(`${whole}${fraction}`), den: 10n ** BigInt(fraction.length) };
}

/**
 * USD 300 in the wallet currency at the rate in force now, rounded down, so that a recharge at
 * the limit is never worth more than USD 300. The conversion is kept with the order it checked.
 */
async function rechargeLimit(
  db: Database,
  currency: Currency,
  at: Date,
): Promise<{ max: number; conversion: Conversion }> {
  const conversion = await convert({ db }, null, {
    amount: RECHARGE_LIMIT_USD_MINOR,
    from: 'USD',
    to: currency,
    at,
  });
  const { num, den } = parseRate(conversion.rate);
  const scaledNum = BigInt(RECHARGE_LIMIT_USD_MINOR) * num * BigInt(unit(currency));
  const scaledDen = den * BigInt(unit('USD'));
  return { max: Number(scaledNum / scaledDen), conversion };
}

/** The presets of a currency that fit under the limit, minor units. */
function presetsOf(currency: Currency, max: number): number[] {
  return PRESET_UNITS[currency].map((units) => units * unit(currency)).filter((p) => p <= max);
}

/** The wallet currency: the account's site currency. */
async function walletCurrency(db: Database, actor: Actor): Promise<Currency> {
  return (await walletSummary({ db }, actor)).currency;
}

/** VALIDATION_FAILED naming one field, worded as the route validator words it. */
export function fieldError(t: Translator, field: string, key: ValidationMessageKey): AppError {
  const message = t.validation(key);
  return new AppError('VALIDATION_FAILED', {
    params: { fields: t.message('fieldError', { field, message }) },
    datas: { fields: [{ field, message }] },
  });
}

/** How long a rate is current: an older one is shown with its date as stale. */
const RATE_FRESH_MS = 24 * 60 * 60 * 1000;

/** GET /api-user/pay/recharge/options. */
export async function rechargeOptions(deps: PaymentDeps, actor: Actor): Promise<RechargeOptions> {
  const now = deps.clock.now();
  const currency = await walletCurrency(deps.db, actor);
  const { max } = await rechargeLimit(deps.db, currency, now);
  const channels = [];
  for (const channel of PAYMENT_CHANNELS) {
    const to = CHANNEL_CURRENCY[channel];
    const rate = await convert(deps, null, { amount: 0, from: currency, to, at: now });
    channels.push({
      channel,
      currency: to,
      rate: rate.rate,
      rateDate: rateDateOf(rate),
      stale: now.getTime() - Date.parse(rateDateOf(rate)) > RATE_FRESH_MS,
      sandbox: deps.config.payments.played[channel],
    });
  }
  return {
    currency,
    presets: presetsOf(currency, max),
    customMin: customMinimum(currency),
    customMax: max,
    channels,
    sandboxPayerUrl: sandboxPayerUrl(deps),
  };
}

/** The sandbox's payer page while it plays any channel; null when every channel is real. */
function sandboxPayerUrl(deps: PaymentDeps): string | null {
  return deps.config.payments.sandbox?.payerUrl ?? null;
}

/**
 * Checks a recharge against the page's rules at the current rate: the wallet's currency, a
 * preset that is offered, or a custom amount between the minimum and USD 300. Returns the limit's
 * conversion for a custom amount.
 */
async function checkRecharge(
  deps: PaymentDeps,
  t: Translator,
  actor: Actor,
  input: RechargeRequest,
): Promise<Conversion | undefined> {
  const currency = await walletCurrency(deps.db, actor);
  if (input.currency !== currency) throw fieldError(t, 'currency', 'invalidOption');
  const { max, conversion } = await rechargeLimit(deps.db, currency, deps.clock.now());
  if (input.preset) {
    if (!presetsOf(currency, max).includes(input.amount))
      throw fieldError(t, 'amount', 'invalidOption');
    return undefined;
  }
  const min = customMinimum(currency);
  if (input.amount < min)
    throw new AppError('RECHARGE_AMOUNT_TOO_SMALL', {
      params: { min: moneyText(min, currency) },
      datas: { min, currency },
    });
  if (input.amount > max)
    throw new AppError('RECHARGE_LIMIT_EXCEEDED', {
      params: { limit: moneyText(max, currency) },
      datas: { limit: max, currency },
    });
  return conversion;
}

/** The fingerprint of a recharge request, for its idempotency key. */
function rechargeHash(input: RechargeRequest): string {
  return requestHash('recharge', {
    channel: input.channel,
    amount: input.amount,
    currency: input.currency,
    preset: input.preset,
    couponId: input.couponId,
  });
}

/**
 * Opens a recharge payment order with its QR code, after its checks; null when another request
 * holds the idempotency key.
 */
async function openRecharge(
  deps: PaymentDeps,
  t: Translator,
  actor: Actor,
  input: RechargeRequest,
  key: { idempotencyKey: string; hash: string; replaces?: string },
) {
  const limit = await checkRecharge(deps, t, actor, input);
  return openQrPayment(deps, actor, {
    kind: 'recharge',
    channel: input.channel,
    amount: input.amount,
    currency: input.currency,
    couponId: input.couponId,
    scope: 'recharge',
    idempotencyKey: key.idempotencyKey,
    requestHash: key.hash,
    limit,
    subject: t.message('rechargeSubject'),
    replaces: key.replaces,
    language: t.language,
  });
}

/**
 * POST /api-user/pay/recharge: opens a recharge payment order with its QR code. The same
 * idempotency key with the same request answers the same order (waiting for it while another
 * request is still opening it); with another request it is refused.
 */
export async function createRecharge(
  deps: PaymentDeps,
  actor: Actor,
  input: RechargeRequest & { idempotencyKey: string; language: Language },
): Promise<PaymentOrder> {
  const { idempotencyKey, language, ...request } = input;
  const t = translator(language);
  const hash = rechargeHash(request);
  for (;;) {
    const first = await orderOfKey(deps, actor, { idempotencyKey, hash });
    if (first) return paymentOrderView(deps, null, first);
    const order = await openRecharge(deps, t, actor, request, { idempotencyKey, hash });
    if (order) return paymentOrderView(deps, null, order);
  }
}

/**
 * A fresh recharge order with the input of one whose QR code expired (or is given up): the same
 * channel, amount and coupon, checked again at the current rate (an amount that is one of the
 * presets counts as one).
 */
export async function reopenRecharge(
  deps: PaymentDeps,
  actor: Actor,
  reopen: { previous: PaymentOrderRow; idempotencyKey: string; hash: string; language: Language },
): Promise<PaymentOrderRow | null> {
  const t = translator(reopen.language);
  const { previous } = reopen;
  if (!previous.channel) throw new AppError('PAYMENT_ORDER_CLOSED');
  const { max } = await rechargeLimit(deps.db, previous.currency, deps.clock.now());
  const input: RechargeRequest = {
    channel: previous.channel,
    amount: previous.amount,
    currency: previous.currency,
    preset: presetsOf(previous.currency, max).includes(previous.amount),
    couponId: previous.couponId ?? undefined,
  };
  return openRecharge(deps, t, actor, input, {
    idempotencyKey: reopen.idempotencyKey,
    hash: reopen.hash,
    replaces: previous.orderNo,
  });
}

/** The reader's zone when it sent one, else its site's. */
async function zoneOf(db: Database, actor: Actor, timeZone: string | undefined): Promise<string> {
  if (timeZone) return timeZone;
  const [row] = await db.select({ site: users.site }).from(users).where(eq(users.id, actor.userId));
  return row && isSiteCode(row.site) ? SITE_TIME_ZONES[row.site] : 'UTC';
}

/** GET /api-user/pay/recharge/list: the account's recharges, newest first. */
export async function listRecharges(
  deps: PaymentDeps,
  actor: Actor,
  query: RechargeListQuery,
): Promise<RechargePage> {
  await closeExpiredOf(deps, actor);
  const zone = await zoneOf(deps.db, actor, query.timeZone);
  const conditions: (SQL | undefined)[] = [
    eq(paymentOrders.ownerId, actor.ownerId),
    eq(paymentOrders.kind, 'recharge'),
    query.status ? eq(paymentOrders.status, query.status) : undefined,
    query.channel ? eq(paymentOrders.channel, query.channel) : undefined,
    query.beginTime
      ? gte(paymentOrders.createdAt, parseDateTime(zone, query.beginTime))
      : undefined,
    query.endTime ? lte(paymentOrders.createdAt, parseDateTime(zone, query.endTime)) : undefined,
  ];
  const where = and(...conditions);
  const [total] = await deps.db.select({ n: count() }).from(paymentOrders).where(where);
  const page = keyset(
    [
      { column: paymentOrders.createdAt, order: 'desc' },
      { column: paymentOrders.orderNo, order: 'desc' },
    ],
    query,
  );
  const found = await deps.db
    .select({ order: paymentOrders, cursorKey: page.key })
    .from(paymentOrders)
    .where(and(where, page.where))
    .orderBy(...page.orderBy)
    .limit(page.limit)
    .offset(page.offset);
  const { rows, next, previous } = page.finish(found);
  const records = [];
  for (const row of rows) records.push(await paymentOrderView(deps, null, row.order));
  return { records, total: total?.n ?? 0, next, previous };
}
