import { randomUUID } from 'node:crypto';
import { files, platformOrders, products, users, wechatBindTickets } from '@server/db/schema/index';
import { browserKeyHash } from '@server/lib/browser-key';
import { createAccount } from '@server/modules/accounts/accounts.service';
import { startSession } from '@server/modules/auth/auth.service';
import { grantCoupon } from '@server/modules/coupons/coupons.service';
import { freezeForOrder, settleOrder } from '@server/modules/payments/checkout.service';
import { createTradeOrder, payTrade } from '@server/modules/payments/trade-orders.service';
import { EXAMPLE_PRODUCT } from '@server/modules/products/products.routes';
import { buyService } from '@server/modules/services/services.service';
import { startAuthorization } from '@server/modules/shops/shop-authorization.service';
import { addShop } from '@server/modules/shops/shops.service';
import { recharge } from '@server/modules/wallet/wallet.service';
import { sellerActor } from '@server/seed/actor';
import { seedCollector } from '@server/seed/collector';
import { seedMessages } from '@server/seed/messages';
import type { RouterInfo } from '@shared/contracts/auth';
import { API_CLIENTS } from '@shared/contracts/protocol';
import type { MenuGrant } from '@shared/contracts/sub-accounts';
import { grantableMenus, routerInfoListFor } from '@shared/permissions';
import { eq } from 'drizzle-orm';
import type { AppUnderTest } from './app';
import { WORLD_BROWSER_KEY } from './fuzz-requests';
import type { Reach } from './tenant-rows';

/**
 * The accounts the authorization matrix and the fuzz run act as, on one app:
 *
 * - `anonymous`: no token;
 * - `owner`: a main account with shops, a collection box, messages, a wallet with history,
 *   coupons, trade orders, platform orders and products, a file, a WeChat binding QR code made in
 *   the fuzz run's browser, two shop consents started and not finished, and a sub-account of its
 *   own;
 * - `other`: another main account with as much of everything (another tenant);
 * - `sub without shops`: a sub-account of the owner holding every grantable menu and no shop;
 * - `fresh tenant`: a main account just made: nothing authorized, no wallet history, not even
 *   onboarded.
 *
 * Sessions are opened through the service (as sign-in would, without its limits: a fuzz run may
 * have used up the address's sign-in attempts), and opened again when a call ends one.
 */

export type ActorName = 'anonymous' | 'owner' | 'other' | 'sub without shops' | 'fresh tenant';
export const ACTOR_NAMES: readonly ActorName[] = [
  'anonymous',
  'owner',
  'other',
  'sub without shops',
  'fresh tenant',
];

export interface WorldActor {
  name: ActorName;
  kind: 'anonymous' | 'main' | 'sub';
  userId: string | null;
  token: string | null;
  /** What it may change and see (./tenant-rows.ts). */
  reach: Reach;
  /** The menus and buttons it holds, as the server gives them at sign-in. */
  routes: RouterInfo[];
}

/** A tenant's things, by kind (their ids feed the fuzz run's values). */
export interface Tenant {
  label: string;
  userId: string;
  email: string;
  shopIds: string[];
  subAccountIds: string[];
  collectedIds: string[];
  bindTicketIds: string[];
  /** States of shop consents it started and has not finished (a callback completes one). */
  consentStates: string[];
  tradeNos: string[];
  couponIds: string[];
  fileIds: string[];
  /** Products of its shops (the first in its TikTok shop, `shopIds[2]`). */
  productIds: string[];
}

export interface World {
  t: AppUnderTest;
  owner: Tenant;
  other: Tenant;
  fresh: Tenant;
  actors: Record<ActorName, WorldActor>;
  /** Opens a new session for an actor whose session a call ended. */
  renew(actor: WorldActor): Promise<void>;
}

const PASSWORD = 'World-pass1';
const DAY = 24 * 60 * 60 * 1000;
const THB = (baht: number) => baht * 100;

async function sessionFor(t: AppUnderTest, userId: string): Promise<string> {
  const [user] = await t.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new Error(`no account ${userId}`);
  const meta = { clientId: API_CLIENTS.console.id, ip: null, userAgent: 'accounts-world' };
  return (await startSession(t.deps, null, { user, meta })).access_token;
}

async function mainAccount(t: AppUnderTest, label: string, onboarded: boolean) {
  const mark = randomUUID().slice(0, 8);
  const email = `${label}-${mark}@example.com`;
  const user = await createAccount(t.deps, null, {
    email,
    password: PASSWORD,
    name: `${label} ${mark}`,
    role: 'BUYER',
    site: 'th',
  });
  if (onboarded)
    await t.db
      .update(users)
      .set({ businessType: 'crossBorder', onboardedAt: t.clock.now() })
      .where(eq(users.id, user.id));
  return { user, email, mark };
}

/** A sub-account made by its main account's call, as the members page makes it. */
async function subAccount(
  t: AppUnderTest,
  mainToken: string,
  label: string,
  shopIds: string[],
  grants: MenuGrant[],
): Promise<string> {
  const email = `${label}-${randomUUID().slice(0, 8)}@example.com`;
  const res = await t.call('POST', '/api-user/subAccount/create', {
    token: mainToken,
    json: {
      accountType: 'email',
      email,
      name: label.slice(0, 20),
      password: PASSWORD,
      confirmPassword: PASSWORD,
      shopIds,
      grants,
    },
  });
  if (res.body?.resp_code !== 0) throw new Error(`sub-account not made: ${res.text}`);
  return res.body.datas.id as string;
}

/** A main account with something of every kind a seller has (see the file's comment). */
async function richTenant(t: AppUnderTest, label: string): Promise<Tenant> {
  const { user, email, mark } = await mainAccount(t, label, true);
  const deps = t.deps;
  const shopIds: string[] = [];
  for (const [index, platform] of (['lazada', 'shopee', 'tiktok'] as const).entries()) {
    const shop = await addShop(
      deps,
      { ownerId: user.id },
      {
        platform,
        site: 'th',
        externalId: `${label}-${mark}-${index}`,
        name: `${label} shop ${index} ${mark}`,
        shopType: 'crossBorder',
      },
    );
    shopIds.push(shop.id);
  }
  const [firstShop = ''] = shopIds;
  const now = t.clock.now();
  const [product] = await t.db
    .insert(products)
    .values({
      shopId: shopIds[2] ?? '',
      ownerId: user.id,
      platform: 'tiktok',
      origin: 'created',
      title: `Waiting product of ${label} ${mark}`,
      currency: 'THB',
      status: 'wait',
      content: { ...EXAMPLE_PRODUCT, title: `Waiting product of ${label} ${mark}` },
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: products.id });
  await t.db.insert(platformOrders).values({
    shopId: firstShop,
    ownerId: user.id,
    platform: 'lazada',
    externalId: `${mark}-order`,
    status: 'pending',
    currency: 'THB',
    totalMinor: THB(420),
    buyerName: `Buyer of ${label} ${mark}`,
    items: [],
    platformCreatedAt: new Date(now.getTime() - DAY),
    platformUpdatedAt: new Date(now.getTime() - DAY),
    syncedAt: now,
  });
  await t.db.insert(products).values({
    shopId: firstShop,
    ownerId: user.id,
    platform: 'lazada',
    origin: 'synced',
    externalId: `${mark}-product`,
    title: `Product of ${label} ${mark}`,
    platformStatus: 'active',
    status: 'online',
    currency: 'THB',
    priceMinMinor: THB(99),
    priceMaxMinor: THB(199),
    stock: 12,
    raw: { images: [], skus: [], record: null },
    createdAt: now,
    updatedAt: now,
    platformCreatedAt: new Date(now.getTime() - 2 * DAY),
    platformUpdatedAt: new Date(now.getTime() - DAY),
    syncedAt: now,
  });
  await seedCollector(deps, user.id);
  await seedMessages(deps, user.id);

  // Money: a recharge, a service order frozen and settled with a coupon, a trade order paid from
  // the wallet and one waiting.
  await recharge(deps, null, {
    ownerId: user.id,
    currency: 'THB',
    amount: THB(5000),
    reference: { type: 'recharge', id: `R-${mark}` },
    idempotencyKey: `world-recharge-${mark}`,
  });
  const coupon = (scope: 'serviceFee' | 'domesticFreight') =>
    grantCoupon(deps, null, {
      ownerId: user.id,
      name: { zh: '优惠', th: 'ส่วนลด', en: `Offer ${mark}` },
      type: 'cash',
      scope,
      currency: 'THB',
      threshold: THB(100),
      maxOffset: THB(20),
      percentOff: null,
      validFrom: new Date(now.getTime() - DAY),
      validTo: new Date(now.getTime() + 30 * DAY),
    });
  const serviceCoupon = await coupon('serviceFee');
  const freightCoupon = await coupon('domesticFreight');
  const spare = await coupon('domesticFreight');
  const serviceRef = { type: 'service', id: `SV-${mark}` };
  await freezeForOrder(deps, null, {
    ownerId: user.id,
    reference: serviceRef,
    currency: 'THB',
    estimate: THB(1200),
    couponId: serviceCoupon.id,
    scope: 'serviceFee',
    idempotencyKey: `world-freeze-${mark}`,
  });
  await settleOrder(deps, null, {
    ownerId: user.id,
    reference: serviceRef,
    actual: THB(980),
    idempotencyKey: `world-settle-${mark}`,
  });
  // A service bought in the market, its total frozen (services of a shop come from its orders).
  await buyService(deps, sellerActor(user.id), {
    line: { code: 'bubbleWrap', quantities: { lengthCm: 333 } },
    remark: '',
    idempotencyKey: `world-buy-${mark}`,
  });
  const trade = (en: string) =>
    createTradeOrder(deps, null, {
      ownerId: user.id,
      title: { zh: en, th: en, en },
      scope: 'domesticFreight',
      currency: 'THB',
      lines: [{ name: { zh: en, th: en, en }, quantity: 2, unitPrice: THB(180) }],
    });
  const paid = await trade(`Freight ${mark}`);
  await payTrade(deps, sellerActor(user.id), {
    tradeNo: paid.tradeNo,
    method: 'wallet',
    couponId: freightCoupon.id,
    idempotencyKey: `world-pay-${mark}`,
    language: 'en',
  });
  const waiting = await trade(`Warehouse ${mark}`);

  const [file] = await t.db
    .insert(files)
    .values({
      ownerId: user.id,
      contentType: 'image/png',
      size: 4,
      sha256: mark,
      data: Buffer.from(mark),
      createdAt: now,
    })
    .returning({ id: files.id });
  const sceneId = `bind_${randomUUID()}`;
  await t.db.insert(wechatBindTickets).values({
    sceneId,
    userId: user.id,
    // Made in the browser every request of the fuzz run comes from.
    browserHash: browserKeyHash(WORLD_BROWSER_KEY),
    createdAt: now,
    expiresAt: new Date(now.getTime() + 300_000),
  });
  const consentStates: string[] = [];
  for (const platform of ['shopee', 'tiktok'] as const) {
    const started = await startAuthorization(t.deps, sellerActor(user.id), {
      platform,
      sites: ['th'],
      crossBorder: false,
    });
    consentStates.push(started.state);
  }

  const token = await sessionFor(t, user.id);
  for (const call of [
    { path: '/api-user/user/guide', json: { guide: 'main', outcome: 'finished' } },
    {
      path: '/api-user/message/subscription',
      json: { rows: [{ type: 1, site: true, email: false }] },
    },
  ]) {
    const res = await t.call('POST', call.path, { token, json: call.json });
    if (res.body?.resp_code !== 0) throw new Error(`${call.path}: ${res.text}`);
  }
  const subId = await subAccount(t, token, `${label}-staff`, [firstShop], grantableMenus());
  const collected = await t.call('GET', '/api-product/collect/list?limit=100', { token });
  const collectedIds = ((collected.body?.datas?.records ?? []) as { id: string }[]).map(
    (record) => record.id,
  );
  if (!file) throw new Error('no file');
  return {
    label,
    userId: user.id,
    email,
    shopIds,
    subAccountIds: [subId],
    collectedIds,
    bindTicketIds: [sceneId],
    consentStates,
    tradeNos: [paid.tradeNo, waiting.tradeNo],
    couponIds: [serviceCoupon.id, freightCoupon.id, spare.id],
    fileIds: [file.id],
    productIds: product ? [product.id] : [],
  };
}

/** Builds the accounts on an app (see the file's comment). */
export async function buildWorld(t: AppUnderTest): Promise<World> {
  const owner = await richTenant(t, 'owner');
  const other = await richTenant(t, 'other');
  const fresh = await mainAccount(t, 'fresh', false);
  const ownerToken = await sessionFor(t, owner.userId);
  const grants = grantableMenus();
  const subId = await subAccount(t, ownerToken, 'sub-without-shops', [], grants);

  const main = (name: ActorName, userId: string, token: string): WorldActor => ({
    name,
    kind: 'main',
    userId,
    token,
    reach: { tenant: userId },
    routes: routerInfoListFor(['BUYER']),
  });
  const actors: Record<ActorName, WorldActor> = {
    anonymous: {
      name: 'anonymous',
      kind: 'anonymous',
      userId: null,
      token: null,
      reach: { tenant: null },
      routes: [],
    },
    owner: main('owner', owner.userId, ownerToken),
    other: main('other', other.userId, await sessionFor(t, other.userId)),
    'sub without shops': {
      name: 'sub without shops',
      kind: 'sub',
      userId: subId,
      token: await sessionFor(t, subId),
      reach: { tenant: owner.userId, user: subId, shops: [] },
      routes: routerInfoListFor(['BUYER_SUB'], grants),
    },
    'fresh tenant': main('fresh tenant', fresh.user.id, await sessionFor(t, fresh.user.id)),
  };
  return {
    t,
    owner,
    other,
    fresh: {
      label: 'fresh',
      userId: fresh.user.id,
      email: fresh.email,
      shopIds: [],
      subAccountIds: [],
      collectedIds: [],
      bindTicketIds: [],
      consentStates: [],
      tradeNos: [],
      couponIds: [],
      fileIds: [],
      productIds: [],
    },
    actors,
    async renew(actor) {
      if (actor.userId) actor.token = await sessionFor(t, actor.userId);
    },
  };
}
