import en from '@locales/en/errors.json';
import th from '@locales/th/errors.json';
import zh from '@locales/zh/errors.json';
import {
  platformOrders,
  products as productRows,
  sandboxMarketplaceTokens,
  shopAuthorizations,
  shops,
} from '@server/db/schema/index';
import { runDueSyncs } from '@server/jobs/shop-sync';
import { openSecret } from '@server/lib/secret-box';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSeller, makeSubAccount } from '../support/accounts';
import { createTestApp, type TestApp } from '../support/app';
import { callbackBody, consentAt } from '../support/shop-consent';

let t: TestApp;
let seller: Awaited<ReturnType<typeof makeSeller>>;

beforeAll(async () => {
  t = await createTestApp({ sandboxShops: 'records' });
  seller = await makeSeller(t, 'authorize-seller@example.com', []);
});
afterAll(() => t.close());

async function authorizeUrl(
  token: string,
  json: { platform: string; sites: string[]; crossBorder?: boolean; shopId?: string },
) {
  const res = await t.call('POST', '/api-user/shop/authorize/url', { token, json });
  expect(res.body.resp_code, res.text).toBe(0);
  return res.body.datas.url as string;
}

async function callback(back: URL, token: string, language = 'en') {
  // The callback page posts with the session of the account that started the consent.
  const res = await t.call('POST', '/api-user/shop/authorize/callback', {
    json: callbackBody(back),
    token,
    language,
  });
  expect(res.body.resp_code, res.text).toBe(0);
  return res.body.datas as {
    success: boolean;
    reason: string | null;
    message: string | null;
    platformCode: string | null;
    shops: { id: string; name: string; site: string; platform: string; type: string }[];
  };
}

async function shopList(token = seller.token) {
  const res = await t.call('GET', '/api-user/shop/list', { token });
  expect(res.body.resp_code, res.text).toBe(0);
  return res.body.datas as Array<{
    id: string;
    name: string;
    platform: string;
    site: string;
    status: string;
    type: string;
    authorizationExpiresAt: string | null;
    abnormalReason: { message: string } | null;
    sync: { orders: { lastSyncedAt: string | null; lastCount: number; nextSyncAt: string | null } };
  }>;
}

describe('authorizing a shop through each platform', () => {
  it('lists the three marketplaces with their sites, played by the sandbox', async () => {
    const res = await t.call('GET', '/admin/pluginmanage/platform/list');
    expect(res.body.datas.map((p: { platformType: string }) => p.platformType)).toEqual([
      'lazada',
      'shopee',
      'tiktok',
    ]);
    expect(res.body.datas[0].sites).toContain('my');
    expect(res.body.datas.every((p: { sandbox: boolean }) => p.sandbox)).toBe(true);
  });

  for (const [platform, sellerId, name] of [
    ['lazada', 'lazada-demo-th', 'Siam Home Living'],
    ['shopee', 'shopee-demo-th', 'Bangkok Gadget Hub'],
    ['tiktok', 'tiktok-demo', 'Chao Phraya Beauty'],
  ] as const) {
    it(`${platform}: consent, callback, shop listed as normal, tokens kept encrypted, then synced`, async () => {
      const url = await authorizeUrl(seller.token, { platform, sites: ['th'] });
      expect(url.startsWith(`http://sandbox.test/${platform}/`)).toBe(true);
      const back = await consentAt(t, url, { sellerId });
      expect(back.pathname).toBe('/cmp/authorize/authorizeCallback');
      const result = await callback(back, seller.token);
      expect(result.success, JSON.stringify(result)).toBe(true);
      expect(result.shops.map((shop) => [shop.platform, shop.site, shop.name])).toEqual([
        [platform, 'th', name],
      ]);

      const listed = (await shopList()).find((shop) => shop.id === result.shops[0]?.id);
      expect(listed).toMatchObject({ status: 'normal', platform, site: 'th', type: 'local' });
      expect(listed?.authorizationExpiresAt).not.toBeNull();

      // The token the platform issued is stored sealed, and opens with the key.
      const [stored] = await t.db
        .select()
        .from(shopAuthorizations)
        .where(
          and(
            eq(shopAuthorizations.ownerId, seller.user.id),
            eq(shopAuthorizations.platform, platform),
          ),
        );
      const issued = await t.db
        .select({ token: sandboxMarketplaceTokens.token })
        .from(sandboxMarketplaceTokens)
        .where(
          and(
            eq(sandboxMarketplaceTokens.platform, platform),
            eq(sandboxMarketplaceTokens.kind, 'access'),
          ),
        );
      expect(stored?.accessToken).toMatch(/^v1\./);
      expect(issued.map((row) => row.token)).not.toContain(stored?.accessToken);
      expect(issued.map((row) => row.token)).toContain(
        openSecret(t.deps.config.shops.tokenKey, stored?.accessToken ?? ''),
      );

      // Its first sync is due at once and brings the shop's orders and products in.
      t.clock.advance(5000);
      await runDueSyncs(t.deps, 'test-engine', 100);
      const shopId = result.shops[0]?.id ?? '';
      const orders = await t.db
        .select()
        .from(platformOrders)
        .where(eq(platformOrders.shopId, shopId));
      const products = await t.db.select().from(productRows).where(eq(productRows.shopId, shopId));
      expect(orders.length).toBeGreaterThan(5);
      expect(products.length).toBeGreaterThan(3);
      const synced = (await shopList()).find((shop) => shop.id === shopId);
      expect(synced?.sync.orders.lastSyncedAt).not.toBeNull();
      expect(synced?.sync.orders.lastCount).toBe(orders.length);
    });
  }

  it('Lazada multi-site: the Malaysia-site account authorizes the chosen ventures only', async () => {
    const owner = await makeSeller(t, 'lazada-cb@example.com', []);
    const url = await authorizeUrl(owner.token, { platform: 'lazada', sites: ['th', 'my'] });
    expect(new URL(url).searchParams.get('country')).toBe('cb');
    const result = await callback(
      await consentAt(t, url, { sellerId: 'lazada-demo-cb' }),
      owner.token,
    );
    expect(result.success, JSON.stringify(result)).toBe(true);
    expect(result.shops.map((shop) => shop.site).sort()).toEqual(['my', 'th']);
    expect(result.shops.every((shop) => shop.type === 'crossBorder')).toBe(true);
  });

  it('Lazada multi-site with a local account fails with its reason, in the seller language', async () => {
    const owner = await makeSeller(t, 'lazada-local@example.com', []);
    for (const [language, words] of [
      ['zh', zh],
      ['th', th],
      ['en', en],
    ] as const) {
      const url = await authorizeUrl(owner.token, { platform: 'lazada', sites: ['th', 'my'] });
      // On Lazada's page the seller switches the country to Malaysia and logs in with a local account.
      const back = await consentAt(
        t,
        url,
        { sellerId: 'lazada-my-local', country: 'my' },
        language,
      );
      const result = await callback(back, owner.token, language);
      expect(result).toMatchObject({ success: false, reason: 'lazadaMultiSite' });
      expect(result.message).toBe(words.LAZADA_MULTI_SITE_NEEDS_MY_ACCOUNT);
    }
    expect(await shopList(owner.token)).toEqual([]);
  });

  it('a shop another seller authorized stays theirs', async () => {
    const first = await makeSeller(t, 'first-owner@example.com', []);
    const second = await makeSeller(t, 'second-owner@example.com', []);
    const mine = await callback(
      await consentAt(t, await authorizeUrl(first.token, { platform: 'shopee', sites: ['my'] }), {
        sellerId: 'shopee-demo-my',
      }),
      first.token,
    );
    expect(mine.success).toBe(true);
    const theirs = await callback(
      await consentAt(t, await authorizeUrl(second.token, { platform: 'shopee', sites: ['my'] }), {
        sellerId: 'shopee-demo-my',
      }),
      second.token,
    );
    expect(theirs).toMatchObject({ success: false, reason: 'authorizedByOther', shops: [] });
    expect(theirs.message).toBe(en.SHOP_AUTHORIZED_BY_OTHER);
    expect(await shopList(second.token)).toEqual([]);
    expect((await shopList(first.token)).map((shop) => shop.status)).toEqual(['normal']);
  });

  it('a refused consent, a missing state and a reused state are explained, and change nothing', async () => {
    const owner = await makeSeller(t, 'refused@example.com', []);
    const url = await authorizeUrl(owner.token, { platform: 'tiktok', sites: ['th'] });
    const denied = await consentAt(t, url, { deny: true });
    expect(denied.searchParams.get('error')).toBe('auth_denied');
    expect(await callback(denied, owner.token)).toMatchObject({
      success: false,
      reason: 'redirectFailed',
    });

    const missing = await t.call('POST', '/api-user/shop/authorize/callback', {
      json: { code: 'x' },
    });
    expect(missing.body.datas).toMatchObject({ success: false, reason: 'redirectFailed' });

    const again = await authorizeUrl(owner.token, { platform: 'tiktok', sites: ['th'] });
    const back = await consentAt(t, again, { sellerId: 'tiktok-multi' });
    // tiktok-multi has no shop on th: the chosen site has nothing to authorize.
    expect(await callback(back, owner.token)).toMatchObject({ success: false, reason: 'noSite' });
    // The state was used up: the same callback again says so.
    expect(await callback(back, owner.token)).toMatchObject({
      success: false,
      reason: 'stateUsed',
    });
    expect(await shopList(owner.token)).toEqual([]);
  });

  it('a reused consent code is refused by the platform and reported with its code', async () => {
    const owner = await makeSeller(t, 'reused-code@example.com', []);
    const url = await authorizeUrl(owner.token, { platform: 'tiktok', sites: ['sg'] });
    const back = await consentAt(t, url, { sellerId: 'tiktok-multi' });
    expect((await callback(back, owner.token)).success).toBe(true);
    // The same code once more, under a fresh state: the platform refuses it.
    const fresh = new URL(await authorizeUrl(owner.token, { platform: 'tiktok', sites: ['sg'] }));
    back.searchParams.set('state', fresh.searchParams.get('state') ?? '');
    const reused = await callback(back, owner.token);
    expect(reused).toMatchObject({ success: false, reason: 'platform' });
    expect(reused.platformCode).toMatch(/\d+/);
    expect(reused.message).toContain('TikTok Shop');
  });

  it('re-authorizing an abnormal shop needs its own account, then makes it normal again', async () => {
    const owner = await makeSeller(t, 'reauthorize@example.com', []);
    const first = await callback(
      await consentAt(t, await authorizeUrl(owner.token, { platform: 'shopee', sites: ['sg'] }), {
        sellerId: 'shopee-cb-sg',
      }),
      owner.token,
    );
    const shopId = first.shops[0]?.id ?? '';
    expect(first.shops[0]?.type).toBe('crossBorder');
    await t.db.update(shops).set({ status: 'abnormal' }).where(eq(shops.id, shopId));

    const url = await authorizeUrl(owner.token, { platform: 'shopee', sites: ['sg'], shopId });
    // Another Shopee account's consent cannot re-authorize this shop.
    const wrong = await callback(
      await consentAt(t, url, { sellerId: 'shopee-demo-th' }),
      owner.token,
    );
    expect(wrong.success).toBe(false);
    expect(['noSite', 'reauthorizeMismatch']).toContain(wrong.reason);
    const right = await callback(
      await consentAt(
        t,
        await authorizeUrl(owner.token, { platform: 'shopee', sites: ['sg'], shopId }),
        {
          sellerId: 'shopee-cb-sg',
        },
      ),
      owner.token,
    );
    expect(right.success).toBe(true);
    expect((await shopList(owner.token)).map((shop) => [shop.id, shop.status])).toEqual([
      [shopId, 'normal'],
    ]);
  });

  it('a sub-account with the authorize button authorizes into its main account and sees the shop', async () => {
    const owner = await makeSeller(t, 'sub-owner@example.com', []);
    const sub = await makeSubAccount(
      t,
      owner.token,
      'sub-authorizer@example.com',
      [],
      [{ url: '/thirdPartyPlatform/authorizeList', buttons: ['authorize'] }],
    );
    const result = await callback(
      await consentAt(t, await authorizeUrl(sub.token, { platform: 'lazada', sites: ['my'] }), {
        sellerId: 'lazada-my-local',
      }),
      sub.token,
    );
    expect(result.success).toBe(true);
    expect((await shopList(sub.token)).map((shop) => shop.site)).toEqual(['my']);
    expect((await shopList(owner.token)).map((shop) => shop.site)).toEqual(['my']);
  });

  it('unbinding removes the shop with its synced orders, after which it can be authorized again', async () => {
    const owner = await makeSeller(t, 'unbind@example.com', []);
    const result = await callback(
      await consentAt(t, await authorizeUrl(owner.token, { platform: 'tiktok', sites: ['th'] }), {
        sellerId: 'tiktok-cb',
      }),
      owner.token,
    );
    const shopId = result.shops[0]?.id ?? '';
    await runDueSyncs(t.deps, 'test-engine', 100);
    expect(
      (await t.db.select().from(platformOrders).where(eq(platformOrders.shopId, shopId))).length,
    ).toBeGreaterThan(0);
    const unbound = await t.call('POST', '/api-user/shop/unbind', {
      token: owner.token,
      json: { shopId },
    });
    expect(unbound.body.resp_code, unbound.text).toBe(0);
    expect(await shopList(owner.token)).toEqual([]);
    expect(
      await t.db.select().from(platformOrders).where(eq(platformOrders.shopId, shopId)),
    ).toEqual([]);
    const again = await callback(
      await consentAt(t, await authorizeUrl(owner.token, { platform: 'tiktok', sites: ['th'] }), {
        sellerId: 'tiktok-cb',
      }),
      owner.token,
    );
    expect(again.success).toBe(true);
  });

  it('refuses no site and a site the platform does not sell on, with translated field messages', async () => {
    const none = await t.call('POST', '/api-user/shop/authorize/url', {
      token: seller.token,
      json: { platform: 'lazada', sites: [] },
      language: 'th',
    });
    expect(none.body.key).toBe('VALIDATION_FAILED');
    expect(JSON.stringify(none.body.datas)).toContain('โปรดเลือกอย่างน้อยหนึ่งไซต์');
    const wrong = await t.call('POST', '/api-user/shop/authorize/url', {
      token: seller.token,
      json: { platform: 'lazada', sites: ['gb'] },
    });
    expect(wrong.body.key).toBe('VALIDATION_FAILED');
    expect(JSON.stringify(wrong.body.datas)).toContain('sites');
  });
});
