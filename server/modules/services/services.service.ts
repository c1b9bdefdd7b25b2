import { randomBytes } from 'node:crypto';
import type { Currency } from '@shared/contracts/money';
import type { ServiceFees, ServiceStatus } from '@shared/contracts/service-orders';
import {
  couponScopeOf,
  type PricedItem,
  type ServiceItemCode,
  servicePriceIn,
} from '@shared/contracts/service-prices';
import {
  cancellableAt,
  PURCHASE_ARRIVAL_STEP,
  SERVICE_STEP_KEYS,
  SERVICE_STEP_PLAN,
  type ServiceStepKey,
  stepsOf,
} from '@shared/contracts/service-steps';
import {
  OPEN_SERVICE_STATUSES,
  type OperatorQueuePage,
  type OperatorQueueQuery,
  type PriceList,
  type PriceRecord,
  type RecordedRate,
  SERVICE_DEFAULT_DAYS,
  SERVICE_PROOF_MAX_BYTES,
  SERVICE_TABS,
  type ServiceAbort,
  type ServiceBuy,
  type ServiceComplete,
  type ServiceDetail,
  type ServiceExportQuery,
  type ServiceListQuery,
  type ServiceMove,
  type ServicePage,
  type ServiceProof,
  type ServiceRow,
  type ServiceStepDetail,
} from '@shared/contracts/services';
import { dayIn, isSiteCode, SITE_TIME_ZONES } from '@shared/contracts/site-codes';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNull,
  lt,
  lte,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Actor, AppDeps } from '../../context';
import type { Database } from '../../db/client';
import {
  orderReturns,
  platformOrders,
  serviceOrders,
  servicePriceLists,
  serviceProofs,
  serviceSteps,
  sites,
  users,
} from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { keyset } from '../../lib/keyset';
import { readMedia } from '../../lib/media-type';
import { isOperator } from '../../lib/operators';
import { storageFor } from '../../lib/storage';
import { addDays, instantOf, parseDateTime } from '../../lib/zoned-time';
import { notify } from '../messages/messages.service';
import { cancelOrder, freezeForOrder, settleOrder } from '../payments/checkout.service';
import {
  announceServicePurchase,
  fundedPurchaseOf,
  purchaseCostsIn,
  settleServicePurchase,
  withdrawServicePurchase,
} from '../purchases/purchases.service';
import { convert } from '../wallet/exchange-rates';
import { withholding } from '../wallet/wallet.service';

/**
 * Services (spec sections 2 to 4, 8, 9; decisions.md). The market sells priced items (a dated
 * price list; each order records the prices, and the rate to the wallet's currency, it used):
 * a buy is a service order of type `valueAdded`, alone or attached to one of the seller's
 * services, its exact total (less a service-fee or consumables-fee coupon) frozen in the wallet.
 * Our service operators (SERVICE_OPERATOR, never a seller's grant) move every seller's services
 * through the steps of their type, one at a time with time, remark and photo proofs, then
 * complete them on the actual amounts (settled: the actual deducted, the rest released) or abort
 * them with a reason (released). The seller cancels a service not past its purchase review
 * (released, the coupon back). Every change is made under the service's row lock, its money by
 * idempotency keys of the service, so double clicks and two operators at once change it once;
 * each tells the seller (message type 3, opening the service).
 */

type Deps = Pick<AppDeps, 'db' | 'clock'>;
type FileDeps = Pick<AppDeps, 'db' | 'clock' | 'config'>;
type Row = typeof serviceOrders.$inferSelect;

const SERVICE_OPERATOR = 'SERVICE_OPERATOR';
const isServiceOperator = (actor: Pick<Actor, 'roles'>) => actor.roles.includes(SERVICE_OPERATOR);

/** The operators' steps: only the service operator role, whatever else the caller holds. */
function assertServiceOperator(actor: Pick<Actor, 'roles'>): void {
  if (!isServiceOperator(actor)) throw new AppError('PERMISSION_DENIED');
}

const walletRef = (serviceNo: string) => ({ type: 'service', id: serviceNo });
const isOpen = (status: ServiceStatus) =>
  (OPEN_SERVICE_STATUSES as readonly ServiceStatus[]).includes(status);

/** A service number: SV, the day and random characters (the format order processing uses). */
function serviceNoOf(now: Date): string {
  const day = now.toISOString().slice(2, 10).replace(/-/g, '');
  return `SV${day}${randomBytes(5).toString('hex').toUpperCase()}`;
}

// ---------------------------------------------------------------------------------------------
// Who sees what

/**
 * The services a seller's account sees: its main account's, a sub-account only those of its
 * shops (and the market purchases it made itself, which have no shop). Operators see every
 * seller's.
 */
function visibleTo(actor: Actor): SQL | undefined {
  if (isOperator(actor)) return undefined;
  const owned = eq(serviceOrders.ownerId, actor.ownerId);
  if (actor.shopIds === null) return owned;
  const ownPurchases = and(isNull(serviceOrders.shopId), eq(serviceOrders.createdBy, actor.userId));
  if (actor.shopIds.length === 0) return and(owned, ownPurchases);
  return and(owned, or(inArray(serviceOrders.shopId, actor.shopIds), ownPurchases));
}

function sellerSees(actor: Actor, row: Row): boolean {
  if (isOperator(actor) || row.ownerId !== actor.ownerId) return false;
  if (actor.shopIds === null) return true;
  if (row.shopId === null) return row.createdBy === actor.userId;
  return actor.shopIds.includes(row.shopId);
}

async function findService(db: Database, serviceNo: string, lock = false): Promise<Row> {
  const query = db.select().from(serviceOrders).where(eq(serviceOrders.serviceNo, serviceNo));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('RECORD_NOT_FOUND');
  return row;
}

// ---------------------------------------------------------------------------------------------
// Prices and rates

/** The wallet a main account pays from: its site's currency. */
async function walletCurrencyOf(db: Database, ownerId: string): Promise<Currency> {
  const [row] = await db
    .select({ currency: sites.currency })
    .from(users)
    .leftJoin(sites, eq(sites.code, users.site))
    .where(eq(users.id, ownerId))
    .limit(1);
  return (row?.currency ?? 'CNY') as Currency;
}

/** The price list in force at `at` (the latest to take effect by then). */
async function priceListAt(db: Database, at: Date) {
  const [row] = await db
    .select()
    .from(servicePriceLists)
    .where(lte(servicePriceLists.effectiveFrom, at))
    .orderBy(desc(servicePriceLists.effectiveFrom))
    .limit(1);
  if (!row) throw new AppError('RECORD_NOT_FOUND');
  return row;
}

/** The dated rate from one currency to another, as an order records it (null for the same). */
async function rateOf(db: Database, from: Currency, to: Currency, at: Date) {
  if (from === to) return null;
  try {
    const conversion = await convert({ db }, null, { amount: 100, from, to, at });
    return { from, to, rate: conversion.rate, at: at.toISOString() } satisfies RecordedRate;
  } catch {
    throw new AppError('EXCHANGE_RATE_MISSING');
  }
}

/** GET /order/service/price/list: the list in force, the wallet's currency and the rates to it. */
export async function priceList(deps: Deps, actor: Actor): Promise<PriceList> {
  const now = deps.clock.now();
  const list = await priceListAt(deps.db, now);
  const walletCurrency = await walletCurrencyOf(deps.db, actor.ownerId);
  const currencies = [...new Set(list.items.map((item) => item.currency))];
  const rates = await Promise.all(
    currencies.map((currency) => rateOf(deps.db, currency, walletCurrency, now)),
  );
  return {
    id: list.id,
    effectiveFrom: list.effectiveFrom.toISOString(),
    items: list.items,
    walletCurrency,
    rates: rates.filter((rate): rate is RecordedRate => rate !== null),
  };
}

/** What a line costs the wallet now, with the record of the prices and rate it used. */
async function priceLine(
  db: Database,
  ownerId: string,
  line: PriceRecord['line'],
  at: Date,
): Promise<{ currency: Currency; record: PriceRecord }> {
  const list = await priceListAt(db, at);
  const item = list.items.find((entry) => entry.code === line.code) as PricedItem | undefined;
  if (!item) throw new AppError('RECORD_NOT_FOUND');
  const currency = await walletCurrencyOf(db, ownerId);
  const rate = await rateOf(db, item.currency, currency, at);
  const price = servicePriceIn(item, line.quantities, item.currency, '1');
  const charged = servicePriceIn(item, line.quantities, currency, rate?.rate ?? '1');
  return {
    currency,
    record: {
      priceListId: list.id,
      effectiveFrom: list.effectiveFrom.toISOString(),
      item,
      line,
      price,
      rate,
      charged,
    },
  };
}

const feesOf = (code: ServiceItemCode, amount: number): ServiceFees => {
  const consumable = couponScopeOf(code) === 'consumablesFee';
  return {
    purchase: 0,
    domesticFreight: 0,
    internationalFreight: 0,
    service: consumable ? 0 : amount,
    consumables: consumable ? amount : 0,
  };
};

const sumOf = (fees: ServiceFees) =>
  fees.purchase +
  fees.domesticFreight +
  fees.internationalFreight +
  fees.service +
  fees.consumables;

// ---------------------------------------------------------------------------------------------
// Views

async function namesOf(db: Database, ids: readonly (string | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  if (wanted.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((row) => [row.id, row.name || row.email || '']));
}

const stepAt = (row: Row) => row.currentStepAt ?? row.createdAt;
const currentStepOf = (row: Row) => row.currentStep as ServiceStepKey;

/** The steps done, in order: the type's plan up to the step reached. */
function doneSteps(row: Row): ServiceStepKey[] {
  const plan = stepsOf(row.type);
  const reached = plan.indexOf(currentStepOf(row));
  return plan.slice(0, Math.max(reached, 0) + 1);
}

function nextStepOfRow(row: Row): ServiceStepKey | null {
  const plan = stepsOf(row.type);
  return plan[doneSteps(row).length] ?? null;
}

const proofUrl = (id: string) => `/order/service/proof/${id}`;
const minutesBetween = (from: Date, to: Date) =>
  Math.max(0, Math.floor((to.getTime() - from.getTime()) / 60_000));

function rowView(row: Row): ServiceRow {
  return {
    serviceNo: row.serviceNo,
    type: row.type,
    status: row.status,
    currency: row.currency as Currency,
    estimate: row.estimateMinor,
    frozen: row.frozenMinor,
    actual: row.actualMinor,
    platformOrderNo: row.platformOrderNo,
    currentStep: currentStepOf(row),
    currentStepAt: stepAt(row).toISOString(),
    nextStep: isOpen(row.status) ? nextStepOfRow(row) : null,
    attachedTo: row.attachedTo,
    createdAt: row.createdAt.toISOString(),
  };
}

async function detailView(
  deps: Deps,
  row: Row,
  options: { forOperator: boolean },
): Promise<ServiceDetail> {
  const { db } = deps;
  const now = deps.clock.now();
  const stepRows = await db
    .select()
    .from(serviceSteps)
    .where(eq(serviceSteps.serviceOrderId, row.id));
  const proofs = stepRows.length
    ? await db
        .select()
        .from(serviceProofs)
        .where(
          inArray(
            serviceProofs.stepId,
            stepRows.map((step) => step.id),
          ),
        )
        .orderBy(asc(serviceProofs.createdAt))
    : [];
  const attached = await db
    .select({ serviceNo: serviceOrders.serviceNo })
    .from(serviceOrders)
    .where(eq(serviceOrders.attachedTo, row.serviceNo))
    .orderBy(asc(serviceOrders.createdAt));
  const names = await namesOf(db, [
    row.createdBy,
    ...stepRows.map((step) => step.actorId),
    options.forOperator ? row.ownerId : null,
  ]);
  const funded = await fundedPurchaseOf(db, row.ownerId, row.serviceNo);
  const purchase = funded
    ? {
        purchaseNo: funded.purchaseNo,
        status: funded.status,
        arrived: funded.status === 'complete',
        withdrawable: !['shipping', 'complete'].includes(funded.status),
        costs: funded.actualFees
          ? await purchaseCostsIn(db, funded, row.currency as Currency, now).catch(() => null)
          : null,
      }
    : null;
  const plan = SERVICE_STEP_PLAN[row.type];
  const done = doneSteps(row);
  const next = isOpen(row.status) ? nextStepOfRow(row) : null;
  const byStep = new Map(stepRows.map((step) => [step.step, step]));
  let previousAt: Date | null = null;
  const steps: ServiceStepDetail[] = SERVICE_STEP_KEYS.map((key) => {
    const planned = plan.find((entry) => entry.step === key);
    const isDone = done.includes(key);
    const recorded = byStep.get(key);
    const at = key === 'serviceSubmit' ? row.createdAt : isDone ? (recorded?.at ?? null) : null;
    const by = key === 'serviceSubmit' ? row.createdBy : (recorded?.actorId ?? null);
    let spentMinutes: number | null = null;
    if (isDone && at && previousAt) spentMinutes = minutesBetween(previousAt, at);
    else if (key === next && previousAt) spentMinutes = minutesBetween(previousAt, now);
    if (isDone && at) previousAt = at;
    return {
      step: key,
      applicable: !!planned,
      done: isDone,
      at: at ? at.toISOString() : null,
      by: isDone && by ? (names.get(by) ?? '') : null,
      remark: isDone
        ? recorded?.remark || (key === 'serviceSubmit' ? row.remark : null) || null
        : null,
      proofs: recorded
        ? proofs
            .filter((proof) => proof.stepId === recorded.id)
            .map(
              (proof): ServiceProof => ({
                id: proof.id,
                url: proofUrl(proof.id),
                name: proof.name,
                mimeType: proof.mime,
                size: proof.bytes,
              }),
            )
        : [],
      targetHours: planned ? planned.targetHours : null,
      spentMinutes,
    };
  });
  return {
    serviceNo: row.serviceNo,
    type: row.type,
    status: row.status,
    currency: row.currency as Currency,
    fees: row.fees,
    actualFees: row.actualFees,
    amounts: {
      estimate: row.estimateMinor,
      discount: row.discountMinor,
      frozen: row.frozenMinor,
      actual: row.actualMinor,
      charged: row.chargedMinor,
      released: row.releasedMinor,
    },
    couponId: row.couponId,
    platformOrderNo: row.platformOrderNo,
    attachedTo: row.attachedTo,
    attached: attached.map((entry) => entry.serviceNo),
    priceRecord: row.priceRecord,
    steps,
    nextStep: next,
    purchase,
    cancellable:
      !options.forOperator &&
      isOpen(row.status) &&
      cancellableAt(done) &&
      (purchase?.withdrawable ?? true),
    abortReason: row.abortReason,
    remark: row.remark,
    seller: options.forOperator ? (names.get(row.ownerId) ?? '') : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

// ---------------------------------------------------------------------------------------------
// Reading

/** The list's time range: the reader's zone (else its site's), by default the last 14 days from 00:00:00. */
async function rangeOf(
  deps: Deps,
  actor: Actor,
  query: Pick<ServiceListQuery, 'beginTime' | 'endTime' | 'timeZone'>,
) {
  let zone = query.timeZone;
  if (!zone) {
    const [reader] = await deps.db
      .select({ site: users.site })
      .from(users)
      .where(eq(users.id, actor.userId))
      .limit(1);
    zone = reader && isSiteCode(reader.site) ? SITE_TIME_ZONES[reader.site] : 'UTC';
  }
  const today = dayIn(zone, deps.clock.now());
  const from = query.beginTime
    ? parseDateTime(zone, query.beginTime)
    : instantOf(zone, addDays(today, 1 - SERVICE_DEFAULT_DAYS));
  const to = query.endTime
    ? new Date(parseDateTime(zone, query.endTime).getTime() + 1000)
    : instantOf(zone, addDays(today, 1));
  if (from.getTime() >= to.getTime())
    throw new AppError('VALIDATION_FAILED', { params: { fields: 'endTime' } });
  return { zone, from, to };
}

const likeOf = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The list's filters (all but the tab) for the actor, and the range they name. */
async function listFilters(deps: Deps, actor: Actor, query: ServiceExportQuery) {
  const range = await rangeOf(deps, actor, query);
  const serviceNo = query.serviceNo?.trim();
  const platformOrderNo = query.platformOrderNo?.trim();
  const filters = and(
    visibleTo(actor),
    query.type ? eq(serviceOrders.type, query.type) : undefined,
    serviceNo ? sql`${serviceOrders.serviceNo} ilike ${likeOf(serviceNo)}` : undefined,
    platformOrderNo
      ? sql`${serviceOrders.platformOrderNo} ilike ${likeOf(platformOrderNo)}`
      : undefined,
    gte(serviceOrders.createdAt, range.from),
    lt(serviceOrders.createdAt, range.to),
  );
  return { filters, range };
}

/** GET /order/service/progress/list: one tab, filtered, newest first, a keyset page and every tab's count. */
export async function listServices(
  deps: Deps,
  actor: Actor,
  query: ServiceListQuery,
): Promise<ServicePage> {
  const { db } = deps;
  const { filters } = await listFilters(deps, actor, query);
  const keys = keyset(
    [
      { column: serviceOrders.createdAt, order: 'desc' },
      { column: serviceOrders.id, order: 'desc' },
    ],
    query,
  );
  const statuses = SERVICE_TABS[query.tab];
  const found = await db
    .select({ row: serviceOrders, cursorKey: keys.key })
    .from(serviceOrders)
    .where(and(filters, inArray(serviceOrders.status, [...statuses]), keys.where))
    .orderBy(...keys.orderBy)
    .limit(keys.limit);
  const { rows, next, previous } = keys.finish(found);
  const grouped = await db
    .select({ status: serviceOrders.status, n: count() })
    .from(serviceOrders)
    .where(filters)
    .groupBy(serviceOrders.status);
  const by = new Map(grouped.map((entry) => [entry.status, entry.n]));
  const sum = (list: readonly ServiceStatus[]) =>
    list.reduce((acc, status) => acc + (by.get(status) ?? 0), 0);
  return {
    records: rows.map(({ row }) => rowView(row)),
    next,
    previous,
    counts: {
      all: sum(SERVICE_TABS.all),
      pending: sum(SERVICE_TABS.pending),
      complete: sum(SERVICE_TABS.complete),
      cancel: sum(SERVICE_TABS.cancel),
      abort: sum(SERVICE_TABS.abort),
    },
  };
}

/**
 * POST /order/service/progress/export: the list's tab with its filters, newest first, at most
 * `limit` rows, with how many there are and the range's zone and days (for the file's name).
 */
export async function servicesForExport(
  deps: Deps,
  actor: Actor,
  query: ServiceExportQuery,
  limit: number,
): Promise<{
  records: ServiceRow[];
  total: number;
  range: { zone: string; firstDay: string; lastDay: string };
}> {
  const { db } = deps;
  const { filters, range } = await listFilters(deps, actor, query);
  const where = and(filters, inArray(serviceOrders.status, [...SERVICE_TABS[query.tab]]));
  const rows = await db
    .select()
    .from(serviceOrders)
    .where(where)
    .orderBy(desc(serviceOrders.createdAt), desc(serviceOrders.id))
    .limit(limit);
  const [total] = await db.select({ n: count() }).from(serviceOrders).where(where);
  return {
    records: rows.map(rowView),
    total: total?.n ?? 0,
    range: {
      zone: range.zone,
      firstDay: dayIn(range.zone, range.from),
      lastDay: dayIn(range.zone, new Date(range.to.getTime() - 1)),
    },
  };
}

/** GET /order/service/progress/detail: one of the seller's services (any, for an operator). */
export async function serviceDetail(
  deps: Deps,
  actor: Actor,
  input: { serviceNo: string },
): Promise<ServiceDetail> {
  const row = await findService(deps.db, input.serviceNo);
  if (!isOperator(actor) && !sellerSees(actor, row)) throw new AppError('RECORD_NOT_FOUND');
  return detailView(deps, row, { forOperator: isOperator(actor) });
}

/** GET /order/service/operate/detail: any seller's service, for the service operator. */
export async function operatorServiceDetail(
  deps: Deps,
  actor: Actor,
  input: { serviceNo: string },
): Promise<ServiceDetail> {
  assertServiceOperator(actor);
  return detailView(deps, await findService(deps.db, input.serviceNo), { forOperator: true });
}

/** The condition "its next step is `step`": for each type, the step before it in the type's plan. */
function nextStepIs(step: ServiceStepKey): SQL {
  const branches = Object.entries(SERVICE_STEP_PLAN).flatMap(([type, plan]) => {
    const index = plan.findIndex((entry) => entry.step === step);
    const before = index > 0 ? plan[index - 1]?.step : undefined;
    return before
      ? [and(eq(serviceOrders.type, type as Row['type']), eq(serviceOrders.currentStep, before))]
      : [];
  });
  return branches.length ? (or(...branches) as SQL) : sql`false`;
}

/** GET /order/service/operate/queue: open services of every seller, the longest waiting first. */
export async function operatorQueue(
  deps: Deps,
  actor: Actor,
  query: OperatorQueueQuery,
): Promise<OperatorQueuePage> {
  assertServiceOperator(actor);
  const { db } = deps;
  const now = deps.clock.now();
  const waitingSince = sql`coalesce(${serviceOrders.currentStepAt}, ${serviceOrders.createdAt})`;
  const keys = keyset(
    [
      { column: waitingSince, type: 'timestamp with time zone', order: 'asc' },
      { column: serviceOrders.id, order: 'asc' },
    ],
    query,
  );
  const serviceNo = query.serviceNo?.trim();
  const found = await db
    .select({ row: serviceOrders, seller: users.email, cursorKey: keys.key })
    .from(serviceOrders)
    .innerJoin(users, eq(users.id, serviceOrders.ownerId))
    .where(
      and(
        inArray(serviceOrders.status, [...OPEN_SERVICE_STATUSES]),
        query.type ? eq(serviceOrders.type, query.type) : undefined,
        query.step ? nextStepIs(query.step) : undefined,
        serviceNo ? sql`${serviceOrders.serviceNo} ilike ${likeOf(serviceNo)}` : undefined,
        keys.where,
      ),
    )
    .orderBy(...keys.orderBy)
    .limit(keys.limit);
  const { rows, next, previous } = keys.finish(found);
  return {
    records: rows.map(({ row, seller }) => {
      const nextStep = nextStepOfRow(row);
      const planned = SERVICE_STEP_PLAN[row.type].find((entry) => entry.step === nextStep);
      return {
        ...rowView(row),
        seller: seller ?? '',
        waitingMinutes: minutesBetween(stepAt(row), now),
        targetHours: planned?.targetHours ?? null,
      };
    }),
    next,
    previous,
  };
}

// ---------------------------------------------------------------------------------------------
// Buying

async function byKey(db: Database, ownerId: string, idempotencyKey: string) {
  const [row] = await db
    .select()
    .from(serviceOrders)
    .where(
      and(eq(serviceOrders.ownerId, ownerId), eq(serviceOrders.idempotencyKey, idempotencyKey)),
    );
  return row ?? null;
}

async function tell(
  deps: Deps,
  row: Row,
  titleKey:
    | 'serviceSubmitted'
    | 'serviceProgress'
    | 'serviceCompleted'
    | 'serviceAborted'
    | 'serviceCancelled',
  reason?: string,
) {
  await notify(deps, null, {
    userId: row.createdBy ?? row.ownerId,
    type: 3,
    titleKey,
    params: { serviceNo: row.serviceNo, ...(reason ? { reason } : {}) },
    jumpId: row.serviceNo,
  });
}

/**
 * POST /order/service/market/buy: prices the line exactly at the list and rate in force (recorded on
 * the order), writes a `valueAdded` service order and freezes its total less the coupon, in one
 * transaction: a refused freeze (-10 with the shortfall, any coupon error of section 8) leaves
 * nothing behind. The same idempotency key answers the service it made.
 */
export async function buyService(
  deps: Deps,
  actor: Actor,
  input: ServiceBuy & { idempotencyKey: string },
): Promise<ServiceDetail> {
  const { db, clock } = deps;
  if (isOperator(actor)) throw new AppError('PERMISSION_DENIED');
  if (input.line.code === 'returns')
    throw new AppError('VALIDATION_FAILED', { params: { fields: 'line.code' } });
  const key = `market:${input.idempotencyKey}`;
  const earlier = await byKey(db, actor.ownerId, key);
  if (earlier) return detailView(deps, earlier, { forOperator: false });
  const row = await db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    let parent: Row | null = null;
    if (input.attachTo) {
      const [found] = await tx
        .select()
        .from(serviceOrders)
        .where(eq(serviceOrders.serviceNo, input.attachTo));
      if (!found || !sellerSees(actor, found) || !isOpen(found.status) || found.attachedTo)
        throw new AppError('SERVICE_ATTACH_INVALID');
      parent = found;
    }
    const now = clock.now();
    const { currency, record } = await priceLine(txDb, actor.ownerId, input.line, now);
    if (record.charged < 1)
      throw new AppError('VALIDATION_FAILED', { params: { fields: 'line.quantities' } });
    const serviceNo = serviceNoOf(now);
    const [created] = await tx
      .insert(serviceOrders)
      .values({
        serviceNo,
        ownerId: actor.ownerId,
        type: 'valueAdded',
        status: 'pending',
        shopId: parent?.shopId ?? null,
        orderId: parent?.orderId ?? null,
        platformOrderNo: parent?.platformOrderNo ?? null,
        currency,
        estimateMinor: record.charged,
        fees: feesOf(input.line.code, record.charged),
        items: [],
        steps: stepsOf('valueAdded').map((step, index) => ({
          key: step,
          at: index === 0 ? now.toISOString() : null,
          done: index === 0,
        })),
        remark: input.remark || null,
        createdBy: actor.userId,
        createdAt: now,
        updatedAt: now,
        currentStep: 'serviceSubmit',
        currentStepAt: now,
        priceRecord: record,
        attachedTo: parent?.serviceNo ?? null,
        idempotencyKey: key,
      })
      .onConflictDoNothing()
      .returning();
    if (!created) return null;
    const held = await freezeForOrder({ db: txDb, clock }, null, {
      ownerId: actor.ownerId,
      reference: walletRef(serviceNo),
      idempotencyKey: `service:${serviceNo}:freeze`,
      actorId: actor.userId,
      currency,
      estimate: record.charged,
      couponId: input.couponId,
      scope: input.couponId ? couponScopeOf(input.line.code) : undefined,
    });
    const [updated] = await tx
      .update(serviceOrders)
      .set({ discountMinor: held.discount, frozenMinor: held.frozen, couponId: held.couponId })
      .where(eq(serviceOrders.id, created.id))
      .returning();
    return updated ?? null;
  });
  if (!row) {
    // The same key at the same moment: the other request made it.
    const same = await byKey(db, actor.ownerId, key);
    if (!same) throw new AppError('OPERATION_FAILED');
    return detailView(deps, same, { forOperator: false });
  }
  await tell(deps, row, 'serviceSubmitted');
  return detailView(deps, row, { forOperator: false });
}

// ---------------------------------------------------------------------------------------------
// Changes

/**
 * One change of a service under its row lock; `work` answers the columns to set (and moves the
 * money in the same transaction) or null when the service already is as asked (a repeat).
 */
async function change(
  deps: Deps,
  serviceNo: string,
  check: (row: Row) => void,
  work: (tx: Database, row: Row, now: Date) => Promise<Partial<Row> | null>,
): Promise<{ row: Row; changed: boolean }> {
  return deps.db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    const locked = await findService(txDb, serviceNo, true);
    check(locked);
    const now = deps.clock.now();
    const set = await work(txDb, locked, now);
    if (!set) return { row: locked, changed: false };
    const [updated] = await tx
      .update(serviceOrders)
      .set({ ...set, updatedAt: now })
      .where(eq(serviceOrders.id, locked.id))
      .returning();
    if (!updated) throw new AppError('OPERATION_FAILED');
    return { row: updated, changed: true };
  });
}

/**
 * The goods of the purchase request a service funds have arrived (the storekeeper received it):
 * the arrival step and the completion wait for it. Answers the request (locked), null when the
 * service funds none.
 */
async function assertArrived(tx: Database, row: Row) {
  const funded = await fundedPurchaseOf(tx, row.ownerId, row.serviceNo, true);
  if (funded && funded.status !== 'complete')
    throw new AppError('SERVICE_PURCHASE_NOT_ARRIVED', {
      params: { purchaseNo: funded.purchaseNo },
      datas: { purchaseNo: funded.purchaseNo, status: funded.status },
    });
  return funded;
}

/**
 * POST /order/service/operate/move: the next step done. A repeat of the step the service reached
 * answers it as it is; any other than the next is refused (no skipping, no undoing), as is a
 * finished service. The time defaults to now, never later, never before the step before.
 */
export async function moveService(
  deps: Deps,
  actor: Actor,
  input: ServiceMove,
): Promise<ServiceDetail> {
  assertServiceOperator(actor);
  const { row, changed } = await change(
    deps,
    input.serviceNo,
    () => undefined,
    async (tx, row, now) => {
      if (row.currentStep === input.step) return null;
      if (!isOpen(row.status))
        throw new AppError('SERVICE_STATE_CHANGED', { datas: { status: row.status } });
      const next = nextStepOfRow(row);
      if (next !== input.step)
        throw new AppError('SERVICE_STEP_OUT_OF_ORDER', {
          datas: { currentStep: row.currentStep, nextStep: next },
        });
      if (input.step === PURCHASE_ARRIVAL_STEP) await assertArrived(tx, row);
      const at = input.at ? new Date(input.at) : now;
      if (at.getTime() > now.getTime() || at.getTime() < stepAt(row).getTime())
        throw new AppError('SERVICE_STEP_TIME_INVALID');
      const proofIds = [...new Set(input.proofs)];
      if (proofIds.length) {
        const usable = await tx
          .select({ id: serviceProofs.id })
          .from(serviceProofs)
          .where(
            and(
              inArray(serviceProofs.id, proofIds),
              eq(serviceProofs.uploadedBy, actor.userId),
              isNull(serviceProofs.stepId),
            ),
          );
        if (usable.length !== proofIds.length) throw new AppError('SERVICE_PROOF_INVALID');
      }
      const [step] = await tx
        .insert(serviceSteps)
        .values({
          serviceOrderId: row.id,
          step: input.step,
          at,
          actorId: actor.userId,
          remark: input.remark,
          createdAt: now,
        })
        .returning({ id: serviceSteps.id });
      if (!step) throw new AppError('OPERATION_FAILED');
      if (proofIds.length)
        await tx
          .update(serviceProofs)
          .set({ stepId: step.id })
          .where(inArray(serviceProofs.id, proofIds));
      return {
        status: 'processing',
        currentStep: input.step,
        currentStepAt: at,
        steps: stepsOf(row.type).map((key) => {
          const kept = row.steps.find((entry) => entry.key === key);
          return key === input.step
            ? { key, at: at.toISOString(), done: true }
            : (kept ?? { key, at: null, done: false });
        }),
      };
    },
  );
  if (changed) await tell(deps, row, 'serviceProgress');
  return detailView(deps, row, { forOperator: true });
}

/**
 * POST /order/service/operate/complete: every step done, the actual amounts recorded and settled:
 * the actual less the coupon deducted, the rest of the freeze released. Without a purchase request
 * the actual is at most the estimate. A service that funds a request completes only once its goods
 * have arrived, and takes the purchaser's actual costs (goods, domestic and international freight,
 * in the service's currency) whatever the form says; the operator enters the service and
 * consumables fees, together at most their estimate. Its actual may then exceed the estimate: the
 * overrun the seller accepted on the request pays it first, the balance the rest (-10 when short,
 * and nothing moves). A repeat answers the completed service.
 */
export async function completeService(
  deps: Deps,
  actor: Actor,
  input: ServiceComplete,
): Promise<ServiceDetail> {
  assertServiceOperator(actor);
  const { row, changed } = await change(
    deps,
    input.serviceNo,
    () => undefined,
    async (tx, row, now) => {
      if (row.status === 'completed') return null;
      if (!isOpen(row.status))
        throw new AppError('SERVICE_STATE_CHANGED', { datas: { status: row.status } });
      if (nextStepOfRow(row) !== null)
        throw new AppError('SERVICE_STEP_OUT_OF_ORDER', {
          datas: { currentStep: row.currentStep, nextStep: nextStepOfRow(row) },
        });
      const funded = await assertArrived(tx, row);
      let actualFees = input.actualFees;
      if (funded) {
        const own = input.actualFees.service + input.actualFees.consumables;
        const ownEstimate = row.fees.service + row.fees.consumables;
        if (!Number.isSafeInteger(own) || own > ownEstimate)
          throw new AppError('SERVICE_ACTUAL_TOO_HIGH', { datas: { estimate: ownEstimate } });
        const costs = await purchaseCostsIn(tx, funded, row.currency as Currency, now);
        actualFees = { ...input.actualFees, ...costs };
      }
      const actual = sumOf(actualFees);
      if (!Number.isSafeInteger(actual) || (!funded && actual > row.estimateMinor))
        throw new AppError('SERVICE_ACTUAL_TOO_HIGH', { datas: { estimate: row.estimateMinor } });
      const money = { db: tx, clock: deps.clock };
      // The overrun the seller accepted on the purchase is settled apart, the rest on the service's freeze.
      const heldApart = funded?.extraFrozen ?? 0;
      const chargedApart = funded
        ? await settleServicePurchase(money, funded, {
            overrun: Math.max(actual - row.estimateMinor, 0),
            actorId: actor.userId,
          })
        : 0;
      const settled = await settleOrder(money, null, {
        ownerId: row.ownerId,
        reference: walletRef(row.serviceNo),
        actual: actual - chargedApart,
        idempotencyKey: `service:${row.serviceNo}:settle`,
        actorId: actor.userId,
      });
      return {
        status: 'completed',
        actualMinor: actual,
        actualFees,
        discountMinor: settled.discount,
        chargedMinor: settled.charged + chargedApart,
        releasedMinor:
          Math.max(row.frozenMinor - settled.charged, 0) + Math.max(heldApart - chargedApart, 0),
        closedBy: actor.userId,
        closedAt: now,
        remark: input.remark || row.remark,
      };
    },
  );
  if (changed) await tell(deps, row, 'serviceCompleted');
  return detailView(deps, row, { forOperator: true });
}

/** Releases the whole freeze of a service and its coupon (cancel and abort share the key: one happens). */
async function releaseAll(tx: Database, deps: Deps, row: Row, actorId: string) {
  if (row.frozenMinor > 0)
    await cancelOrder({ db: tx, clock: deps.clock }, null, {
      ownerId: row.ownerId,
      reference: walletRef(row.serviceNo),
      idempotencyKey: `service:${row.serviceNo}:release`,
      actorId,
    });
}

/**
 * POST /order/service/operate/abort: stopped with a reason; the freeze and the coupon released,
 * and the purchase request it funds cancelled with it (refused, changing nothing, once the request
 * is bought: `withdrawServicePurchase`).
 */
export async function abortService(
  deps: Deps,
  actor: Actor,
  input: ServiceAbort,
): Promise<ServiceDetail> {
  assertServiceOperator(actor);
  let closed: Awaited<ReturnType<typeof withdrawServicePurchase>> = null;
  const { row, changed } = await change(
    deps,
    input.serviceNo,
    () => undefined,
    async (tx, row, now) => {
      if (row.status === 'aborted') return null;
      if (!isOpen(row.status))
        throw new AppError('SERVICE_STATE_CHANGED', { datas: { status: row.status } });
      closed = await withdrawServicePurchase(
        { db: tx, clock: deps.clock },
        { ownerId: row.ownerId, serviceNo: row.serviceNo, actorId: actor.userId },
      );
      await releaseAll(tx, deps, row, actor.userId);
      return {
        status: 'aborted',
        abortReason: input.reason,
        releasedMinor: row.frozenMinor,
        closedBy: actor.userId,
        closedAt: now,
      };
    },
  );
  if (changed) await tell(deps, row, 'serviceAborted', input.reason);
  if (closed) await announceServicePurchase(deps, closed);
  return detailView(deps, row, { forOperator: true });
}

/**
 * POST /order/service/progress/cancel (the seller): a service not past its purchase review is
 * withdrawn; the freeze and the coupon released, and the purchase request it funds cancelled with
 * it (refused, changing nothing, once the request is bought). A repeat answers the cancelled service.
 */
export async function cancelServiceOrder(
  deps: Deps,
  actor: Actor,
  input: { serviceNo: string },
): Promise<ServiceDetail> {
  let closed: Awaited<ReturnType<typeof withdrawServicePurchase>> = null;
  const { row, changed } = await change(
    deps,
    input.serviceNo,
    (row) => {
      if (!sellerSees(actor, row)) throw new AppError('RECORD_NOT_FOUND');
    },
    async (tx, row, now) => {
      if (row.status === 'cancelled') return null;
      if (!isOpen(row.status) || !cancellableAt(doneSteps(row)))
        throw new AppError('SERVICE_NOT_CANCELLABLE');
      closed = await withdrawServicePurchase(
        { db: tx, clock: deps.clock },
        { ownerId: row.ownerId, serviceNo: row.serviceNo, actorId: actor.userId },
      );
      await releaseAll(tx, deps, row, actor.userId);
      return {
        status: 'cancelled',
        releasedMinor: row.frozenMinor,
        closedBy: actor.userId,
        closedAt: now,
      };
    },
  );
  if (changed) await tell(deps, row, 'serviceCancelled');
  if (closed) await announceServicePurchase(deps, closed);
  return detailView(deps, row, { forOperator: false });
}

// ---------------------------------------------------------------------------------------------
// Proofs

/** A file name as shown: no path, no line breaks, at most 200 characters. */
function safeName(name: string): string {
  return (name.trim() || 'proof').replace(/[\\/\r\n]/g, '_').slice(0, 200);
}

/**
 * POST /order/service/operate/proof: a JPG or PNG photo (the type read from its bytes, at most 10 MB),
 * stored in the Storage of product media; bound to a step when the move names it.
 */
export async function uploadProof(
  deps: FileDeps,
  actor: Actor,
  input: { bytes: Uint8Array; name: string },
): Promise<ServiceProof> {
  assertServiceOperator(actor);
  if (input.bytes.length > SERVICE_PROOF_MAX_BYTES)
    throw new AppError('FILE_TOO_LARGE', { params: { limit: '10 MB' } });
  const info = readMedia(input.bytes);
  if (!info || (info.mime !== 'image/jpeg' && info.mime !== 'image/png'))
    throw new AppError('FILE_TYPE_UNSUPPORTED', { params: { types: 'JPG, PNG' } });
  const key = await storageFor(deps.config).put(input.bytes, info.mime);
  const [row] = await deps.db
    .insert(serviceProofs)
    .values({
      key,
      mime: info.mime,
      bytes: input.bytes.length,
      name: safeName(input.name),
      uploadedBy: actor.userId,
      createdAt: deps.clock.now(),
    })
    .returning();
  if (!row) throw new AppError('OPERATION_FAILED');
  return { id: row.id, url: proofUrl(row.id), name: row.name, mimeType: row.mime, size: row.bytes };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * GET /order/service/proof/:id: the photo's bytes, to operators (its uploader before it is bound) and
 * to the accounts that see its service; anyone else gets nothing.
 */
export async function readProof(
  deps: Pick<AppDeps, 'db' | 'config'>,
  actor: Actor,
  id: string,
): Promise<{ bytes: Uint8Array; mime: string } | null> {
  if (!UUID.test(id)) return null;
  const [found] = await deps.db
    .select({ proof: serviceProofs, service: serviceOrders })
    .from(serviceProofs)
    .leftJoin(serviceSteps, eq(serviceSteps.id, serviceProofs.stepId))
    .leftJoin(serviceOrders, eq(serviceOrders.id, serviceSteps.serviceOrderId))
    .where(eq(serviceProofs.id, id));
  if (!found) return null;
  const allowed = found.service
    ? isServiceOperator(actor) || sellerSees(actor, found.service)
    : found.proof.uploadedBy === actor.userId;
  if (!allowed) return null;
  const stored = await storageFor(deps.config).get(found.proof.key);
  return stored ? { bytes: stored.bytes, mime: found.proof.mime } : null;
}

// ---------------------------------------------------------------------------------------------
// Returns

/**
 * A completed return of more than the free pieces is charged by the returns price (spec section
 * 9): a completed `valueAdded` service order records the price and rate, and the wallet withholds
 * its amount. Once per return (its idempotency key); nothing for the free pieces. The returns flow
 * calls it when the seller completes a return; a short balance answers -10, and completing the
 * return again charges it then.
 */
export async function chargeReturnFee(
  deps: Deps,
  _actor: null,
  input: { returnId: string; actorId: string | null },
): Promise<ServiceDetail | null> {
  const { db, clock } = deps;
  const [found] = await db
    .select({ entry: orderReturns, platformOrderNo: platformOrders.externalId })
    .from(orderReturns)
    .innerJoin(platformOrders, eq(platformOrders.id, orderReturns.orderId))
    .where(eq(orderReturns.id, input.returnId));
  if (found?.entry.status !== 'completed') return null;
  const { entry } = found;
  const pieces = entry.items.reduce((sum, item) => sum + item.quantity, 0);
  const key = `returns:${entry.id}`;
  const earlier = await byKey(db, entry.ownerId, key);
  if (earlier) return detailView(deps, earlier, { forOperator: false });
  const made = await db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    const now = clock.now();
    const { currency, record } = await priceLine(
      txDb,
      entry.ownerId,
      { code: 'returns', quantities: { pieces } },
      now,
    );
    if (record.charged < 1) return null;
    const serviceNo = serviceNoOf(now);
    const [created] = await tx
      .insert(serviceOrders)
      .values({
        serviceNo,
        ownerId: entry.ownerId,
        type: 'valueAdded',
        status: 'completed',
        shopId: entry.shopId,
        orderId: entry.orderId,
        platformOrderNo: found.platformOrderNo,
        currency,
        estimateMinor: record.charged,
        fees: feesOf('returns', record.charged),
        actualFees: feesOf('returns', record.charged),
        actualMinor: record.charged,
        chargedMinor: record.charged,
        releasedMinor: 0,
        items: [],
        steps: [{ key: 'serviceSubmit', at: now.toISOString(), done: true }],
        remark: entry.returnNo,
        createdBy: input.actorId,
        createdAt: now,
        updatedAt: now,
        currentStep: 'serviceSubmit',
        currentStepAt: now,
        priceRecord: record,
        idempotencyKey: key,
        closedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!created) return null;
    await withholding({ db: txDb, clock }, null, {
      ownerId: entry.ownerId,
      currency,
      amount: record.charged,
      reference: walletRef(serviceNo),
      idempotencyKey: `service:${serviceNo}:returns`,
      actorId: input.actorId,
    });
    return created;
  });
  const row = made ?? (await byKey(db, entry.ownerId, key));
  return row ? detailView(deps, row, { forOperator: false }) : null;
}
