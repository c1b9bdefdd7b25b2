import type { Language } from '@shared/contracts/languages';
import { CURRENCIES, type Currency } from '@shared/contracts/money';
import { ledgerMemo } from '@shared/contracts/wallet';
import {
  LITRES_PER_CBM,
  WAREHOUSE_COUPON_SCOPES,
  WAREHOUSE_MIN_CBM,
  WAREHOUSE_SITES,
  type Warehouse,
  type WarehouseCharge,
  type WarehouseChargeKind,
  type WarehouseList,
  type WarehouseOrderResult,
  type WarehousePrice,
  type WarehouseQuote,
  type WarehouseSite,
  type WarehouseState,
} from '@shared/contracts/warehouses';
import { and, asc, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Actor, AppDeps } from '../../context';
import type { Database } from '../../db/client';
import {
  configValues,
  tradeOrders,
  warehouseCharges,
  warehouseOrders,
  warehouseStock,
  warehouses,
} from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { notify } from '../messages/messages.service';
import { moneyText } from '../payments/payment-numbers';
import { createTradeOrder, payTrade } from '../payments/trade-orders.service';
import { withholding } from '../wallet/wallet.service';
import { daysInMonth, daysLeft, monthIn, nextMonth, prorate } from './billing';

/**
 * Overseas warehouses, paid monthly by the cubic metre (spec sections 4 and 9, decisions.md):
 * - open: at least 1 CBM, the rest of this month charged by the day (site time);
 * - upgrade: at once, the added CBM charged by the day for the rest of the month;
 * - downgrade: from next month, the month's last one counting, never below 1 CBM;
 * - cancel monthly: no renewal at the start of next month (the warehouse closes then);
 * - the monthly fee on the 1st, by `chargeMonthlyFees`: one charge per warehouse and month;
 *   an unpaid fee expires the warehouse, and renewing charges the rest of that month by the day.
 * Opening, upgrading and renewing are trade orders (`WAREHOUSE_COUPON_SCOPES`: openWarehouse for
 * opening and renewing, upgradeWarehouse for upgrading, so their coupons apply, judged on the
 * order's amount; payable from the wallet or by QR code); the warehouse changes when the
 * order is paid, however it was paid (`applyPaidOrders`). Prices per site and CBM are
 * configuration (`WAREHOUSE_PRICE`: `<currency>:<minor units>`, empty for a site not offered).
 */

type WarehouseRow = typeof warehouses.$inferSelect;
type PaymentDeps = Pick<AppDeps, 'db' | 'clock' | 'logger' | 'payments'>;

const WAREHOUSE_PRICE_DIC_TYPE = 'WAREHOUSE_PRICE';

/** Each site's city, for codes (`WH-BKK`) and the names of trade orders. */
const CITIES: Record<WarehouseSite, { code: string; name: Record<Language, string> }> = {
  my: { code: 'KUL', name: { zh: '吉隆坡', th: 'กัวลาลัมเปอร์', en: 'Kuala Lumpur' } },
  th: { code: 'BKK', name: { zh: '曼谷', th: 'กรุงเทพฯ', en: 'Bangkok' } },
  vn: { code: 'SGN', name: { zh: '胡志明市', th: 'โฮจิมินห์', en: 'Ho Chi Minh City' } },
  sg: { code: 'SIN', name: { zh: '新加坡', th: 'สิงคโปร์', en: 'Singapore' } },
  id: { code: 'CGK', name: { zh: '雅加达', th: 'จาการ์ตา', en: 'Jakarta' } },
  ph: { code: 'MNL', name: { zh: '马尼拉', th: 'มะนิลา', en: 'Manila' } },
  cn: { code: 'CAN', name: { zh: '广州', th: 'กวางโจว', en: 'Guangzhou' } },
  tw: { code: 'TPE', name: { zh: '台北', th: 'ไทเป', en: 'Taipei' } },
  pl: { code: 'WAW', name: { zh: '华沙', th: 'วอร์ซอ', en: 'Warsaw' } },
  br: { code: 'GRU', name: { zh: '圣保罗', th: 'เซาเปาโล', en: 'São Paulo' } },
  gb: { code: 'LHR', name: { zh: '伦敦', th: 'ลอนดอน', en: 'London' } },
};

function isCurrency(value: string): value is Currency {
  return (CURRENCIES as readonly string[]).includes(value);
}

/** Every site's price as configured; a site without a valid `<currency>:<amount>` is not offered. */
export async function warehousePrices(
  deps: Pick<AppDeps, 'db'>,
  _actor: null,
): Promise<WarehousePrice[]> {
  const rows = await deps.db
    .select({ site: configValues.keyName, value: configValues.keyValue })
    .from(configValues)
    .where(eq(configValues.dicType, WAREHOUSE_PRICE_DIC_TYPE));
  const configured = new Map(rows.map((row) => [row.site, row.value.trim()]));
  return WAREHOUSE_SITES.map((site) => {
    const [currency = '', amount = ''] = (configured.get(site) ?? '').split(':');
    const price = Number(amount);
    if (!isCurrency(currency) || !Number.isSafeInteger(price) || price < 1)
      return { site, currency: null, pricePerCbm: null, available: false };
    return { site, currency, pricePerCbm: price, available: true };
  });
}

async function priceOf(db: Database, site: WarehouseSite) {
  const price = (await warehousePrices({ db }, null)).find((entry) => entry.site === site);
  if (!price?.available || !price.currency || !price.pricePerCbm)
    throw new AppError('WAREHOUSE_SITE_UNAVAILABLE');
  return { currency: price.currency, pricePerCbm: price.pricePerCbm };
}

/** GET /warehouse/quote: opening `volume` CBM now costs the rest of this month by the day. */
export async function quoteWarehouse(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  _actor: Actor,
  input: { site: WarehouseSite; volume: number },
): Promise<WarehouseQuote> {
  if (input.volume < WAREHOUSE_MIN_CBM) throw new AppError('WAREHOUSE_VOLUME_MIN');
  const { currency, pricePerCbm } = await priceOf(deps.db, input.site);
  const left = daysLeft(input.site, deps.clock.now());
  return {
    site: input.site,
    currency,
    pricePerCbm,
    volume: input.volume,
    days: left.days,
    daysInMonth: left.daysInMonth,
    amount: prorate(pricePerCbm, input.volume, left.days, left.daysInMonth),
    month: left.month,
  };
}

// ---------------------------------------------------------------------------------------------
// Reading

function chargeView(row: typeof warehouseCharges.$inferSelect): WarehouseCharge {
  return {
    kind: row.kind,
    month: row.month,
    volume: row.volume,
    unitPrice: row.unitPrice,
    days: row.days,
    daysInMonth: row.daysInMonth,
    amount: row.amount,
    discount: row.discount,
    currency: row.currency,
    reference: row.reference,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Occupied litres of each warehouse, from its stock lines. */
async function occupiedOf(db: Database, ids: readonly string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: warehouseStock.warehouseId,
      litres: sql<string>`sum(${warehouseStock.occupied} * ${warehouseStock.unitLitres})`,
    })
    .from(warehouseStock)
    .where(inArray(warehouseStock.warehouseId, [...ids]))
    .groupBy(warehouseStock.warehouseId);
  return new Map(rows.map((row) => [row.id, Number(row.litres ?? 0)]));
}

/** The state shown: a normal warehouse holding more than it has room for is `insufficient`. */
function stateOf(row: WarehouseRow, occupiedLitres: number): WarehouseState {
  if (row.state === 'normal' && occupiedLitres > row.volume * LITRES_PER_CBM) return 'insufficient';
  return row.state;
}

async function warehouseViews(db: Database, rows: readonly WarehouseRow[]): Promise<Warehouse[]> {
  const ids = rows.map((row) => row.id);
  const occupied = await occupiedOf(db, ids);
  const charges =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(warehouseCharges)
          .where(inArray(warehouseCharges.warehouseId, ids))
          .orderBy(desc(warehouseCharges.createdAt), desc(warehouseCharges.id));
  const prices = new Map(
    (await warehousePrices({ db }, null)).map((price) => [price.site, price.pricePerCbm]),
  );
  return rows.map((row) => {
    const litres = occupied.get(row.id) ?? 0;
    const price = prices.get(row.site) ?? 0;
    return {
      id: row.id,
      code: row.code,
      site: row.site,
      volume: row.volume,
      nextVolume: row.nextVolume,
      paymentModel: 'monthly' as const,
      currency: row.currency,
      pricePerCbm: price,
      monthlyPayment: price * (row.nextVolume ?? row.volume),
      state: stateOf(row, litres),
      autoRenew: row.autoRenew,
      usageRatio: Math.round((litres * 10_000) / (row.volume * LITRES_PER_CBM)),
      occupiedLitres: litres,
      paidThrough: row.paidThrough,
      openedAt: row.openedAt?.toISOString() ?? null,
      charges: charges.filter((charge) => charge.warehouseId === row.id).map(chargeView),
    };
  });
}

/** A warehouse of the actor's main account, or RECORD_NOT_FOUND. */
export async function ownedWarehouse(
  db: Database,
  actor: Pick<Actor, 'ownerId'>,
  id: string,
  options: { lock?: boolean } = {},
): Promise<WarehouseRow> {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  if (!uuid.test(id)) throw new AppError('RECORD_NOT_FOUND');
  const query = db
    .select()
    .from(warehouses)
    .where(and(eq(warehouses.id, id), eq(warehouses.ownerId, actor.ownerId)));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw new AppError('RECORD_NOT_FOUND');
  return row;
}

/** GET /warehouse/list. Paid orders are applied first, so a payment shows at once. */
export async function listWarehouses(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  actor: Actor,
  query: { site?: WarehouseSite | undefined },
): Promise<WarehouseList> {
  await applyPaidOrders(deps, null, { ownerId: actor.ownerId });
  const { db } = deps;
  const all = await db
    .select()
    .from(warehouses)
    .where(eq(warehouses.ownerId, actor.ownerId))
    .orderBy(asc(warehouses.site), asc(warehouses.createdAt), asc(warehouses.code));
  const counts: Record<string, number> = {};
  for (const row of all) counts[row.site] = (counts[row.site] ?? 0) + 1;
  const shown = query.site ? all.filter((row) => row.site === query.site) : all;
  return {
    records: await warehouseViews(db, shown),
    prices: await warehousePrices(deps, null),
    counts,
  };
}

/** One warehouse as the API shows it. */
async function warehouseView(db: Database, row: WarehouseRow): Promise<Warehouse> {
  const [view] = await warehouseViews(db, [row]);
  if (!view) throw new Error('warehouse view missing');
  return view;
}

/**
 * What an order that ships from the overseas warehouse finds on a site: `active` when one of the
 * seller's warehouses there is normal with room left, `full` when the normal ones are over their
 * volume, `expired` when the only ones left there expired, `none` when there is none (pending or
 * closed ones do not count).
 */
export async function warehouseCapacityOnSite(
  db: Database,
  ownerId: string,
  site: string,
): Promise<'none' | 'active' | 'full' | 'expired'> {
  const rows = await db
    .select()
    .from(warehouses)
    .where(
      and(
        eq(warehouses.ownerId, ownerId),
        sql`${warehouses.site} = ${site}`,
        inArray(warehouses.state, ['normal', 'expired']),
      ),
    );
  const occupied = await occupiedOf(
    db,
    rows.map((row) => row.id),
  );
  const states = rows.map((row) => stateOf(row, occupied.get(row.id) ?? 0));
  if (states.includes('normal')) return 'active';
  if (states.includes('insufficient')) return 'full';
  if (states.includes('expired')) return 'expired';
  return 'none';
}

// ---------------------------------------------------------------------------------------------
// Ordering capacity

interface OrderInput {
  kind: Exclude<WarehouseChargeKind, 'monthly'>;
  warehouse: WarehouseRow;
  /** The volume the warehouse will have. */
  volume: number;
  /** The CBM charged for. */
  chargedVolume: number;
  couponId?: string | undefined;
  pay: boolean;
  idempotencyKey: string;
  language: Language;
}

const TITLES: Record<
  OrderInput['kind'],
  (city: string, volume: number, language: Language) => string
> = {
  open: (city, volume, language) =>
    ({
      zh: `开通${city}海外仓（${volume} 立方米）`,
      th: `เปิดคลังสินค้า${city} (${volume} ลบ.ม.)`,
      en: `Open the ${city} warehouse (${volume} CBM)`,
    })[language],
  upgrade: (city, volume, language) =>
    ({
      zh: `${city}海外仓扩容至 ${volume} 立方米`,
      th: `เพิ่มพื้นที่คลังสินค้า${city}เป็น ${volume} ลบ.ม.`,
      en: `Upgrade the ${city} warehouse to ${volume} CBM`,
    })[language],
  renew: (city, volume, language) =>
    ({
      zh: `续费${city}海外仓（${volume} 立方米）`,
      th: `ต่ออายุคลังสินค้า${city} (${volume} ลบ.ม.)`,
      en: `Renew the ${city} warehouse (${volume} CBM)`,
    })[language],
};

const LINE_NAMES: Record<Language, (days: number, month: string) => string> = {
  zh: (days, month) => `仓储容量（立方米，${month} 的 ${days} 天）`,
  th: (days, month) => `พื้นที่จัดเก็บ (ลบ.ม., ${days} วันของ ${month})`,
  en: (days, month) => `Storage (CBM, ${days} days of ${month})`,
};

function names(make: (language: Language) => string): Record<Language, string> {
  return { zh: make('zh'), th: make('th'), en: make('en') };
}

/**
 * Records the trade order for capacity and, when asked, pays it from the wallet with the coupon.
 * A repeat with the same idempotency key answers the same order (paying it again changes nothing).
 */
async function orderCapacity(
  deps: PaymentDeps,
  actor: Actor,
  input: OrderInput,
): Promise<WarehouseOrderResult> {
  const { db, clock } = deps;
  const { warehouse } = input;
  const [existing] = await db
    .select()
    .from(warehouseOrders)
    .where(
      and(
        eq(warehouseOrders.ownerId, actor.ownerId),
        eq(warehouseOrders.idempotencyKey, input.idempotencyKey),
      ),
    );
  let order = existing;
  if (!order) {
    const { pricePerCbm } = await priceOf(db, warehouse.site);
    const left = daysLeft(warehouse.site, clock.now());
    const amount = prorate(pricePerCbm, input.chargedVolume, left.days, left.daysInMonth);
    const city = CITIES[warehouse.site].name;
    const trade = await createTradeOrder(deps, null, {
      ownerId: actor.ownerId,
      title: names((language) => TITLES[input.kind](city[language], input.volume, language)),
      scope: WAREHOUSE_COUPON_SCOPES[input.kind],
      currency: warehouse.currency,
      // One line: the CBM charged, at the prorated price of one CBM for the days left.
      lines: [
        {
          name: names((language) => LINE_NAMES[language](left.days, left.month)),
          quantity: 1,
          unitPrice: amount,
        },
      ],
    });
    const [written] = await db
      .insert(warehouseOrders)
      .values({
        tradeNo: trade.tradeNo,
        warehouseId: warehouse.id,
        ownerId: actor.ownerId,
        kind: input.kind,
        volume: input.volume,
        chargedVolume: input.chargedVolume,
        month: left.month,
        days: left.days,
        daysInMonth: left.daysInMonth,
        unitPrice: pricePerCbm,
        amount,
        currency: warehouse.currency,
        idempotencyKey: input.idempotencyKey,
        createdAt: clock.now(),
      })
      .onConflictDoNothing()
      .returning();
    order =
      written ??
      (
        await db
          .select()
          .from(warehouseOrders)
          .where(
            and(
              eq(warehouseOrders.ownerId, actor.ownerId),
              eq(warehouseOrders.idempotencyKey, input.idempotencyKey),
            ),
          )
      )[0];
    if (!order) throw new AppError('OPERATION_FAILED');
  }
  let discount = 0;
  if (input.pay) {
    const paid = await payTrade(deps, actor, {
      tradeNo: order.tradeNo,
      method: 'wallet',
      couponId: input.couponId,
      idempotencyKey: `${input.idempotencyKey}:pay`,
      language: input.language,
    });
    discount = paid.trade.discount;
  }
  await applyPaidOrders(deps, null, { ownerId: actor.ownerId });
  const [trade] = await db
    .select({ status: tradeOrders.status, discount: tradeOrders.discount })
    .from(tradeOrders)
    .where(eq(tradeOrders.tradeNo, order.tradeNo));
  const paid = trade?.status === 'paid';
  return {
    tradeNo: order.tradeNo,
    paid,
    amount: order.amount,
    discount: trade?.discount ?? discount,
    currency: order.currency,
    warehouse: await warehouseView(db, await ownedWarehouse(db, actor, warehouse.id)),
  };
}

/** A new code for a warehouse of this site: WH-BKK, then WH-BKK-2, ... */
async function newCode(db: Database, ownerId: string, site: WarehouseSite): Promise<string> {
  const base = `WH-${CITIES[site].code}`;
  const rows = await db
    .select({ code: warehouses.code })
    .from(warehouses)
    .where(
      and(
        eq(warehouses.ownerId, ownerId),
        sql`(${warehouses.code} = ${base} or ${warehouses.code} like ${`${base}-%`})`,
      ),
    );
  const taken = new Set(rows.map((row) => row.code));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/**
 * POST /warehouse/open: a new warehouse of at least 1 CBM on a site whose price names a
 * currency, waiting for its trade order; paid from the wallet at once when `pay`. A pending one
 * of the same site and volume (an order not paid yet) is the one answered again.
 */
export async function openWarehouse(
  deps: PaymentDeps,
  actor: Actor,
  input: {
    site: WarehouseSite;
    volume: number;
    couponId?: string | undefined;
    pay: boolean;
    idempotencyKey: string;
    language: Language;
  },
): Promise<WarehouseOrderResult> {
  if (!Number.isSafeInteger(input.volume) || input.volume < WAREHOUSE_MIN_CBM)
    throw new AppError('WAREHOUSE_VOLUME_MIN');
  const { currency } = await priceOf(deps.db, input.site);
  const [earlier] = await deps.db
    .select({ warehouseId: warehouseOrders.warehouseId })
    .from(warehouseOrders)
    .where(
      and(
        eq(warehouseOrders.ownerId, actor.ownerId),
        eq(warehouseOrders.idempotencyKey, input.idempotencyKey),
      ),
    );
  const warehouse = earlier
    ? await ownedWarehouse(deps.db, actor, earlier.warehouseId)
    : await createPending(deps, actor, { site: input.site, volume: input.volume, currency });
  return orderCapacity(deps, actor, {
    kind: 'open',
    warehouse,
    volume: input.volume,
    chargedVolume: input.volume,
    couponId: input.couponId,
    pay: input.pay,
    idempotencyKey: input.idempotencyKey,
    language: input.language,
  });
}

async function createPending(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  actor: Pick<Actor, 'ownerId'>,
  input: { site: WarehouseSite; volume: number; currency: Currency },
): Promise<WarehouseRow> {
  const now = deps.clock.now();
  for (let attempt = 0; attempt < 5; attempt++) {
    const code = await newCode(deps.db, actor.ownerId, input.site);
    const [row] = await deps.db
      .insert(warehouses)
      .values({
        code,
        ownerId: actor.ownerId,
        site: input.site,
        currency: input.currency,
        volume: input.volume,
        state: 'pending',
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (row) return row;
  }
  throw new AppError('OPERATION_FAILED');
}

/** POST /warehouse/upgrade: more CBM at once, the added CBM charged by the day this month. */
export async function upgradeWarehouse(
  deps: PaymentDeps,
  actor: Actor,
  input: {
    id: string;
    volume: number;
    couponId?: string | undefined;
    pay: boolean;
    idempotencyKey: string;
    language: Language;
  },
): Promise<WarehouseOrderResult> {
  await applyPaidOrders(deps, null, { ownerId: actor.ownerId });
  const warehouse = await ownedWarehouse(deps.db, actor, input.id);
  if (warehouse.state !== 'normal') throw new AppError('WAREHOUSE_STATE_INVALID');
  const [earlier] = await deps.db
    .select()
    .from(warehouseOrders)
    .where(
      and(
        eq(warehouseOrders.ownerId, actor.ownerId),
        eq(warehouseOrders.idempotencyKey, input.idempotencyKey),
      ),
    );
  const added = earlier ? earlier.chargedVolume : input.volume - warehouse.volume;
  if (!earlier && added < 1) throw new AppError('WAREHOUSE_UPGRADE_INVALID');
  return orderCapacity(deps, actor, {
    kind: 'upgrade',
    warehouse,
    volume: earlier?.volume ?? input.volume,
    chargedVolume: added,
    couponId: input.couponId,
    pay: input.pay,
    idempotencyKey: input.idempotencyKey,
    language: input.language,
  });
}

/** POST /warehouse/renew: an expired warehouse back to normal, the rest of this month by the day. */
export async function renewWarehouse(
  deps: PaymentDeps,
  actor: Actor,
  input: {
    id: string;
    couponId?: string | undefined;
    pay: boolean;
    idempotencyKey: string;
    language: Language;
  },
): Promise<WarehouseOrderResult> {
  await applyPaidOrders(deps, null, { ownerId: actor.ownerId });
  const warehouse = await ownedWarehouse(deps.db, actor, input.id);
  const [earlier] = await deps.db
    .select({ tradeNo: warehouseOrders.tradeNo })
    .from(warehouseOrders)
    .where(
      and(
        eq(warehouseOrders.ownerId, actor.ownerId),
        eq(warehouseOrders.idempotencyKey, input.idempotencyKey),
      ),
    );
  if (!earlier && warehouse.state !== 'expired') throw new AppError('WAREHOUSE_STATE_INVALID');
  return orderCapacity(deps, actor, {
    kind: 'renew',
    warehouse,
    volume: warehouse.volume,
    chargedVolume: warehouse.volume,
    couponId: input.couponId,
    pay: input.pay,
    idempotencyKey: input.idempotencyKey,
    language: input.language,
  });
}

/**
 * POST /warehouse/downgrade: `volume` CBM from next month; a later downgrade this month replaces
 * it (the month's last one counts), and asking for the current volume takes it back.
 */
export async function downgradeWarehouse(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  actor: Actor,
  input: { id: string; volume: number },
): Promise<Warehouse> {
  if (!Number.isSafeInteger(input.volume) || input.volume < WAREHOUSE_MIN_CBM)
    throw new AppError('WAREHOUSE_VOLUME_MIN');
  return deps.db.transaction(async (tx) => {
    const row = await ownedWarehouse(tx, actor, input.id, { lock: true });
    if (row.state !== 'normal' || !row.autoRenew) throw new AppError('WAREHOUSE_STATE_INVALID');
    if (input.volume > row.volume) throw new AppError('WAREHOUSE_DOWNGRADE_INVALID');
    const [updated] = await tx
      .update(warehouses)
      .set({
        nextVolume: input.volume === row.volume ? null : input.volume,
        updatedAt: deps.clock.now(),
      })
      .where(eq(warehouses.id, row.id))
      .returning();
    return warehouseView(tx, updated ?? row);
  });
}

/** POST /warehouse/cancelMonthly and resumeMonthly: whether it renews at the start of next month. */
export async function setAutoRenew(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  actor: Actor,
  input: { id: string; autoRenew: boolean },
): Promise<Warehouse> {
  return deps.db.transaction(async (tx) => {
    const row = await ownedWarehouse(tx, actor, input.id, { lock: true });
    if (row.state !== 'normal') throw new AppError('WAREHOUSE_STATE_INVALID');
    const [updated] = await tx
      .update(warehouses)
      .set({
        autoRenew: input.autoRenew,
        // A cancelled plan keeps no downgrade for a month that will not come.
        nextVolume: input.autoRenew ? row.nextVolume : null,
        updatedAt: deps.clock.now(),
      })
      .where(eq(warehouses.id, row.id))
      .returning();
    return warehouseView(tx, updated ?? row);
  });
}

// ---------------------------------------------------------------------------------------------
// Paid orders and the monthly fee

/**
 * Applies every paid, not yet applied capacity order (of one account, or all): the warehouse
 * opens, grows or renews, and the charge is recorded with its price and days. Each order is
 * claimed with `SKIP LOCKED` and applied once, however many processes look.
 */
export async function applyPaidOrders(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  _actor: null,
  scope: { ownerId?: string } = {},
): Promise<number> {
  let applied = 0;
  for (;;) {
    const done = await deps.db.transaction(async (tx) => {
      const [claimed] = await tx
        .select({ order: warehouseOrders, trade: tradeOrders })
        .from(warehouseOrders)
        .innerJoin(tradeOrders, eq(tradeOrders.tradeNo, warehouseOrders.tradeNo))
        .where(
          and(
            isNull(warehouseOrders.appliedAt),
            eq(tradeOrders.status, 'paid'),
            scope.ownerId ? eq(warehouseOrders.ownerId, scope.ownerId) : undefined,
          ),
        )
        .limit(1)
        .for('update', { of: warehouseOrders, skipLocked: true });
      if (!claimed) return false;
      const { order, trade } = claimed;
      const now = deps.clock.now();
      const [row] = await tx
        .select()
        .from(warehouses)
        .where(eq(warehouses.id, order.warehouseId))
        .for('update');
      if (!row) return false;
      const changes: Partial<WarehouseRow> =
        order.kind === 'open'
          ? {
              state: 'normal',
              volume: order.volume,
              paidThrough: order.month,
              openedAt: now,
              autoRenew: true,
            }
          : order.kind === 'upgrade'
            ? {
                volume: row.volume + order.chargedVolume,
                // A downgrade waiting for next month is dropped by an upgrade.
                nextVolume: null,
              }
            : { state: 'normal', paidThrough: order.month, expiredAt: null };
      await tx
        .update(warehouses)
        .set({ ...changes, updatedAt: now })
        .where(eq(warehouses.id, row.id));
      await tx
        .insert(warehouseCharges)
        .values({
          warehouseId: row.id,
          ownerId: order.ownerId,
          kind: order.kind,
          month: order.month,
          volume: order.chargedVolume,
          unitPrice: order.unitPrice,
          days: order.days,
          daysInMonth: order.daysInMonth,
          amount: order.amount,
          discount: trade.discount,
          currency: order.currency,
          reference: order.tradeNo,
          chargeKey: `trade:${order.tradeNo}`,
          createdAt: now,
        })
        .onConflictDoNothing();
      await tx
        .update(warehouseOrders)
        .set({ appliedAt: now })
        .where(eq(warehouseOrders.tradeNo, order.tradeNo));
      // A message of type 4: a click opens the money history, where the charge is.
      const charged = moneyText(order.amount - trade.discount, order.currency);
      await notify({ db: tx, clock: deps.clock }, null, {
        userId: order.ownerId,
        type: 4,
        ...(order.kind === 'open'
          ? { titleKey: 'warehouseOpened', params: { code: row.code } }
          : order.kind === 'upgrade'
            ? {
                titleKey: 'warehouseUpgraded',
                params: {
                  code: row.code,
                  volume: order.volume,
                  amount: charged,
                  month: order.month,
                },
              }
            : {
                titleKey: 'warehouseRenewed',
                params: { code: row.code, amount: charged, month: order.month },
              }),
      });
      return true;
    });
    if (!done) return applied;
    applied++;
  }
}

/**
 * The monthly fee job: for every warehouse whose month has turned (the 1st, site time) since the
 * last month it paid, charges the next month at the volume it has then (a downgrade applied), or
 * closes it when its plan was cancelled. One charge per warehouse and month: the wallet keys it
 * `warehouse:<id>:<YYYY-MM>` (a rerun answers the first charge) and each warehouse is claimed
 * with `SKIP LOCKED`, so several processes and reruns charge a month once. A fee the balance
 * cannot pay expires the warehouse and tells the seller. Answers how many months were handled.
 */
export async function chargeMonthlyFees(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  _actor: null,
): Promise<number> {
  const now = deps.clock.now();
  const months = new Map(WAREHOUSE_SITES.map((site) => [site, monthIn(site, now)]));
  const latest = [...months.values()].sort().at(-1) ?? '';
  // Only sites with a warehouse behind some site's month need a look of their own.
  const behind = await deps.db
    .selectDistinct({ site: warehouses.site })
    .from(warehouses)
    .where(and(eq(warehouses.state, 'normal'), lt(warehouses.paidThrough, latest)));
  let handled = 0;
  for (const { site } of behind) {
    const current = months.get(site) ?? latest;
    while (await chargeOneMonth(deps, site, current, now)) handled++;
  }
  return handled;
}

/** Claims one warehouse of a site behind `current` and handles its next month; false when none. */
async function chargeOneMonth(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  site: WarehouseSite,
  current: string,
  now: Date,
): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const [due] = await tx
      .select()
      .from(warehouses)
      .where(
        and(
          eq(warehouses.state, 'normal'),
          eq(warehouses.site, site),
          lt(warehouses.paidThrough, current),
        ),
      )
      .orderBy(asc(warehouses.paidThrough), asc(warehouses.id))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!due) return false;
    const month = nextMonth(due.paidThrough ?? '');
    if (!due.autoRenew) {
      await tx
        .update(warehouses)
        .set({ state: 'closed', closedAt: now, nextVolume: null, updatedAt: now })
        .where(eq(warehouses.id, due.id));
      await notify({ db: tx, clock: deps.clock }, null, {
        userId: due.ownerId,
        type: 4,
        titleKey: 'warehouseClosed',
        params: { code: due.code },
      });
      return true;
    }
    const volume = due.nextVolume ?? due.volume;
    const { pricePerCbm } = await priceOf(tx, due.site);
    const amount = pricePerCbm * volume;
    const reference = `${due.code}-${month}`;
    try {
      await withholding({ db: tx, clock: deps.clock }, null, {
        ownerId: due.ownerId,
        currency: due.currency,
        amount,
        reference: { type: 'warehouse', id: reference },
        memo: ledgerMemo('warehouseFee', { month }),
        idempotencyKey: `warehouse:${due.id}:${month}`,
      });
    } catch (error) {
      if (!(error instanceof AppError) || error.key !== 'WALLET_INSUFFICIENT_BALANCE') throw error;
      await tx
        .update(warehouses)
        .set({
          state: 'expired',
          volume,
          nextVolume: null,
          expiredAt: now,
          updatedAt: now,
        })
        .where(eq(warehouses.id, due.id));
      await notify({ db: tx, clock: deps.clock }, null, {
        userId: due.ownerId,
        type: 4,
        titleKey: 'warehouseExpired',
        params: { code: due.code, month },
      });
      return true;
    }
    await tx
      .insert(warehouseCharges)
      .values({
        warehouseId: due.id,
        ownerId: due.ownerId,
        kind: 'monthly',
        month,
        volume,
        unitPrice: pricePerCbm,
        days: daysInMonth(month),
        daysInMonth: daysInMonth(month),
        amount,
        currency: due.currency,
        reference,
        chargeKey: `warehouse:${due.id}:${month}`,
        createdAt: now,
      })
      .onConflictDoNothing();
    await tx
      .update(warehouses)
      .set({ paidThrough: month, volume, nextVolume: null, updatedAt: now })
      .where(eq(warehouses.id, due.id));
    return true;
  });
}
