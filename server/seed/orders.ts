import type { ProcessOrderRequestSchema } from '@shared/contracts/orders';
import { and, asc, eq } from 'drizzle-orm';
import type * as z from 'zod/mini';
import type { Actor, AppDeps } from '../context';
import { platformOrders, shops } from '../db/schema/index';
import { AppError } from '../lib/errors';
import { createAccount, findUserByIdentifier } from '../modules/accounts/accounts.service';
import { createManualOrder, itemsOf } from '../modules/orders/orders.service';
import { processOrder, savePurchaseLink } from '../modules/orders/processing.service';
import {
  cancelReturn,
  createReturn,
  processReturn,
  signReturn,
} from '../modules/orders/returns.service';
import { sellerActor } from './actor';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

/** The warehouse's demo operator, who signs for returns (an operator role, decisions.md). */
export const DEMO_WAREHOUSE = { email: 'warehouse@example.com', password: 'demo1234' } as const;

/** The supplier pages the demo seller buys from (1688 offers), one per demo order processed. */
const DEMO_LINKS = [
  {
    url: 'https://detail.1688.com/offer/652300118842.html',
    supplierSku: 'YM-WHITE-1L',
    price: 2_850,
  },
  {
    url: 'https://detail.1688.com/offer/668812004517.html',
    supplierSku: 'LED-STRIP-5M',
    price: 1_690,
  },
];

async function warehouseActor(deps: Deps): Promise<Actor> {
  const found = await findUserByIdentifier(deps, null, DEMO_WAREHOUSE.email);
  const user =
    found ??
    (await createAccount(deps, null, {
      email: DEMO_WAREHOUSE.email,
      password: DEMO_WAREHOUSE.password,
      name: 'Bangkok Warehouse',
      role: 'STOREKEEPER',
      site: 'th',
    }));
  return {
    userId: user.id,
    sessionId: 'seed',
    roles: ['STOREKEEPER'],
    parentId: null,
    ownerId: user.id,
    isMain: true,
    routes: [],
    shopIds: null,
  };
}

/**
 * The demo seller's orders story, told through the services the pages call: the synced orders
 * of every status stay as the sandbox gave them; orders that reached the buyer have returns in
 * every tab (one waiting for the warehouse, one signed and waiting for the seller, one restocked,
 * one cancelled); two cross-border orders typed in by hand have purchase links, and one of them
 * is processed into a service order with its estimate frozen in the wallet the wallet seed
 * funded.
 */
export async function seedDemoOrders(deps: Deps, sellerId: string): Promise<void> {
  const seller = sellerActor(sellerId);
  const rows = await deps.db
    .select()
    .from(platformOrders)
    .where(eq(platformOrders.ownerId, sellerId))
    .orderBy(asc(platformOrders.platformCreatedAt));

  const delivered = rows.filter(
    (row) => row.orderStatus && ['shipped', 'complete', 'fail'].includes(row.orderStatus),
  );
  const [toSign, signed, restocked, cancelled] = delivered;
  const register = async (
    row: (typeof rows)[number],
    trackingNo: string,
    express: 'flash' | 'kerry' | 'jt' | 'thaipost',
  ) => {
    const [item] = itemsOf(row);
    if (!item) return null;
    return createReturn(deps, seller, {
      orderId: row.id,
      express,
      trackingNo,
      items: [{ orderItemId: item.id, quantity: 1, remark: 'Buyer: wrong colour' }],
    });
  };
  const warehouse = delivered.length > 1 ? await warehouseActor(deps) : null;
  if (toSign) await register(toSign, 'TH0126584711', 'flash');
  if (signed && warehouse) {
    const entry = await register(signed, 'KEX1200458871', 'kerry');
    if (entry) await signReturn(deps, warehouse, entry.id);
  }
  if (restocked && warehouse) {
    const entry = await register(restocked, 'JT0066712034', 'jt');
    if (entry) {
      await signReturn(deps, warehouse, entry.id);
      await processReturn(deps, seller, { returnId: entry.id, outcome: 'restock' });
    }
  }
  if (cancelled) {
    const entry = await register(cancelled, 'EF582266014TH', 'thaipost');
    if (entry) await cancelReturn(deps, seller, entry.id);
  }

  // Cross-border orders typed in by hand in the Shopee shop: one bought through its purchase link
  // and processed (its estimate frozen), one still waiting. The shops are local: their synced
  // orders ask for an overseas warehouse when processed, which the seller has not opened yet.
  const shopId = await firstShopOf(deps, sellerId, 'shopee');
  if (!shopId) return;
  const manual = [
    {
      orderNo: '241125DEMO0001',
      sku: 'RICE-COOKER-1L',
      name: 'Mini rice cooker 1 L',
      quantity: 1,
      price: 89_000,
    },
    {
      orderNo: '241126DEMO0002',
      sku: 'LED-STRIP-5M',
      name: 'LED strip 5 m, warm white',
      quantity: 2,
      price: 25_900,
    },
  ];
  for (const [index, entry] of manual.entries()) {
    const detail = await createManualOrder(deps, seller, {
      shopId,
      site: 'th',
      platform: 'shopee',
      orderType: 'crossBorder',
      orderNo: entry.orderNo,
      items: [{ sku: entry.sku, name: entry.name, quantity: entry.quantity, price: entry.price }],
      receiver: 'Nattaya Srisuk',
      phone: '0891234567',
      address: '88/12 Rama IX Road, Huai Khwang, Bangkok 10310',
    });
    const link = DEMO_LINKS[index];
    const [item] = detail.order.items;
    if (!link || !item) continue;
    await savePurchaseLink(deps, seller, {
      orderId: detail.order.id,
      orderItemId: item.id,
      ...link,
    });
    if (index > 0) continue;
    const request: z.output<typeof ProcessOrderRequestSchema> = {
      orderId: detail.order.id,
      items: [{ orderItemId: item.id, type: 'crossSale' }],
      gifts: [],
      idempotencyKey: `demo-process-${detail.order.id}`,
      estimateOnly: false,
    };
    try {
      await processOrder(deps, seller, request);
    } catch (error) {
      // Only a wallet the seed could not fund (no payment providers) leaves it to be processed.
      if (!(error instanceof AppError && error.key === 'WALLET_INSUFFICIENT_BALANCE')) throw error;
    }
  }
}

async function firstShopOf(
  deps: Deps,
  ownerId: string,
  platform: 'shopee',
): Promise<string | null> {
  const [row] = await deps.db
    .select({ id: shops.id })
    .from(shops)
    .where(and(eq(shops.ownerId, ownerId), eq(shops.platform, platform)))
    .limit(1);
  return row?.id ?? null;
}
