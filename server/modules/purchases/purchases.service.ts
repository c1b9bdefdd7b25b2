import { createHash } from 'node:crypto';
import type { Language } from '@shared/contracts/languages';
import type { Currency } from '@shared/contracts/money';
import {
  PDF_LIMIT_BYTES,
  PURCHASE_COUPON_SCOPES,
  PURCHASE_STATUSES,
  PURCHASE_TABS,
  type Purchase,
  type PurchaseCreate,
  type PurchaseCustomer,
  type PurchaseFees,
  type PurchaseListQuery,
  type PurchasePage,
  type PurchaseShip,
  type PurchaseStatus,
} from '@shared/contracts/purchases';
import { and, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Actor, AppDeps } from '../../context';
import type { Database } from '../../db/client';
import {
  configValues,
  coupons,
  files,
  purchases,
  serviceOrders,
  shops,
  users,
  walletFreezes,
  warehouses,
} from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { keyset } from '../../lib/keyset';
import { notify } from '../messages/messages.service';
import { cancelOrder, freezeForOrder, settleOrder } from '../payments/checkout.service';
import { convert } from '../wallet/exchange-rates';
import { cancel, freeze, settle } from '../wallet/wallet.service';

/**
 * Purchase requests (spec sections 3 to 5, decisions.md). A seller submits one for a shop and a
 * warehouse: its estimate (items plus fees) less a purchase-fee or freight coupon is frozen in
 * the wallet. Our purchasers (PURCHASER) audit it (approve, or reject with a reason: the freeze
 * released) and buy and ship it, recording the actual prices and fees; when the actual total
 * exceeds the estimate plus the float amount it goes back to its creator (beWait), who accepts
 * (the difference frozen too) or cancels. The storekeeper (STOREKEEPER) receives it: the actual
 * total is settled (deducted, the rest released). The seller cancels before it ships; an operator
 * marks it abnormal (fail), which releases the money. Every step records who and when, sends the
 * creator a message (type 2, opening the request) and is idempotent on the money side.
 */

type PurchaseRow = typeof purchases.$inferSelect;
type Deps = Pick<AppDeps, 'db' | 'clock'>;

const OPERATORS = ['PURCHASER', 'STOREKEEPER'] as const;
type OperatorRole = (typeof OPERATORS)[number];

function isOperator(actor: Pick<Actor, 'roles'>): boolean {
  return actor.roles.some((role) => (OPERATORS as readonly string[]).includes(role));
}

/** A step only these operator roles take; everyone else gets PERMISSION_DENIED. */
function assertRole(actor: Pick<Actor, 'roles'>, roles: readonly OperatorRole[]): void {
  if (!actor.roles.some((role) => (roles as readonly string[]).includes(role)))
    throw new AppError('PERMISSION_DENIED');
}

/** The seller's side of a step: the owner's accounts, a sub-account only for its shops. */
function assertSeller(actor: Actor, row: PurchaseRow): void {
  if (isOperator(actor) || !sellerSees(actor, row)) throw new AppError('RECORD_NOT_FOUND');
}

function sellerSees(actor: Actor, row: Pick<PurchaseRow, 'ownerId' | 'shopId'>): boolean {
  return row.ownerId === actor.ownerId && (!actor.shopIds || actor.shopIds.includes(row.shopId));
}

function sees(actor: Actor, row: PurchaseRow): boolean {
  return isOperator(actor) || sellerSees(actor, row);
}

/** The condition of the purchases an actor sees. */
function visibleTo(actor: Actor): SQL | undefined {
  if (isOperator(actor)) return undefined;
  if (actor.shopIds && actor.shopIds.length === 0) return sql`false`;
  return and(
    eq(purchases.ownerId, actor.ownerId),
    actor.shopIds ? inArray(purchases.shopId, actor.shopIds) : undefined,
  );
}

const total = (fees: PurchaseFees) =>
  fees.purchaseFee + fees.domesticFreight + fees.internationalFreight + fees.serviceFee;

const extraRef = (purchaseNo: string) => ({ type: 'purchaseExtra', id: purchaseNo });

/**
 * The freeze that pays for a request: its own (`purchase:<no>`), or for one opened by order
 * processing its service order's (`service:<serviceNo>`): the purchase takes that freeze over
 * instead of freezing the same money again.
 */
function walletRef(row: Pick<PurchaseRow, 'purchaseNo' | 'serviceNo' | 'fundedByService'>) {
  return row.fundedByService && row.serviceNo
    ? { type: 'service', id: row.serviceNo }
    : { type: 'purchase', id: row.purchaseNo };
}

/**
 * The key a release of the request's freeze goes under. A funded request releases under the very
 * key the service order's own withdrawal uses (`service:<serviceNo>:release`, also order
 * processing's), so whichever of them comes first moves the money and the others replay it.
 */
function releaseKey(row: PurchaseRow, why: string): string {
  return row.fundedByService && row.serviceNo
    ? `service:${row.serviceNo}:release`
    : `purchase:${row.purchaseNo}:${why}`;
}

/** What the wallet still holds for a funded request: its service order's open freeze. */
async function serviceFreezeOf(db: Database, row: PurchaseRow): Promise<number> {
  const ref = walletRef(row);
  const [held] = await db
    .select({ amount: walletFreezes.remaining })
    .from(walletFreezes)
    .where(
      and(
        eq(walletFreezes.ownerId, row.ownerId),
        eq(walletFreezes.referenceType, ref.type),
        eq(walletFreezes.referenceId, ref.id),
        eq(walletFreezes.state, 'open'),
      ),
    );
  return held?.amount ?? 0;
}

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

async function detailView(db: Database, row: PurchaseRow): Promise<Purchase> {
  const [place] = await db
    .select({ shopName: shops.alias, shopLegalName: shops.name })
    .from(shops)
    .where(eq(shops.id, row.shopId));
  const [warehouse] = row.warehouseId
    ? await db
        .select({ code: warehouses.code })
        .from(warehouses)
        .where(eq(warehouses.id, row.warehouseId))
    : [];
  const frozen = row.fundedByService
    ? (await serviceFreezeOf(db, row)) + row.extraFrozen
    : row.frozen + row.extraFrozen;
  const names = await namesOf(db, [
    row.createdBy,
    row.auditedBy,
    row.shippedBy,
    row.receivedBy,
    row.rejectedBy,
    row.cancelledBy,
  ]);
  const step = (by: string | null, at: Date | null) =>
    at ? { name: (by && names.get(by)) || '', at: at.toISOString() } : null;
  return {
    purchaseNo: row.purchaseNo,
    type: row.type,
    shopId: row.shopId,
    shopName: place?.shopName || place?.shopLegalName || '',
    status: row.status,
    warehouseId: row.warehouseId,
    warehouseName: warehouse?.code ?? '',
    expressType: row.expressType,
    shippingType: row.shippingType,
    serviceNo: row.serviceNo,
    platformNo: row.platformNo,
    fundedByService: row.fundedByService,
    address: row.address,
    items: row.items,
    currency: row.currency,
    estimatedFees: row.estimatedFees,
    actualFees: row.actualFees,
    floatAmount: row.floatAmount,
    estimatedTotal: row.estimatedTotal,
    actualTotal: row.actualTotal,
    discount: row.discount,
    frozen,
    debitAccount: `${row.currency} wallet`,
    settlementRatio:
      row.actualTotal === null ? null : Math.round((row.actualTotal * 10_000) / row.estimatedTotal),
    couponId: row.couponId,
    tracking: row.tracking,
    remark: row.remark,
    rejectReason: row.rejectReason,
    failReason: row.failReason,
    attachments: row.attachments.map((file) => ({ ...file, url: `/files/${file.id}` })),
    creator: step(row.createdBy, row.createdAt),
    auditor: step(row.auditedBy, row.auditedAt),
    shipper: step(row.shippedBy, row.shippedAt),
    receiver: step(row.receivedBy, row.receivedAt),
    rejector: step(row.rejectedBy, row.rejectedAt),
    canceller: step(row.cancelledBy ?? row.failedBy, row.cancelledAt ?? row.failedAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

// ---------------------------------------------------------------------------------------------
// Reading

/** GET /order/purchaseorder/list: one tab, newest first, a keyset page, and every tab's count. */
export async function listPurchases(
  deps: Pick<AppDeps, 'db'>,
  actor: Actor,
  query: PurchaseListQuery,
): Promise<PurchasePage> {
  const { db } = deps;
  const keyword = query.keyword?.trim();
  const like = keyword ? `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const filters = and(
    visibleTo(actor),
    query.type ? eq(purchases.type, query.type) : undefined,
    query.warehouseId ? sql`${purchases.warehouseId}::text = ${query.warehouseId}` : undefined,
    query.shopId ? sql`${purchases.shopId}::text = ${query.shopId}` : undefined,
    like
      ? or(
          sql`${purchases.purchaseNo} ilike ${like}`,
          sql`${purchases.serviceNo} ilike ${like}`,
          sql`${purchases.platformNo} ilike ${like}`,
          sql`exists (select 1 from jsonb_array_elements(${purchases.items}) item where item->>'sku' ilike ${like})`,
        )
      : undefined,
  );
  const keys = keyset(
    [
      { column: purchases.createdAt, order: 'desc' },
      { column: purchases.purchaseNo, order: 'desc' },
    ],
    query,
  );
  const statuses = PURCHASE_TABS[query.tab];
  const found = await db
    .select({
      row: purchases,
      shopName: shops.alias,
      warehouseName: warehouses.code,
      creatorName: users.name,
      cursorKey: keys.key,
    })
    .from(purchases)
    .innerJoin(shops, eq(shops.id, purchases.shopId))
    .leftJoin(warehouses, eq(warehouses.id, purchases.warehouseId))
    .leftJoin(users, eq(users.id, purchases.createdBy))
    .where(and(filters, inArray(purchases.status, [...statuses]), keys.where))
    .orderBy(...keys.orderBy)
    .limit(keys.limit);
  const { rows: page, next } = keys.finish(found);
  const grouped = await db
    .select({ status: purchases.status, n: count() })
    .from(purchases)
    .where(filters)
    .groupBy(purchases.status);
  const by = new Map(grouped.map((entry) => [entry.status, entry.n]));
  const sum = (list: readonly PurchaseStatus[]) =>
    list.reduce((acc, status) => acc + (by.get(status) ?? 0), 0);
  return {
    records: page.map(({ row, shopName, warehouseName, creatorName }) => ({
      purchaseNo: row.purchaseNo,
      type: row.type,
      shopName,
      status: row.status,
      warehouseName: warehouseName ?? '',
      expressType: row.expressType,
      serviceNo: row.serviceNo,
      itemCount: row.items.reduce((acc, item) => acc + item.quantity, 0),
      currency: row.currency,
      estimatedTotal: row.estimatedTotal,
      actualTotal: row.actualTotal,
      creatorName: creatorName ?? '',
      createdAt: row.createdAt.toISOString(),
    })),
    next,
    counts: {
      waitAudit: sum(PURCHASE_TABS.waitAudit),
      waitShip: sum(PURCHASE_TABS.waitShip),
      shipping: sum(PURCHASE_TABS.shipping),
      complete: sum(PURCHASE_TABS.complete),
      abort: sum(PURCHASE_TABS.abort),
      cancel: sum(PURCHASE_TABS.cancel),
      fail: sum(PURCHASE_TABS.fail),
      beWait: by.get('beWait') ?? 0,
    },
  };
}

/** The actor's purchases per status (the dashboard's summary reads it). */
export async function countPurchasesByStatus(
  deps: Pick<AppDeps, 'db'>,
  actor: Actor,
): Promise<Record<PurchaseStatus, number>> {
  const rows = await deps.db
    .select({ status: purchases.status, n: count() })
    .from(purchases)
    .where(visibleTo(actor))
    .groupBy(purchases.status);
  const counts = Object.fromEntries(PURCHASE_STATUSES.map((status) => [status, 0])) as Record<
    PurchaseStatus,
    number
  >;
  for (const row of rows) counts[row.status] = row.n;
  return counts;
}

async function findVisible(db: Database, actor: Actor, purchaseNo: string, lock = false) {
  const query = db.select().from(purchases).where(eq(purchases.purchaseNo, purchaseNo));
  const [row] = lock ? await query.for('update') : await query;
  if (!row || !sees(actor, row)) throw new AppError('RECORD_NOT_FOUND');
  return row;
}

/** GET /order/purchaseorder/detail. */
export async function purchaseDetail(
  deps: Pick<AppDeps, 'db'>,
  actor: Actor,
  input: { purchaseNo: string },
): Promise<Purchase> {
  return detailView(deps.db, await findVisible(deps.db, actor, input.purchaseNo));
}

/** GET /app/public/getPurchaseCustomer: the purchasing desk as configured. */
export async function purchaseCustomer(
  deps: Pick<AppDeps, 'db'>,
  _actor: Actor,
): Promise<PurchaseCustomer> {
  const rows = await deps.db
    .select({ key: configValues.keyName, value: configValues.keyValue })
    .from(configValues)
    .where(eq(configValues.dicType, 'PURCHASE_CUSTOMER'));
  const value = (key: string) => rows.find((row) => row.key === key)?.value ?? '';
  return {
    name: value('name'),
    phone: value('phone'),
    wechat: value('wechat'),
    email: value('email'),
    hours: value('hours'),
  };
}

// ---------------------------------------------------------------------------------------------
// Attachments

/** A file name as shown: no path, no line breaks, at most 200 characters. */
function safeName(name: string): string {
  return (name.trim() || 'attachment.pdf').replace(/[\\/\r\n]/g, '_').slice(0, 200);
}

/** A PDF by its first bytes, whatever the upload claimed. */
function isPdf(bytes: Buffer): boolean {
  return bytes.length >= 5 && bytes.subarray(0, 5).toString('latin1') === '%PDF-';
}

/** POST /order/purchaseorder/attachment: a PDF of at most 2 MB, stored as other media are. */
export async function storeAttachment(
  deps: Deps,
  actor: Actor,
  input: { bytes: Buffer; name: string },
) {
  if (input.bytes.length > PDF_LIMIT_BYTES)
    throw new AppError('FILE_TOO_LARGE', { params: { limit: '2 MB' } });
  if (!isPdf(input.bytes))
    throw new AppError('FILE_TYPE_UNSUPPORTED', { params: { types: 'PDF' } });
  const name = safeName(input.name);
  const [row] = await deps.db
    .insert(files)
    .values({
      ownerId: actor.userId,
      contentType: 'application/pdf',
      size: input.bytes.length,
      sha256: createHash('sha256').update(input.bytes).digest('hex'),
      data: input.bytes,
      createdAt: deps.clock.now(),
    })
    .returning({ id: files.id });
  if (!row) throw new AppError('OPERATION_FAILED');
  return { id: row.id, name, size: input.bytes.length, url: `/files/${row.id}` };
}

// ---------------------------------------------------------------------------------------------
// Creating

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LINK = /^https?:\/\/[^\s/$.?#][^\s]*$/i;

/** The next purchase number of the month: PO + YYYYMM + a 4-digit sequence. */
async function nextPurchaseNo(db: Database, now: Date): Promise<string> {
  const prefix = `PO${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
  const [last] = await db
    .select({ no: purchases.purchaseNo })
    .from(purchases)
    .where(sql`${purchases.purchaseNo} like ${`${prefix}%`}`)
    .orderBy(desc(purchases.purchaseNo))
    .limit(1);
  const sequence = last ? Number(last.no.slice(prefix.length)) + 1 : 1;
  return `${prefix}${String(sequence).padStart(4, '0')}`;
}

/**
 * Inserts a request under the month's next purchase number, trying again when a parallel request
 * took that number; a request already made under the same idempotency key (`earlier`) is answered
 * instead, with nothing inserted.
 */
async function insertNumbered(
  db: Database,
  now: Date,
  values: Omit<typeof purchases.$inferInsert, 'purchaseNo'>,
  earlier: () => Promise<PurchaseRow | null | undefined>,
): Promise<{ row: PurchaseRow; created: boolean }> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const purchaseNo = await nextPurchaseNo(db, now);
    const [row] = await db
      .insert(purchases)
      .values({ ...values, purchaseNo })
      .onConflictDoNothing()
      .returning();
    if (row) return { row, created: true };
    const same = await earlier();
    if (same) return { row: same, created: false };
  }
  throw new AppError('OPERATION_FAILED');
}

/** The rules of spec section 5 that the schema cannot say, each with its own message. */
function checkCreate(input: PurchaseCreate): void {
  const missing: string[] = [];
  if (!input.warehouseId) missing.push('warehouse');
  if (input.items.length === 0) missing.push('items');
  if (missing.length > 0)
    throw new AppError('PURCHASE_FIELDS_MISSING', { params: { fields: missing.join(', ') } });
  if (input.items.some((item) => item.link.trim() === ''))
    throw new AppError('PURCHASE_LINK_MISSING');
  if (input.items.some((item) => !LINK.test(item.link.trim())))
    throw new AppError('VALIDATION_FAILED', { params: { fields: 'items.link' } });
}

async function purchaseByKey(db: Database, ownerId: string, idempotencyKey: string) {
  const [row] = await db
    .select()
    .from(purchases)
    .where(and(eq(purchases.ownerId, ownerId), eq(purchases.idempotencyKey, idempotencyKey)));
  return row ?? null;
}

/**
 * POST /order/purchaseorder/create: checks every rule, writes the request (waitAudit), then
 * freezes its estimate less the coupon. A refused freeze (-10 with the shortfall, a coupon that
 * does not apply) removes the request again: nothing of it stays. The same idempotency key
 * answers the request it made.
 */
export async function createPurchase(
  deps: Deps,
  actor: Actor,
  input: PurchaseCreate & { idempotencyKey: string; language: Language },
): Promise<Purchase> {
  const { db, clock } = deps;
  if (isOperator(actor)) throw new AppError('PERMISSION_DENIED');
  const earlier = await purchaseByKey(db, actor.ownerId, input.idempotencyKey);
  if (earlier) return detailView(db, earlier);
  // A seller with no warehouse to receive the goods is offered one first (the store-open
  // dialog): no field of the request can make up for it.
  const usable = await db
    .select({ id: warehouses.id, state: warehouses.state, currency: warehouses.currency })
    .from(warehouses)
    .where(and(eq(warehouses.ownerId, actor.ownerId), eq(warehouses.state, 'normal')));
  if (usable.length === 0) throw new AppError('WAREHOUSE_NOT_BUY');
  checkCreate(input);
  if (!UUID.test(input.shopId) || (actor.shopIds && !actor.shopIds.includes(input.shopId)))
    throw new AppError('RECORD_NOT_FOUND');
  const [shop] = await db
    .select({ id: shops.id })
    .from(shops)
    .where(and(eq(shops.id, input.shopId), eq(shops.ownerId, actor.ownerId)));
  if (!shop) throw new AppError('RECORD_NOT_FOUND');
  const warehouse = usable.find((row) => row.id === input.warehouseId);
  if (!warehouse) throw new AppError('WAREHOUSE_STATE_INVALID');
  const attachments = await attachmentsOf(db, actor, input.attachments);
  let scope: (typeof PURCHASE_COUPON_SCOPES)[number] | undefined;
  if (input.couponId) {
    const [coupon] = UUID.test(input.couponId)
      ? await db
          .select({ scope: coupons.scope })
          .from(coupons)
          .where(and(eq(coupons.id, input.couponId), eq(coupons.ownerId, actor.ownerId)))
      : [];
    if (!coupon) throw new AppError('COUPON_NOT_FOUND');
    if (coupon.scope === 'general') scope = 'purchaseFee';
    else if ((PURCHASE_COUPON_SCOPES as readonly string[]).includes(coupon.scope))
      scope = coupon.scope as (typeof PURCHASE_COUPON_SCOPES)[number];
    else throw new AppError('COUPON_SCENE_INVALID');
  }
  const items = input.items.map((item) => ({
    sku: item.sku.trim(),
    link: item.link.trim(),
    estimatedPrice: item.estimatedPrice,
    actualPrice: null,
    quantity: item.quantity,
  }));
  const estimatedFees: PurchaseFees = {
    purchaseFee: items.reduce((acc, item) => acc + item.estimatedPrice * item.quantity, 0),
    ...input.fees,
  };
  const estimatedTotal = total(estimatedFees);
  if (!Number.isSafeInteger(estimatedTotal) || estimatedTotal < 1)
    throw new AppError('PURCHASE_FIELDS_MISSING', { params: { fields: 'fees' } });
  const now = clock.now();
  const inserted = await insertNumbered(
    db,
    now,
    {
      ownerId: actor.ownerId,
      shopId: input.shopId,
      warehouseId: warehouse.id,
      type: input.type,
      status: 'waitAudit',
      expressType: input.expressType,
      shippingType: input.shippingType,
      serviceNo: input.serviceNo?.trim() || null,
      platformNo: input.platformNo?.trim() || null,
      address: input.address,
      items,
      currency: warehouse.currency,
      estimatedFees,
      estimatedTotal,
      floatAmount: input.floatAmount,
      couponId: input.couponId ?? null,
      remark: input.remark,
      attachments,
      createdBy: actor.userId,
      idempotencyKey: input.idempotencyKey,
      createdAt: now,
      updatedAt: now,
    },
    () => purchaseByKey(db, actor.ownerId, input.idempotencyKey),
  );
  if (!inserted.created) return detailView(db, inserted.row);
  const written = inserted.row;
  let row: PurchaseRow | undefined = written;
  try {
    const held = await freezeForOrder(deps, null, {
      ownerId: actor.ownerId,
      reference: walletRef(row),
      currency: row.currency,
      estimate: estimatedTotal,
      couponId: input.couponId,
      scope,
      idempotencyKey: `purchase:${row.purchaseNo}:freeze`,
      actorId: actor.userId,
    });
    [row] = await db
      .update(purchases)
      .set({ discount: held.discount, frozen: held.frozen })
      .where(eq(purchases.id, written.id))
      .returning();
  } catch (error) {
    await db.delete(purchases).where(eq(purchases.id, written.id));
    throw error;
  }
  if (!row) throw new AppError('OPERATION_FAILED');
  await tell(deps, row, 'purchaseSubmitted');
  return detailView(db, row);
}

/** What order processing hands over when a crossSale service order is made. */
export interface ServicePurchaseInput {
  serviceNo: string;
  /** The platform order's number. */
  platformNo: string;
  shopId: string;
  /** The shop's site: the seller's warehouse there receives the goods, when it has one. */
  site: string;
  /** The wallet's currency, in which the service's fees were priced and frozen. */
  currency: Currency;
  fees: {
    purchase: number;
    domesticFreight: number;
    internationalFreight: number;
    service: number;
    consumables: number;
  };
  discount: number;
  frozen: number;
  items: readonly {
    name: string;
    sku: string | null;
    quantity: number;
    purchaseUrl: string | null;
    purchasePrice: number | null;
    purchaseCurrency: Currency | null;
  }[];
  receiver: { name?: string | null; phone?: string | null; address?: string | null } | null;
}

/**
 * A crossSale service order made by processing a platform order opens its crossSale purchase
 * request (waitAudit), in the processing's transaction. It freezes nothing: the service order's
 * freeze already holds the purchase, freight and service fees, and the request takes it over
 * (`fundedByService`). One request per service order (a unique index); a repeat answers it.
 */
export async function openServicePurchase(
  deps: Deps,
  actor: Actor,
  input: ServicePurchaseInput,
): Promise<Purchase> {
  const { db, clock } = deps;
  const earlier = async () => {
    const [row] = await db
      .select()
      .from(purchases)
      .where(
        and(
          eq(purchases.ownerId, actor.ownerId),
          eq(purchases.serviceNo, input.serviceNo),
          eq(purchases.fundedByService, true),
        ),
      );
    return row;
  };
  const found = await earlier();
  if (found) return detailView(db, found);
  const now = clock.now();
  const [warehouse] = await db
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(
      and(
        eq(warehouses.ownerId, actor.ownerId),
        eq(warehouses.site, input.site as typeof warehouses.$inferSelect.site),
        eq(warehouses.state, 'normal'),
      ),
    )
    .orderBy(warehouses.code)
    .limit(1);
  const items = [];
  for (const item of input.items) {
    const unit = item.purchasePrice ?? 0;
    const price =
      unit === 0 || (item.purchaseCurrency ?? input.currency) === input.currency
        ? unit
        : (
            await convert({ db }, null, {
              amount: unit,
              from: item.purchaseCurrency ?? input.currency,
              to: input.currency,
              at: now,
            })
          ).converted;
    items.push({
      sku: item.sku?.trim() || item.name.slice(0, 100),
      link: item.purchaseUrl ?? '',
      estimatedPrice: price,
      actualPrice: null,
      quantity: item.quantity,
    });
  }
  // The estimate is the service order's, part by part, so the two name the same money.
  const estimatedFees: PurchaseFees = {
    purchaseFee: input.fees.purchase,
    domesticFreight: input.fees.domesticFreight,
    internationalFreight: input.fees.internationalFreight,
    serviceFee: input.fees.service + input.fees.consumables,
  };
  const receiver = input.receiver ?? {};
  const inserted = await insertNumbered(
    db,
    now,
    {
      ownerId: actor.ownerId,
      shopId: input.shopId,
      warehouseId: warehouse?.id ?? null,
      type: 'crossSale',
      status: 'waitAudit',
      // A sale waits for its buyer: it flies.
      expressType: 'sky',
      shippingType: 'homeDelivery',
      serviceNo: input.serviceNo,
      platformNo: input.platformNo,
      fundedByService: true,
      address: {
        province: '',
        area: '',
        detail: receiver.address ?? '',
        postalCode: '',
        consigneeName: receiver.name ?? '',
        mobile: receiver.phone ?? '',
      },
      items,
      currency: input.currency,
      estimatedFees,
      estimatedTotal: total(estimatedFees),
      floatAmount: 0,
      discount: input.discount,
      frozen: input.frozen,
      createdBy: actor.userId,
      idempotencyKey: `service:${input.serviceNo}`,
      createdAt: now,
      updatedAt: now,
    },
    earlier,
  );
  if (!inserted.created) return detailView(db, inserted.row);
  await tell(deps, inserted.row, 'purchaseSubmitted');
  return detailView(db, inserted.row);
}

async function attachmentsOf(
  db: Database,
  actor: Actor,
  wanted: readonly { id: string; name: string }[],
) {
  if (wanted.length === 0) return [];
  const ids = wanted.map((file) => file.id);
  if (ids.some((id) => !UUID.test(id))) throw new AppError('PURCHASE_ATTACHMENT_INVALID');
  const rows = await db
    .select({ id: files.id, size: files.size })
    .from(files)
    .where(
      and(
        inArray(files.id, [...ids]),
        eq(files.ownerId, actor.userId),
        eq(files.contentType, 'application/pdf'),
      ),
    );
  if (rows.length !== new Set(ids).size) throw new AppError('PURCHASE_ATTACHMENT_INVALID');
  const sizes = new Map(rows.map((row) => [row.id, row.size]));
  return wanted.map((file) => ({
    id: file.id,
    name: safeName(file.name),
    size: sizes.get(file.id) ?? 0,
  }));
}

// ---------------------------------------------------------------------------------------------
// Steps

type TitleKey =
  | 'purchaseSubmitted'
  | 'purchaseApproved'
  | 'purchaseRejected'
  | 'purchaseShipped'
  | 'purchaseReturned'
  | 'purchaseCompleted'
  | 'purchaseCancelled'
  | 'purchaseAbnormal';

async function tell(deps: Deps, row: PurchaseRow, titleKey: TitleKey, reason?: string) {
  await notify(deps, null, {
    userId: row.createdBy ?? row.ownerId,
    type: 2,
    titleKey,
    params: { purchaseNo: row.purchaseNo, ...(reason ? { reason } : {}) },
    jumpId: row.purchaseNo,
  });
}

/**
 * One step: the request locked, seen by the actor, in one of `from`; `work` changes it (and the
 * money, in the same transaction: a failure undoes both) and names the message to send.
 */
async function step(
  deps: Deps,
  actor: Actor,
  purchaseNo: string,
  from: readonly PurchaseStatus[],
  closing: boolean,
  work: (
    tx: Database,
    row: PurchaseRow,
    now: Date,
  ) => Promise<{ changes: Partial<PurchaseRow>; tell: TitleKey; reason?: string }>,
): Promise<Purchase> {
  const { row, message } = await deps.db.transaction(async (tx) => {
    const locked = await findVisible(tx, actor, purchaseNo, true);
    if (!from.includes(locked.status)) throw new AppError('PURCHASE_STATUS_INVALID');
    await checkService(tx, locked, closing);
    const now = deps.clock.now();
    const done = await work(tx, locked, now);
    const [updated] = await tx
      .update(purchases)
      .set({ ...done.changes, updatedAt: now })
      .where(eq(purchases.id, locked.id))
      .returning();
    if (!updated) throw new AppError('OPERATION_FAILED');
    return { row: updated, message: done };
  });
  await tell(deps, row, message.tell, message.reason);
  return detailView(deps.db, row);
}

/** Releases everything the wallet holds for a request: the estimate's freeze (and its coupon) and an accepted overrun. */
async function releaseAll(deps: Deps, row: PurchaseRow, why: string, actorId: string) {
  if (row.frozen > 0)
    await cancelOrder(deps, null, {
      ownerId: row.ownerId,
      reference: walletRef(row),
      idempotencyKey: releaseKey(row, why),
      actorId,
    });
  if (row.extraFrozen > 0)
    await cancel(deps, null, {
      ownerId: row.ownerId,
      reference: extraRef(row.purchaseNo),
      idempotencyKey: `purchase:${row.purchaseNo}:${why}:extra`,
      actorId,
    });
}

/**
 * A funded request follows its service order: once the service is withdrawn its money is back
 * (the request may still be cancelled, rejected or marked abnormal, which moves nothing more), and
 * once it is completed the money is settled (the request may only go on to its arrival).
 */
async function checkService(db: Database, row: PurchaseRow, closing: boolean): Promise<void> {
  if (!row.fundedByService || !row.serviceNo) return;
  const [service] = await db
    .select({ status: serviceOrders.status })
    .from(serviceOrders)
    .where(and(eq(serviceOrders.ownerId, row.ownerId), eq(serviceOrders.serviceNo, row.serviceNo)));
  const status = service?.status ?? 'cancelled';
  const withdrawn = status === 'cancelled' || status === 'aborted';
  if (closing ? status === 'completed' : withdrawn) throw new AppError('PURCHASE_STATUS_INVALID');
}

/** POST .../audit/approve (PURCHASER): waitAudit -> waitShip. */
export function approvePurchase(deps: Deps, actor: Actor, input: { purchaseNo: string }) {
  assertRole(actor, ['PURCHASER']);
  return step(deps, actor, input.purchaseNo, ['waitAudit'], false, async (_tx, _row, now) => ({
    changes: { status: 'waitShip', auditedBy: actor.userId, auditedAt: now },
    tell: 'purchaseApproved',
  }));
}

/** POST .../audit/reject (PURCHASER): waitAudit -> abort with a reason; the money released. */
export function rejectPurchase(
  deps: Deps,
  actor: Actor,
  input: { purchaseNo: string; reason: string },
) {
  assertRole(actor, ['PURCHASER']);
  return step(deps, actor, input.purchaseNo, ['waitAudit'], true, async (tx, row, now) => {
    await releaseAll({ db: tx, clock: deps.clock }, row, 'reject', actor.userId);
    return {
      changes: {
        status: 'abort',
        rejectReason: input.reason,
        rejectedBy: actor.userId,
        rejectedAt: now,
        frozen: 0,
        extraFrozen: 0,
      },
      tell: 'purchaseRejected',
      reason: input.reason,
    };
  });
}

/**
 * POST .../ship (PURCHASER): the goods bought. The actual prices and fees are recorded; within
 * the estimate plus the float amount it ships (shipping), above it the request goes back to its
 * creator (beWait) with the tracking kept for when it is accepted.
 */
export function shipPurchase(deps: Deps, actor: Actor, input: PurchaseShip) {
  assertRole(actor, ['PURCHASER']);
  return step(deps, actor, input.purchaseNo, ['waitShip'], false, async (_tx, row, now) => {
    if (input.actualPrices.length !== row.items.length)
      throw new AppError('PURCHASE_FIELDS_MISSING', { params: { fields: 'actualPrices' } });
    const items = row.items.map((item, index) => ({
      ...item,
      actualPrice: input.actualPrices[index] ?? 0,
    }));
    const actualFees: PurchaseFees = {
      purchaseFee: items.reduce((acc, item) => acc + (item.actualPrice ?? 0) * item.quantity, 0),
      ...input.actualFees,
      // A funded request's service fee is its service order's own, settled by the service
      // operator at the service's completion: the purchaser records the goods and the freight.
      ...(row.fundedByService ? { serviceFee: row.estimatedFees.serviceFee } : {}),
    };
    const actualTotal = total(actualFees);
    const over = actualTotal > row.estimatedTotal + row.floatAmount;
    return {
      changes: {
        items,
        actualFees,
        actualTotal,
        tracking: input.tracking,
        status: over ? 'beWait' : 'shipping',
        shippedBy: actor.userId,
        shippedAt: over ? null : now,
      },
      tell: over ? 'purchaseReturned' : 'purchaseShipped',
    };
  });
}

/** POST .../accept (the seller): a returned request's overrun frozen too; it ships. */
export function acceptPurchase(deps: Deps, actor: Actor, input: { purchaseNo: string }) {
  return step(deps, actor, input.purchaseNo, ['beWait'], false, async (tx, row, now) => {
    assertSeller(actor, row);
    const extra = (row.actualTotal ?? 0) - row.estimatedTotal;
    if (extra > 0)
      await freeze({ db: tx, clock: deps.clock }, null, {
        ownerId: row.ownerId,
        currency: row.currency,
        amount: extra,
        reference: extraRef(row.purchaseNo),
        idempotencyKey: `purchase:${row.purchaseNo}:extra`,
        actorId: actor.userId,
      });
    return {
      changes: { status: 'shipping', shippedAt: now, extraFrozen: Math.max(extra, 0) },
      tell: 'purchaseShipped',
    };
  });
}

/** POST .../cancel (the seller): before it ships; everything released. */
export function cancelPurchase(deps: Deps, actor: Actor, input: { purchaseNo: string }) {
  return step(
    deps,
    actor,
    input.purchaseNo,
    ['waitAudit', 'waitShip', 'beWait'],
    true,
    async (tx, row, now) => {
      assertSeller(actor, row);
      await releaseAll({ db: tx, clock: deps.clock }, row, 'cancel', actor.userId);
      return {
        changes: {
          status: 'cancel',
          cancelledBy: actor.userId,
          cancelledAt: now,
          frozen: 0,
          extraFrozen: 0,
        },
        tell: 'purchaseCancelled',
      };
    },
  );
}

/**
 * Order processing withdraws a crossSale service order: its purchase request is cancelled with it
 * (releasing under the service's key, so the service's own release replays it). A request the
 * purchaser already bought (shipping or complete) stops the withdrawal; a closed one is left as it is.
 */
export async function closeServicePurchase(
  deps: Deps,
  actor: Actor,
  input: { serviceNo: string },
): Promise<void> {
  const [row] = await deps.db
    .select({ purchaseNo: purchases.purchaseNo, status: purchases.status })
    .from(purchases)
    .where(
      and(
        eq(purchases.ownerId, actor.ownerId),
        eq(purchases.serviceNo, input.serviceNo),
        eq(purchases.fundedByService, true),
      ),
    );
  if (!row || ['abort', 'cancel', 'fail'].includes(row.status)) return;
  await cancelPurchase(deps, actor, { purchaseNo: row.purchaseNo });
}

/** The statuses from which a funded request still closes with its service: nothing is bought yet. */
const WITHDRAWABLE: readonly PurchaseStatus[] = ['waitAudit', 'waitShip', 'beWait'];
const CLOSED: readonly PurchaseStatus[] = ['abort', 'cancel', 'fail'];

/** The purchase request a service order funds (row-locked with `lock`), or null when it funds none. */
export async function fundedPurchaseOf(
  db: Database,
  ownerId: string,
  serviceNo: string,
  lock = false,
): Promise<PurchaseRow | null> {
  const query = db
    .select()
    .from(purchases)
    .where(
      and(
        eq(purchases.ownerId, ownerId),
        eq(purchases.serviceNo, serviceNo),
        eq(purchases.fundedByService, true),
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/**
 * A service cancelled by its seller or aborted by a service operator closes the purchase request
 * it funds, in the service's transaction (`deps.db`): a request not bought yet (waitAudit,
 * waitShip, beWait) is cancelled and its money released under the service's own release key, so
 * the service's release that follows replays it and the freeze goes back once. A request already
 * bought (shipping) or arrived (complete) refuses the withdrawal (SERVICE_PURCHASE_SHIPPED) and
 * nothing changes; a closed one is left as it is. Answers the request cancelled now (for its
 * message, `announceServicePurchase` once the transaction is committed), else null.
 */
export async function withdrawServicePurchase(
  deps: Deps,
  input: { ownerId: string; serviceNo: string; actorId: string },
): Promise<PurchaseRow | null> {
  const row = await fundedPurchaseOf(deps.db, input.ownerId, input.serviceNo, true);
  if (!row || CLOSED.includes(row.status)) return null;
  if (!WITHDRAWABLE.includes(row.status))
    throw new AppError('SERVICE_PURCHASE_SHIPPED', {
      params: { purchaseNo: row.purchaseNo },
      datas: { purchaseNo: row.purchaseNo, status: row.status },
    });
  await releaseAll(deps, row, 'cancel', input.actorId);
  const now = deps.clock.now();
  const [updated] = await deps.db
    .update(purchases)
    .set({
      status: 'cancel',
      cancelledBy: input.actorId,
      cancelledAt: now,
      frozen: 0,
      extraFrozen: 0,
      updatedAt: now,
    })
    .where(eq(purchases.id, row.id))
    .returning();
  if (!updated) throw new AppError('OPERATION_FAILED');
  return updated;
}

/** Tells a funded request's creator that it was cancelled with its service. */
export async function announceServicePurchase(deps: Deps, row: PurchaseRow): Promise<void> {
  await tell(deps, row, 'purchaseCancelled');
}

/**
 * The purchaser's actual costs of an arrived funded request as its service order's fee parts
 * (goods, domestic and international freight), in the service's currency: as they are, or, when
 * the request was priced in another currency, converted part by part at the dated rate in force
 * at `at`, as order processing priced them.
 */
export async function purchaseCostsIn(
  db: Database,
  row: PurchaseRow,
  currency: Currency,
  at: Date,
): Promise<{ purchase: number; domesticFreight: number; internationalFreight: number }> {
  const fees = row.actualFees ?? row.estimatedFees;
  const parts = {
    purchase: fees.purchaseFee,
    domesticFreight: fees.domesticFreight,
    internationalFreight: fees.internationalFreight,
  };
  if (row.currency === currency) return parts;
  const converted = { ...parts };
  for (const key of Object.keys(parts) as (keyof typeof parts)[]) {
    if (parts[key] === 0) continue;
    try {
      converted[key] = (
        await convert({ db }, null, { amount: parts[key], from: row.currency, to: currency, at })
      ).converted;
    } catch {
      throw new AppError('EXCHANGE_RATE_MISSING', { params: { from: row.currency, to: currency } });
    }
  }
  return converted;
}

/**
 * The service's completion settles its funded request, in the service's transaction: the overrun
 * its creator accepted (frozen apart) is settled against `overrun`, the service's actual above its
 * estimate: deducted up to it, the rest released, more than it taken from the balance (refused
 * with -10 when short, which undoes the whole completion). Answers how much of the overrun it
 * charged (nothing without an accepted overrun); the service's own freeze settles the rest.
 * Once, under the request's settle key.
 */
export async function settleServicePurchase(
  deps: Deps,
  row: PurchaseRow,
  input: { overrun: number; actorId: string },
): Promise<number> {
  let charged = 0;
  if (row.extraFrozen > 0) {
    await settle(deps, null, {
      ownerId: row.ownerId,
      reference: extraRef(row.purchaseNo),
      actual: input.overrun,
      idempotencyKey: `purchase:${row.purchaseNo}:settle:extra`,
      actorId: input.actorId,
    });
    charged = input.overrun;
  }
  await deps.db
    .update(purchases)
    .set({ frozen: 0, extraFrozen: 0, updatedAt: deps.clock.now() })
    .where(eq(purchases.id, row.id));
  return charged;
}

/**
 * POST .../receive (STOREKEEPER): the goods arrived. An accepted overrun's freeze is released
 * first, then the actual total is settled against the estimate's freeze (the coupon judged on
 * it): deducted, the rest released, an overrun taken from what was just released. A request
 * funded by its service order moves no money here: its arrival lets the service go on, and the
 * service's completion settles the whole service once on these actual costs, the service's freeze
 * and the overrun its creator accepted together (`settleServicePurchase`).
 */
export function receivePurchase(deps: Deps, actor: Actor, input: { purchaseNo: string }) {
  assertRole(actor, ['STOREKEEPER']);
  return step(deps, actor, input.purchaseNo, ['shipping'], false, async (tx, row, now) => {
    const money = { db: tx, clock: deps.clock };
    const done = { status: 'complete', receivedBy: actor.userId, receivedAt: now } as const;
    if (row.fundedByService) return { changes: done, tell: 'purchaseCompleted' };
    if (row.extraFrozen > 0)
      await cancel(money, null, {
        ownerId: row.ownerId,
        reference: extraRef(row.purchaseNo),
        idempotencyKey: `purchase:${row.purchaseNo}:settle:extra`,
        actorId: actor.userId,
      });
    const settled = await settleOrder(money, null, {
      ownerId: row.ownerId,
      reference: walletRef(row),
      actual: row.actualTotal ?? 0,
      idempotencyKey: `purchase:${row.purchaseNo}:settle`,
      actorId: actor.userId,
    });
    return {
      changes: { ...done, discount: settled.discount, frozen: 0, extraFrozen: 0 },
      tell: 'purchaseCompleted',
    };
  });
}

/** POST .../fail (an operator): abnormal, with a reason; everything released. */
export function failPurchase(
  deps: Deps,
  actor: Actor,
  input: { purchaseNo: string; reason: string },
) {
  assertRole(actor, ['PURCHASER', 'STOREKEEPER']);
  return step(
    deps,
    actor,
    input.purchaseNo,
    ['waitAudit', 'waitShip', 'beWait', 'shipping'],
    true,
    async (tx, row, now) => {
      await releaseAll({ db: tx, clock: deps.clock }, row, 'fail', actor.userId);
      return {
        changes: {
          status: 'fail',
          failReason: input.reason,
          failedBy: actor.userId,
          failedAt: now,
          frozen: 0,
          extraFrozen: 0,
        },
        tell: 'purchaseAbnormal',
        reason: input.reason,
      };
    },
  );
}
