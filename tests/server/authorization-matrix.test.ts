import {
  orderReturns,
  platformOrders,
  products,
  serviceOrders,
  wechatBindTickets,
} from '@server/db/schema/index';
import { BROWSER_KEY_COOKIE, browserKeyHash } from '@server/lib/browser-key';
import type { ExampleIds, RouteMeta } from '@server/lib/route';
import { EXAMPLE_PRODUCT } from '@server/modules/products/products.routes';
import { addShop } from '@server/modules/shops/shops.service';
import { grantableMenus } from '@shared/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSeller, makeSubAccount } from '../support/accounts';
import { createTestApp, type TestApp } from '../support/app';
import { catalogueObjects } from '../support/catalogue';
import { unclassified } from '../support/route-classifier';

let t: TestApp;
let owner: Awaited<ReturnType<typeof makeSeller>>;
let other: Awaited<ReturnType<typeof makeSeller>>;
let subWithout: Awaited<ReturnType<typeof makeSubAccount>>;
/** A tenant that authorized nothing: a main account without shops or wallet history. */
let fresh: Awaited<ReturnType<typeof makeSeller>>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await makeSeller(t, 'matrix-owner@example.com', ['Owner shop']);
  other = await makeSeller(t, 'matrix-other@example.com', ['Other shop']);
  fresh = await makeSeller(t, 'matrix-fresh@example.com', []);
  // Every menu and button, but no shop: it may do anything, to nothing.
  subWithout = await makeSubAccount(t, owner.token, 'matrix-sub@example.com', [], grantableMenus());
});
afterAll(() => t.close());

/** One browser's key: every actor here calls from it, so only the account decides what it gets. */
const BROWSER_KEY = 'm'.repeat(43);

/** Fresh objects of the owner for one route, so routes that change or delete things never disturb each other. */
async function freshObjects(): Promise<ExampleIds> {
  const shop = await addShop(
    t,
    { ownerId: owner.user.id },
    {
      platform: 'shopee',
      site: 'th',
      externalId: `matrix-${crypto.randomUUID()}`,
      name: 'Object shop',
      shopType: 'local',
    },
  );
  const sub = await makeSubAccount(t, owner.token, `object-${crypto.randomUUID()}@example.com`, []);
  const sceneId = `bind_${crypto.randomUUID()}`;
  const now = t.clock.now();
  await t.db.insert(wechatBindTickets).values({
    sceneId,
    userId: owner.user.id,
    // Made in the browser every request here comes from (a binding answers only there).
    browserHash: browserKeyHash(BROWSER_KEY),
    createdAt: now,
    expiresAt: new Date(now.getTime() + 300_000),
  });
  const order = async (source: 'platform' | 'manual') => {
    const [row] = await t.db
      .insert(platformOrders)
      .values({
        shopId: shop.id,
        ownerId: owner.user.id,
        platform: 'shopee',
        externalId: `M${crypto.randomUUID()}`,
        status: 'READY_TO_SHIP',
        currency: 'THB',
        totalMinor: 12_000,
        buyerName: 'Matrix buyer',
        receiver: { name: 'Matrix buyer', phone: '0812345678', address: '1 Matrix Road' },
        paymentMethod: null,
        items: [
          {
            externalId: 'item-1',
            productExternalId: 'p-1',
            skuExternalId: 's-1',
            sellerSku: 'MX-1',
            name: 'Matrix item',
            variation: null,
            image: null,
            quantity: 3,
            unitPriceMinor: 4000,
          },
        ],
        platformCreatedAt: now,
        platformUpdatedAt: now,
        raw: null,
        syncedAt: now,
        source,
      })
      .returning({ id: platformOrders.id });
    return row?.id ?? '';
  };
  const orderId = await order('platform');
  const manualOrderId = await order('manual');
  const serviceNo = `SVMX${crypto.randomUUID().slice(0, 8)}`;
  // Already cancelled: cancelling it again answers it as it is.
  await t.db.insert(serviceOrders).values({
    serviceNo,
    ownerId: owner.user.id,
    type: 'crossSale',
    status: 'cancelled',
    shopId: shop.id,
    orderId,
    currency: 'THB',
    estimateMinor: 100,
    fees: {
      purchase: 0,
      domesticFreight: 0,
      internationalFreight: 0,
      service: 100,
      consumables: 0,
    },
    items: [],
    steps: [],
    createdAt: now,
    updatedAt: now,
  });
  const aReturn = async (status: 'toSign' | 'pending') => {
    const [row] = await t.db
      .insert(orderReturns)
      .values({
        returnNo: `RTMX${crypto.randomUUID().slice(0, 8)}`,
        ownerId: owner.user.id,
        shopId: shop.id,
        orderId,
        express: 'flash',
        trackingNo: 'TH1',
        items: [{ orderItemId: 'item-1', quantity: 1, remark: null }],
        status,
        createdAt: now,
      })
      .returning({ id: orderReturns.id });
    return row?.id ?? '';
  };
  const [product] = await t.db
    .insert(products)
    .values({
      ownerId: owner.user.id,
      shopId: shop.id,
      platform: 'shopee',
      origin: 'created',
      title: 'Object product',
      currency: 'THB',
      status: 'wait',
      content: EXAMPLE_PRODUCT,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: products.id });
  const catalogue = await catalogueObjects(t);
  return {
    ...catalogue,
    shopId: shop.id,
    subAccountId: sub.id,
    bindTicketId: sceneId,
    orderId,
    orderItemId: 'item-1',
    manualOrderId,
    serviceNo,
    returnId: await aReturn('toSign'),
    signedReturnId: await aReturn('pending'),
    productId: product?.id ?? '',
  };
}

async function send(route: RouteMeta, ids: ExampleIds, token?: string) {
  const example = route.example?.(ids) ?? {};
  const query = example.query ? `?${new URLSearchParams(example.query)}` : '';
  return t.call(route.method, `${route.path}${query}`, {
    ...(token ? { token } : {}),
    ...(example.json === undefined ? {} : { json: example.json }),
    headers: { cookie: `${BROWSER_KEY_COOKIE}=${BROWSER_KEY}` },
  });
}

describe('the route table', () => {
  it('holds every API route the app serves', () => {
    const served = t.app.routes
      .filter(
        (r) =>
          r.method !== 'ALL' &&
          /^\/(api-|user-center|files|order\/|product\/|admin\/|app\/)/.test(r.path),
      )
      .map((r) => `${r.method} ${r.path}`);
    const declared = t.app.routeTable.map((r) => `${r.method} ${r.path}`);
    expect([...new Set(served)].sort()).toEqual([...new Set(declared)].sort());
  });

  it('classifies every route that takes an object id', () => {
    expect(unclassified(t.app.routeTable)).toEqual([]);
  });

  it('fails a route it cannot classify, until it is declared', () => {
    const undeclared = {
      method: 'GET',
      path: '/api-x/orders/:orderId',
      access: 'session',
    } as const;
    expect(unclassified([undeclared])).toEqual([
      'GET /api-x/orders/:orderId: orderId not classified',
    ]);
    expect(
      unclassified([{ ...undeclared, objects: [{ type: 'shop', field: 'orderId' }] }]),
    ).toEqual(['GET /api-x/orders/:orderId: no example request']);
  });
});

/**
 * Calls that ask the shop's platform (its categories, logistics, a sync) or need a kind of shop
 * the fresh one is not (6-in-1: a Malaysia-site Lazada shop): the fresh shop has no platform
 * authorization, so its owner gets past every ownership check to this answer, naming its shop.
 */
const PAST_OWNERSHIP: Record<string, string> = {
  'GET /product/platform/categories': 'PLATFORM_OAUTH_ERROR',
  'GET /product/platform/categoryAttributes': 'PLATFORM_OAUTH_ERROR',
  'GET /product/shop/logistics': 'PLATFORM_OAUTH_ERROR',
  'POST /product/shop/defaultLogistics': 'PLATFORM_OAUTH_ERROR',
  'POST /product/product/sync': 'PLATFORM_OAUTH_ERROR',
  'POST /product/lazada/multiSite/publish': 'PRODUCT_MULTI_SITE_UNAVAILABLE',
};

/** The owner's (or a holding sub-account's) answer: success, or the refusal past its ownership. */
function expectOwnersAnswer(
  route: RouteMeta,
  res: { body: Record<string, any>; text: string },
  who: string,
) {
  const past = PAST_OWNERSHIP[`${route.method} ${route.path}`];
  if (!past) {
    expect(res.body.resp_code, `${who}: ${res.text}`).toBe(0);
    expect(res.body.datas).not.toBeNull();
    return;
  }
  expect(res.body.key, `${who}: ${res.text}`).toBe(past);
}

describe('object-level authorization', () => {
  const objectRoutes = () =>
    createTestAppRoutes().filter((route) => (route.objects ?? []).length > 0);
  it('covers at least the routes of shops, sub-accounts and bindings', () => {
    expect(objectRoutes().length).toBeGreaterThanOrEqual(10);
  });

  for (const route of createTestAppRoutes().filter((r) => (r.objects ?? []).length > 0)) {
    it(`${route.method} ${route.path}: only the owner (or a sub-account holding the shop) gets data`, async () => {
      const ids = await freshObjects();
      const anonymous = await send(route, ids);
      expect(anonymous.status, anonymous.text).toBe(401);
      expect(anonymous.body.datas).toBeNull();
      for (const [who, token] of [
        ['another seller', other.token],
        ['a fresh tenant', fresh.token],
        ['a sub-account without the shop', subWithout.token],
      ] as const) {
        const res = await send(route, ids, token);
        expect(res.body.resp_code, `${who}: ${res.text}`).not.toBe(0);
        expect(res.body.datas, who).toBeNull();
      }
      const onlyShops =
        (route.objects ?? []).every((o) => o.type === 'shop') && route.access === 'session';
      if (onlyShops) {
        // Objects of its own: the route may change or remove what it acts on (unbind).
        const held = await freshObjects();
        const holder = await makeSubAccount(
          t,
          owner.token,
          `holder-${crypto.randomUUID()}@example.com`,
          [held.shopId],
          grantableMenus(),
        );
        const res = await send(route, held, holder.token);
        expectOwnersAnswer(route, res, 'sub-account holding the shop');
      }
      const mine = await send(route, ids, owner.token);
      expectOwnersAnswer(route, mine, 'owner');
    });
  }
});

/** The route table as the app builds it, read before any test app exists (to name the tests). */
function createTestAppRoutes(): readonly RouteMeta[] {
  return routeTableForNaming;
}
const { ROUTES } = await import('@server/routes');
const routeTableForNaming: readonly RouteMeta[] = ROUTES.map((route) => route.meta);
