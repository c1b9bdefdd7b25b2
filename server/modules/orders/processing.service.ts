import { createHash, randomBytes } from 'node:crypto';
import type { Currency } from '@shared/contracts/money';
import type { ProcessOrderRequestSchema } from '@shared/contracts/orders';
import {
  type DealOrderDetail,
  FEE_RULES,
  type ProcessOrderResult,
  type PurchaseLink,
} from '@shared/contracts/orders';
import {
  type OrderServiceType,
  SERVICE_FEE_PARTS,
  SERVICE_STEPS,
  type ServiceFees,
  type ServiceItem,
  type ServiceOrder,
} from '@shared/contracts/service-orders';
import { sourceSiteOf } from '@shared/contracts/source-sites';
import { and, desc, eq, ne } from 'drizzle-orm';
import type * as z from 'zod/mini';
import type { Actor, AppDeps } from '../../context';
import type { Database } from '../../db/client';
import { orderSubmissions, serviceOrders, sites, users } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { cancelOrder, freezeForOrder } from '../payments/checkout.service';
import { closeServicePurchase, openServicePurchase } from '../purchases/purchases.service';
import { convert } from '../wallet/exchange-rates';
import { InputIssues } from './input-issues';
import {
  itemProductKey,
  productChoicesOf,
  purchaseLinkOf,
  savePurchaseLinkOf,
  warehouseStateOf,
} from './order-sources';
import { findOrder, itemsOf, toPlatformOrder, toServiceOrder } from './orders.service';

type ProcessRequest = z.output<typeof ProcessOrderRequestSchema>;
type Deps = Pick<AppDeps, 'db' | 'clock'>;

/** The coupon scope of a processing: its service fees (a general coupon fits as well). */
const PROCESSING_COUPON_SCOPE = 'serviceFee';

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

/** A service or return number: a prefix, the day and random characters (unique by index). */
export function documentNo(prefix: string, now: Date): string {
  const day = now.toISOString().slice(2, 10).replace(/-/g, '');
  return `${prefix}${day}${randomBytes(5).toString('hex').toUpperCase()}`;
}

/** Stops an order that needs the overseas warehouse when the seller's on its site is missing, full or expired. */
async function checkWarehouse(db: Database, ownerId: string, site: string): Promise<void> {
  const state = await warehouseStateOf(db, ownerId, site);
  if (state === 'none') throw new AppError('WAREHOUSE_NOT_BUY', { datas: { site } });
  if (state === 'full') throw new AppError('WAREHOUSE_VOLUME_SHORT', { datas: { site } });
  if (state === 'expired') throw new AppError('WAREHOUSE_EXPIRED', { datas: { site } });
}

/** What processing an order needs, item by item. */
export async function dealOrderDetail(
  deps: Deps,
  actor: Actor,
  orderId: string,
): Promise<DealOrderDetail> {
  const { db } = deps;
  const row = await findOrder(db, actor, orderId);
  const active = await activeServices(db, orderId);
  const status = row.order.orderStatus;
  const blocked =
    active.length > 0
      ? 'processed'
      : status === 'cancel'
        ? 'cancelled'
        : status === 'waitDeal'
          ? null
          : 'notWaiting';
  const items = await Promise.all(
    itemsOf(row.order).map(async (item) => ({
      item,
      purchaseLink: await purchaseLinkOf(
        db,
        actor.ownerId,
        itemProductKey(row.order.platform, item),
      ),
      suggestedType: (row.orderType === 'local'
        ? 'crossStoreSale'
        : 'crossSale') as OrderServiceType,
    })),
  );
  return {
    order: toPlatformOrder(row, active[0]),
    walletCurrency: await walletCurrencyOf(db, actor.ownerId),
    items,
    blocked,
  };
}

async function activeServices(db: Database, orderId: string) {
  return db
    .select()
    .from(serviceOrders)
    .where(and(eq(serviceOrders.orderId, orderId), ne(serviceOrders.status, 'cancelled')))
    .orderBy(desc(serviceOrders.createdAt));
}

interface Planned {
  type: OrderServiceType;
  items: ServiceItem[];
  /** Fees in fen before conversion. */
  feesFen: ServiceFees;
}

/** The service orders a request makes, with their fees in fen: one per service type used. */
async function plan(
  db: Database,
  ownerId: string,
  row: Awaited<ReturnType<typeof findOrder>>,
  request: ProcessRequest,
): Promise<Planned[]> {
  const items = itemsOf(row.order);
  const byId = new Map(items.map((item) => [item.id, item]));
  const unknown = request.items.flatMap((choice, index) =>
    byId.has(choice.orderItemId)
      ? []
      : [{ field: `items.${index}.orderItemId`, key: 'invalidOption' as const }],
  );
  if (unknown.length) throw new InputIssues(unknown);
  const groups = new Map<OrderServiceType, ServiceItem[]>();
  const missing: string[] = [];
  for (const choice of request.items) {
    const item = byId.get(choice.orderItemId);
    if (!item) continue;
    const bought = choice.type !== 'crossStoreSale';
    const link = bought
      ? await purchaseLinkOf(db, ownerId, itemProductKey(row.order.platform, item))
      : null;
    if (bought && !link) missing.push(item.id);
    const list = groups.get(choice.type) ?? [];
    list.push({
      orderItemId: item.id,
      name: item.name,
      sku: item.sku,
      image: item.image,
      quantity: item.quantity,
      purchaseUrl: link?.url ?? null,
      purchasePrice: link?.price ?? null,
      purchaseCurrency: link ? 'CNY' : null,
    });
    groups.set(choice.type, list);
  }
  if (missing.length)
    throw new AppError('ORDER_PURCHASE_LINK_MISSING', { datas: { orderItemIds: missing } });
  if (request.gifts.length)
    groups.set(
      'giftShipment',
      request.gifts.map((gift) => ({
        orderItemId: null,
        name: gift.name,
        sku: null,
        image: null,
        quantity: gift.quantity,
        purchaseUrl: null,
        purchasePrice: null,
        purchaseCurrency: null,
      })),
    );
  return [...groups].map(([type, list]) => ({ type, items: list, feesFen: feesOf(type, list) }));
}

/** The fee rules (FEE_RULES) applied to one service order's items, in fen. */
function feesOf(type: OrderServiceType, items: readonly ServiceItem[]): ServiceFees {
  const pieces = items.reduce((sum, item) => sum + item.quantity, 0);
  const purchase = items.reduce((sum, item) => sum + (item.purchasePrice ?? 0) * item.quantity, 0);
  const links = new Set(items.flatMap((item) => (item.purchaseUrl ? [item.purchaseUrl] : []))).size;
  switch (type) {
    case 'crossSale':
    case 'crossSupplement':
      return {
        purchase,
        domesticFreight: FEE_RULES.domesticFreightPerLink * links,
        internationalFreight: FEE_RULES.internationalFreightPerPiece[type] * pieces,
        service: FEE_RULES.servicePerPiece * pieces,
        consumables: FEE_RULES.consumablesPerPiece * pieces,
      };
    case 'crossStoreSale':
      return {
        purchase: 0,
        domesticFreight: 0,
        internationalFreight: 0,
        service: FEE_RULES.servicePerPiece * pieces,
        consumables: FEE_RULES.consumablesPerPiece * pieces,
      };
    case 'giftShipment':
      return {
        purchase: 0,
        domesticFreight: 0,
        internationalFreight: 0,
        service: FEE_RULES.giftServicePerPiece * pieces,
        consumables: FEE_RULES.consumablesPerPiece * pieces,
      };
  }
}

/** Fees in fen as the wallet's currency, part by part at the rate in force. */
async function inWallet(
  db: Database,
  fees: ServiceFees,
  currency: Currency,
  at: Date,
): Promise<ServiceFees> {
  const converted = {} as ServiceFees;
  for (const part of SERVICE_FEE_PARTS)
    converted[part] =
      fees[part] === 0
        ? 0
        : (await convert({ db }, null, { amount: fees[part], from: 'CNY', to: currency, at }))
            .converted;
  return converted;
}

const sumOf = (fees: ServiceFees) => SERVICE_FEE_PARTS.reduce((sum, part) => sum + fees[part], 0);

function requestHash(request: ProcessRequest): string {
  return createHash('sha256')
    .update(
      JSON.stringify({
        o: request.orderId,
        i: request.items,
        g: request.gifts,
        c: request.couponId ?? null,
      }),
    )
    .digest('hex');
}

/**
 * Processes an order (spec section 2, processing dialog): one pending service order per service
 * type chosen (and one for gifts), each with its estimate frozen in the wallet; the coupon is held
 * on the largest. All in one transaction with the order's row locked, so a repeat of the
 * submission (same idempotency key) answers the same service orders and freezes, and a refused
 * freeze (-10 with the shortfall) leaves nothing behind. `estimateOnly` prices without writing.
 */
export async function processOrder(
  deps: Deps,
  actor: Actor,
  request: ProcessRequest,
): Promise<ProcessOrderResult> {
  const { db, clock } = deps;
  const currency = await walletCurrencyOf(db, actor.ownerId);
  if (request.estimateOnly) {
    const row = await findOrder(db, actor, request.orderId);
    const planned = await plan(db, actor.ownerId, row, request);
    const estimates = await Promise.all(
      planned.map(async (p) => {
        const fees = await inWallet(db, p.feesFen, currency, clock.now());
        return { type: p.type, fees, estimate: sumOf(fees) };
      }),
    );
    const estimate = estimates.reduce((sum, e) => sum + e.estimate, 0);
    return { currency, estimates, estimate, discount: 0, frozen: 0, serviceOrders: [] };
  }
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    const row = await findOrder(txDb, actor, request.orderId, { lock: true });
    const hash = requestHash(request);
    const [submitted] = await tx
      .select()
      .from(orderSubmissions)
      .where(
        and(
          eq(orderSubmissions.ownerId, actor.ownerId),
          eq(orderSubmissions.idempotencyKey, request.idempotencyKey),
        ),
      );
    if (submitted) {
      if (submitted.requestHash !== hash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
      const made = await tx
        .select()
        .from(serviceOrders)
        .where(eq(serviceOrders.submissionId, submitted.id));
      return resultOf(currency, made.map(toServiceOrder));
    }
    if ((await activeServices(txDb, row.order.id)).length > 0)
      throw new AppError('ORDER_ALREADY_PROCESSED');
    if (row.order.orderStatus === 'cancel') throw new AppError('ORDER_CANCELLED_ON_PLATFORM');
    if (row.order.orderStatus !== 'waitDeal') throw new AppError('ORDER_NOT_PROCESSABLE');
    const planned = await plan(txDb, actor.ownerId, row, request);
    const needsWarehouse =
      row.orderType === 'local' ||
      planned.some((p) => p.type === 'crossStoreSale' || p.type === 'giftShipment');
    if (needsWarehouse) await checkWarehouse(txDb, actor.ownerId, row.site);
    const now = clock.now();
    const [submission] = await tx
      .insert(orderSubmissions)
      .values({
        ownerId: actor.ownerId,
        idempotencyKey: request.idempotencyKey,
        orderId: row.order.id,
        requestHash: hash,
        createdBy: actor.userId,
        createdAt: now,
      })
      .returning({ id: orderSubmissions.id });
    if (!submission) throw new Error('submission not written');
    const priced = await Promise.all(
      planned.map(async (p) => {
        const fees = await inWallet(txDb, p.feesFen, currency, now);
        return { ...p, fees, estimate: sumOf(fees) };
      }),
    );
    // The coupon goes to the largest estimate.
    const couponIndex = request.couponId
      ? priced.reduce(
          (best, p, index) => (p.estimate > (priced[best]?.estimate ?? -1) ? index : best),
          0,
        )
      : -1;
    const made: ServiceOrder[] = [];
    for (const [index, p] of priced.entries()) {
      const serviceNo = documentNo('SV', now);
      const couponId = index === couponIndex ? request.couponId : undefined;
      const held = await freezeForOrder({ db: txDb, clock }, null, {
        ownerId: actor.ownerId,
        reference: { type: 'service', id: serviceNo },
        idempotencyKey: `process:${request.idempotencyKey}:${p.type}`,
        actorId: actor.userId,
        currency,
        estimate: p.estimate,
        couponId,
        scope: couponId ? PROCESSING_COUPON_SCOPE : undefined,
      });
      const [created] = await tx
        .insert(serviceOrders)
        .values({
          serviceNo,
          ownerId: actor.ownerId,
          type: p.type,
          status: 'pending',
          shopId: row.order.shopId,
          orderId: row.order.id,
          platformOrderNo: row.order.externalId,
          submissionId: submission.id,
          currency,
          estimateMinor: p.estimate,
          fees: p.fees,
          discountMinor: held.discount,
          frozenMinor: held.frozen,
          couponId: held.couponId,
          items: p.items,
          steps: SERVICE_STEPS[p.type].map((key, step) => ({
            key,
            at: step === 0 ? now.toISOString() : null,
            done: step === 0,
          })),
          createdBy: actor.userId,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!created) continue;
      made.push(toServiceOrder(created));
      // A cross-border sale is bought by our purchasers: its purchase request takes over this freeze.
      if (p.type === 'crossSale')
        await openServicePurchase({ db: txDb, clock }, actor, {
          serviceNo,
          platformNo: row.order.externalId,
          shopId: row.order.shopId,
          site: row.site,
          currency,
          fees: p.fees,
          discount: held.discount,
          frozen: held.frozen,
          items: p.items,
          receiver: row.order.receiver,
        });
    }
    return resultOf(currency, made);
  });
}

function resultOf(currency: Currency, made: ServiceOrder[]): ProcessOrderResult {
  return {
    currency,
    estimates: made.flatMap((service) =>
      service.type === 'valueAdded'
        ? []
        : [{ type: service.type, fees: service.fees, estimate: service.estimate }],
    ),
    estimate: made.reduce((sum, service) => sum + service.estimate, 0),
    discount: made.reduce((sum, service) => sum + service.discount, 0),
    frozen: made.reduce((sum, service) => sum + service.frozen, 0),
    serviceOrders: made,
  };
}

/**
 * Withdraws a pending service order of an order (most often one the platform cancelled): its
 * freeze is released and its coupon goes back. A repeat answers the cancelled order.
 */
export async function cancelService(
  deps: Deps,
  actor: Actor,
  input: { orderId: string; serviceNo: string },
): Promise<ServiceOrder> {
  const { db, clock } = deps;
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    await findOrder(txDb, actor, input.orderId, { lock: true });
    const [service] = await tx
      .select()
      .from(serviceOrders)
      .where(
        and(eq(serviceOrders.orderId, input.orderId), eq(serviceOrders.serviceNo, input.serviceNo)),
      )
      .for('update');
    if (!service) throw new AppError('RECORD_NOT_FOUND');
    if (service.status === 'cancelled') return toServiceOrder(service);
    if (service.status !== 'pending') throw new AppError('SERVICE_NOT_CANCELLABLE');
    await closeServicePurchase({ db: txDb, clock }, actor, { serviceNo: service.serviceNo });
    // The service's own release key: its purchase request and the services' withdrawal share it.
    await cancelOrder({ db: txDb, clock }, null, {
      ownerId: service.ownerId,
      reference: { type: 'service', id: service.serviceNo },
      idempotencyKey: `service:${service.serviceNo}:release`,
      actorId: actor.userId,
    });
    const now = clock.now();
    const [updated] = await tx
      .update(serviceOrders)
      .set({ status: 'cancelled', updatedAt: now })
      .where(eq(serviceOrders.id, service.id))
      .returning();
    if (!updated) throw new Error('service order not updated');
    return toServiceOrder(updated);
  });
}

/** Remembers an item's purchase link for its product SKU: only a supported site's page. */
export async function savePurchaseLink(
  deps: Deps,
  actor: Actor,
  input: {
    orderId: string;
    orderItemId: string;
    url: string;
    supplierSku?: string | undefined;
    price: number;
  },
): Promise<PurchaseLink> {
  const { db, clock } = deps;
  const row = await findOrder(db, actor, input.orderId);
  const item = itemsOf(row.order).find((candidate) => candidate.id === input.orderItemId);
  if (!item) throw new InputIssues([{ field: 'orderItemId', key: 'invalidOption' }]);
  if (!sourceSiteOf(input.url))
    throw new AppError('PURCHASE_LINK_UNSUPPORTED', { datas: { fields: ['url'] } });
  const link = { url: input.url, supplierSku: input.supplierSku || null, price: input.price };
  await savePurchaseLinkOf(
    db,
    actor.ownerId,
    itemProductKey(row.order.platform, item),
    link,
    clock.now(),
  );
  return link;
}

/** The products an order's item can be matched with (the order must be the actor's). */
export async function productChoices(
  deps: Deps,
  actor: Actor,
  input: { orderId: string; keyword?: string | undefined },
) {
  await findOrder(deps.db, actor, input.orderId);
  return productChoicesOf(deps.db, actor.ownerId, input.keyword);
}
