import { and, asc, eq } from 'drizzle-orm';
import type { Actor, AppDeps } from '../context';
import {
  coupons,
  products,
  purchases,
  shops,
  users,
  walletFreezes,
  warehouseCharges,
  warehouseStock,
  warehouses,
  warehouseUsage,
} from '../db/schema/index';
import type { Clock } from '../lib/clock';
import { createAccount } from '../modules/accounts/accounts.service';
import {
  approvePurchase,
  createPurchase,
  failPurchase,
  receivePurchase,
  rejectPurchase,
  shipPurchase,
} from '../modules/purchases/purchases.service';
import { monthIn } from '../modules/warehouses/billing';
import { openWarehouse } from '../modules/warehouses/warehouses.service';
import { sellerActor } from './actor';

type SeedDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'logger' | 'payments'>;

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
const THB = (baht: number) => baht * 100;

/** The demo's operators: our purchaser and storekeeper, who audit, ship and receive. */
export const DEMO_OPERATORS = {
  purchaser: { email: 'purchaser@example.com', password: 'operator1234', role: 'PURCHASER' },
  storekeeper: { email: 'storekeeper@example.com', password: 'operator1234', role: 'STOREKEEPER' },
} as const;

const at = (clock: Clock, ago: number): Clock => {
  const moment = new Date(clock.now().getTime() - ago);
  return { now: () => moment };
};

function operatorActor(userId: string, role: string): Actor {
  return { ...sellerActor(userId), roles: [role] };
}

/**
 * The demo seller's warehouses and purchases, one story with its wallet (server/seed/wallet.ts):
 * - WH-BKK, the Bangkok warehouse (1 CBM), whose November fee the wallet withheld
 *   (`WH-BKK-2026-11`), now holds more than fits: volume insufficient, upgrade;
 * - so the seller ordered a second Bangkok warehouse of 2 CBM, whose trade order "Open the
 *   Bangkok warehouse (2 CBM)" waits at /pay/orderTrading: paying it opens WH-BKK-2;
 * - the Guangzhou consolidation warehouse is normal, Kuala Lumpur's expired (its ringgit wallet
 *   could not pay the month) and Singapore's closed after its monthly plan was cancelled;
 * - PO2026110002 (cancelled before it shipped, its freeze released) and PO2026110003 (waiting for
 *   audit, its estimate frozen with the 5% purchase-fee coupon) are the purchases the wallet
 *   names; the others, one in every remaining status, go through the purchase services with the
 *   demo operators (purchaser@example.com and storekeeper@example.com, password operator1234).
 */
export async function seedDemoPurchases(base: SeedDeps, sellerId: string): Promise<void> {
  const { db } = base;
  const now = base.clock.now();
  const deps = (ago: number): SeedDeps => ({ ...base, clock: at(base.clock, ago) });
  const seller = sellerActor(sellerId);
  const month = monthIn('th', now);

  // Warehouses with a history before the story's fortnight.
  const insert = async (
    code: string,
    site: 'th' | 'cn' | 'my' | 'sg',
    currency: 'THB' | 'CNY' | 'MYR' | 'SGD',
    volume: number,
    state: 'normal' | 'expired' | 'closed',
    extra: Partial<typeof warehouses.$inferInsert> = {},
  ) => {
    const [row] = await db
      .insert(warehouses)
      .values({
        code,
        ownerId: sellerId,
        site,
        currency,
        volume,
        state,
        paidThrough: month,
        openedAt: new Date(now.getTime() - 60 * DAY),
        createdAt: new Date(now.getTime() - 60 * DAY),
        updatedAt: now,
        ...extra,
      })
      .returning();
    if (!row) throw new Error('demo warehouse not written');
    return row;
  };
  const bangkok = await insert('WH-BKK', 'th', 'THB', 1, 'normal');
  const guangzhou = await insert('WH-CAN', 'cn', 'CNY', 3, 'normal');
  await insert('WH-KUL', 'my', 'MYR', 2, 'expired', {
    paidThrough: '2026-10',
    expiredAt: new Date(now.getTime() - 20 * DAY),
  });
  await insert('WH-SIN', 'sg', 'SGD', 1, 'closed', {
    autoRenew: false,
    paidThrough: '2026-10',
    closedAt: new Date(now.getTime() - 27 * DAY),
  });
  // The November fee the wallet withheld five days ago.
  await db.insert(warehouseCharges).values({
    warehouseId: bangkok.id,
    ownerId: sellerId,
    kind: 'monthly',
    month: '2026-11',
    volume: 1,
    unitPrice: THB(450),
    days: 30,
    daysInMonth: 30,
    amount: THB(450),
    currency: 'THB',
    reference: 'WH-BKK-2026-11',
    chargeKey: `warehouse:${bangkok.id}:2026-11`,
    createdAt: new Date(now.getTime() - 5 * DAY),
  });

  // Stock, sold through the demo shops' products, and a month of daily usage.
  const listed = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.ownerId, sellerId))
    .orderBy(asc(products.title))
    .limit(6);
  const linked = (from: number, count: number) =>
    listed.slice(from, from + count).map((product) => product.id);
  const lines = [
    {
      w: bangkok,
      sku: 'MUG-CER-350',
      name: 'Ceramic mug 350 ml',
      available: 180,
      inTransit: 120,
      occupied: 210,
      unitLitres: 3,
      sold30: 240,
      links: linked(0, 2),
    },
    {
      w: bangkok,
      sku: 'LAMP-LED-DESK',
      name: 'LED desk lamp',
      available: 40,
      inTransit: 0,
      occupied: 46,
      unitLitres: 11,
      sold30: 75,
      links: linked(2, 1),
    },
    {
      w: bangkok,
      sku: 'BOTTLE-SS-500',
      name: 'Steel bottle 500 ml',
      available: 9,
      inTransit: 60,
      occupied: 9,
      unitLitres: 2,
      sold30: 90,
      links: linked(3, 1),
    },
    {
      w: guangzhou,
      sku: 'CASE-IP15',
      name: 'Phone case (iPhone 15)',
      available: 900,
      inTransit: 300,
      occupied: 950,
      unitLitres: 1,
      sold30: 600,
      links: linked(4, 2),
    },
    {
      w: guangzhou,
      sku: 'CABLE-USBC-1M',
      name: 'USB-C cable 1 m',
      available: 1200,
      inTransit: 0,
      occupied: 1200,
      unitLitres: 0,
      sold30: 380,
      links: [],
    },
  ];
  for (const line of lines)
    await db.insert(warehouseStock).values({
      warehouseId: line.w.id,
      sku: line.sku,
      name: line.name,
      available: line.available,
      inTransit: line.inTransit,
      occupied: line.occupied,
      unitLitres: line.unitLitres,
      sold30: line.sold30,
      productIds: line.links,
      updatedAt: now,
    });
  const usage = (warehouseId: string, today: number, perDay: number) =>
    Array.from({ length: 30 }, (_, i) => ({
      warehouseId,
      day: new Date(now.getTime() - (30 - i) * DAY).toISOString().slice(0, 10),
      litres: Math.max(0, Math.round(today - perDay * (30 - i) + ((i * 37) % 11) * 4)),
    }));
  await db.insert(warehouseUsage).values(usage(bangkok.id, 1_154, 14));
  await db.insert(warehouseUsage).values(usage(guangzhou.id, 950, -6));

  // The second Bangkok warehouse, ordered two hours ago and waiting to be paid.
  await openWarehouse(deps(2 * HOUR), seller, {
    site: 'th',
    volume: 2,
    pay: false,
    idempotencyKey: 'demo-open-bangkok-2',
    language: 'en',
  });

  const [shop] = await db
    .select({ id: shops.id })
    .from(shops)
    .where(eq(shops.ownerId, sellerId))
    .orderBy(asc(shops.createdAt))
    .limit(1);
  if (!shop) return;

  // The two purchases the wallet's journal names, as the journal has them.
  const address = {
    province: 'Bangkok',
    area: 'Bang Na',
    detail: '88/8 Bangna-Trad Road, Warehouse Park B',
    postalCode: '10260',
    consigneeName: 'Demo Seller',
    mobile: '+66 81 234 5678',
  };
  const [held] = await db
    .select({ id: coupons.id, discount: coupons.discount })
    .from(coupons)
    .where(and(eq(coupons.ownerId, sellerId), eq(coupons.orderRef, 'purchase:PO2026110003')));
  const [freeze] = await db
    .select({ amount: walletFreezes.amount })
    .from(walletFreezes)
    .where(
      and(
        eq(walletFreezes.ownerId, sellerId),
        eq(walletFreezes.referenceId, 'PO2026110003'),
        eq(walletFreezes.state, 'open'),
      ),
    );
  const stored = (
    purchaseNo: string,
    ago: number,
    items: { sku: string; link: string; price: number; quantity: number }[],
    fees: { domesticFreight: number; internationalFreight: number; serviceFee: number },
  ) => {
    const purchaseFee = items.reduce((sum, item) => sum + item.price * item.quantity, 0);
    const estimatedFees = { purchaseFee, ...fees };
    return {
      purchaseNo,
      ownerId: sellerId,
      shopId: shop.id,
      warehouseId: bangkok.id,
      type: 'crossStoreSupplement' as const,
      expressType: 'land' as const,
      shippingType: 'homeDelivery' as const,
      address,
      items: items.map((item) => ({
        sku: item.sku,
        link: item.link,
        estimatedPrice: item.price,
        actualPrice: null,
        quantity: item.quantity,
      })),
      currency: 'THB' as const,
      estimatedFees,
      estimatedTotal:
        purchaseFee + fees.domesticFreight + fees.internationalFreight + fees.serviceFee,
      floatAmount: THB(50),
      createdBy: sellerId,
      idempotencyKey: `demo-${purchaseNo}`,
      createdAt: new Date(now.getTime() - ago),
      updatedAt: new Date(now.getTime() - ago),
    };
  };
  await db.insert(purchases).values([
    {
      ...stored(
        'PO2026110002',
        6 * DAY - 3 * HOUR,
        [
          {
            sku: 'BOTTLE-SS-500',
            link: 'https://detail.1688.com/offer/6620193844.html',
            price: THB(25),
            quantity: 20,
          },
        ],
        { domesticFreight: THB(50), internationalFreight: THB(70), serviceFee: THB(20) },
      ),
      status: 'cancel',
      cancelledBy: sellerId,
      cancelledAt: new Date(now.getTime() - 4 * DAY),
      remark: 'Ordered twice by mistake',
    },
    {
      ...stored(
        'PO2026110003',
        1 * DAY,
        [
          {
            sku: 'MUG-CER-350',
            link: 'https://detail.1688.com/offer/6612875530.html',
            price: THB(12),
            quantity: 100,
          },
          {
            sku: 'LAMP-LED-DESK',
            link: 'https://detail.1688.com/offer/6618540021.html',
            price: THB(80),
            quantity: 10,
          },
        ],
        { domesticFreight: THB(150), internationalFreight: THB(200), serviceFee: THB(50) },
      ),
      status: 'waitAudit',
      couponId: held?.id ?? null,
      discount: held?.discount ?? 0,
      frozen: freeze?.amount ?? 0,
    },
  ]);

  // The rest through the services, in the last twenty hours (after the wallet's last entry).
  const operators: Record<string, Actor> = {};
  for (const [name, account] of Object.entries(DEMO_OPERATORS)) {
    const user = await createAccount(base, null, {
      email: account.email,
      password: account.password,
      name: name === 'purchaser' ? 'Purchasing desk' : 'Bangkok warehouse',
      role: account.role,
      site: 'th',
    });
    // Our staff have no seller onboarding to go through: the console opens for them at once.
    await db
      .update(users)
      .set({ businessType: 'both', onboardedAt: now })
      .where(eq(users.id, user.id));
    operators[name] = operatorActor(user.id, account.role);
  }
  const purchaser = operators.purchaser as Actor;
  const storekeeper = operators.storekeeper as Actor;
  const request = async (
    key: string,
    ago: number,
    items: { sku: string; price: number; quantity: number }[],
    extra: {
      type?: 'crossSale';
      serviceNo?: string;
      platformNo?: string;
      expressType?: 'sky';
    } = {},
  ) =>
    createPurchase(deps(ago), seller, {
      type: extra.type ?? 'crossStoreSupplement',
      shopId: shop.id,
      warehouseId: bangkok.id,
      expressType: extra.expressType ?? 'ocean',
      shippingType: 'homeDelivery',
      serviceNo: extra.serviceNo,
      platformNo: extra.platformNo,
      address,
      items: items.map((item, index) => ({
        sku: item.sku,
        link: `https://detail.1688.com/offer/66${String(index + 1).padStart(2, '0')}${key.length}0417.html`,
        estimatedPrice: THB(item.price),
        quantity: item.quantity,
      })),
      fees: { domesticFreight: THB(60), internationalFreight: THB(120), serviceFee: THB(30) },
      floatAmount: THB(40),
      remark: '',
      attachments: [],
      idempotencyKey: `demo-${key}`,
      language: 'en',
    });
  const fees = { domesticFreight: THB(55), internationalFreight: THB(120), serviceFee: THB(30) };
  // In the order it happened, so the journal's entries run in time as they do in sequence.
  const done = await request('complete', 20 * HOUR, [
    { sku: 'MUG-CER-350', price: 12, quantity: 60 },
  ]);
  await approvePurchase(deps(19 * HOUR), purchaser, done);
  const moving = await request(
    'shipping',
    19 * HOUR - 60_000,
    [{ sku: 'BOTTLE-SS-500', price: 25, quantity: 20 }],
    { expressType: 'sky' },
  );
  await shipPurchase(deps(18 * HOUR), purchaser, {
    purchaseNo: done.purchaseNo,
    tracking: 'SF1428837290CN',
    actualPrices: [THB(11)],
    actualFees: fees,
  });
  await approvePurchase(deps(17 * HOUR + 30 * 60_000), purchaser, moving);
  const approved = await request('waitShip', 17 * HOUR, [
    { sku: 'LAMP-LED-DESK', price: 80, quantity: 5 },
  ]);
  await approvePurchase(deps(16 * HOUR), purchaser, approved);
  const rejected = await request('abort', 16 * HOUR - 60_000, [
    { sku: 'CASE-IP15', price: 6, quantity: 50 },
  ]);
  await rejectPurchase(deps(15 * HOUR), purchaser, {
    purchaseNo: rejected.purchaseNo,
    reason: 'The supplier discontinued this model',
  });
  const returned = await request('beWait', 14 * HOUR, [
    { sku: 'MUG-CER-350', price: 12, quantity: 40 },
  ]);
  await approvePurchase(deps(13 * HOUR), purchaser, returned);
  await shipPurchase(deps(12 * HOUR), purchaser, {
    purchaseNo: returned.purchaseNo,
    tracking: 'SF1428837311CN',
    actualPrices: [THB(14)],
    actualFees: { ...fees, internationalFreight: THB(160) },
  });
  const lost = await request('fail', 11 * HOUR, [
    { sku: 'CABLE-USBC-1M', price: 4, quantity: 100 },
  ]);
  await approvePurchase(deps(10 * HOUR + 30 * 60_000), purchaser, lost);
  await shipPurchase(deps(10 * HOUR), purchaser, {
    purchaseNo: moving.purchaseNo,
    tracking: 'YT7731029384CN',
    actualPrices: [THB(25)],
    actualFees: fees,
  });
  await failPurchase(deps(9 * HOUR), purchaser, {
    purchaseNo: lost.purchaseNo,
    reason: 'The supplier could not deliver before the deadline',
  });
  await receivePurchase(deps(3 * HOUR), storekeeper, done);
  await request('crossSale', 1 * HOUR, [{ sku: 'LAMP-LED-DESK', price: 80, quantity: 2 }], {
    type: 'crossSale',
    serviceNo: 'SV2026110001',
    platformNo: '220000101-2611280001',
  });
}
