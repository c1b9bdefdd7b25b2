import { defaultConfig } from '@server/config';
import { shopAuthorizations, shopSync, shops } from '@server/db/schema/index';
import { sealSecret } from '@server/lib/secret-box';
import type { Platform, SyncResource } from '@shared/contracts/shops';
import { eq } from 'drizzle-orm';
import type { TestApp } from './app';

const HOUR = 60 * 60 * 1000;

/**
 * Gives a stored shop the authorization the consent flow would have stored: sealed tokens, an
 * expiry, and (for an abnormal one) the reason the platform gave.
 */
export async function authorizeStoredShop(
  t: TestApp,
  shopId: string,
  options: {
    expiresAt?: Date | null;
    abnormal?: { key: string; code: string | null; message: string | null };
  } = {},
) {
  const [shop] = await t.db.select().from(shops).where(eq(shops.id, shopId));
  if (!shop) throw new Error(`no shop ${shopId}`);
  const now = t.clock.now();
  const key = defaultConfig.shops.tokenKey;
  const status = options.abnormal ? 'abnormal' : 'normal';
  const [authorization] = await t.db
    .insert(shopAuthorizations)
    .values({
      ownerId: shop.ownerId,
      platform: shop.platform,
      accountId: `account-${shop.id}`,
      accountName: shop.name,
      accessToken: sealSecret(key, `access-${shop.id}`),
      refreshToken: sealSecret(key, `refresh-${shop.id}`),
      accessExpiresAt: new Date(now.getTime() + 4 * HOUR),
      expiresAt:
        options.expiresAt === undefined
          ? new Date(now.getTime() + 90 * 24 * HOUR)
          : options.expiresAt,
      status,
      failureKey: options.abnormal?.key ?? null,
      failureCode: options.abnormal?.code ?? null,
      failureMessage: options.abnormal?.message ?? null,
      nextRefreshAt: new Date(now.getTime() + 3 * HOUR),
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: shopAuthorizations.id });
  if (!authorization) throw new Error('no authorization stored');
  await t.db
    .update(shops)
    .set({ authorizationId: authorization.id, status })
    .where(eq(shops.id, shopId));
  return authorization.id;
}

/** Where a shop's sync of orders or products stands, as the sync job records it. */
export async function setSyncState(
  t: TestApp,
  shopId: string,
  resource: SyncResource,
  state: {
    lastSyncedAt?: Date | null;
    nextSyncAt: Date;
    lastCount?: number;
    error?: { key: string; code: string | null; message: string | null; at: Date };
  },
) {
  const values = {
    lastSyncedAt: state.lastSyncedAt ?? null,
    nextSyncAt: state.nextSyncAt,
    lastCount: state.lastCount ?? 0,
    lastErrorKey: state.error?.key ?? null,
    lastErrorCode: state.error?.code ?? null,
    lastErrorMessage: state.error?.message ?? null,
    lastErrorAt: state.error?.at ?? null,
  };
  await t.db
    .insert(shopSync)
    .values({ shopId, resource, ...values })
    .onConflictDoUpdate({ target: [shopSync.shopId, shopSync.resource], set: values });
}

export async function syncStateOf(t: TestApp, shopId: string, resource: SyncResource) {
  const rows = await t.db.select().from(shopSync).where(eq(shopSync.shopId, shopId));
  return rows.find((row) => row.resource === resource) ?? null;
}

/**
 * Consents on the sandbox platform's page as `sellerId`, as the seller's browser would: answers
 * where the platform then sends the browser back (the console's callback page, with its query).
 */
export async function consentAs(t: TestApp, consentUrl: string, sellerId: string): Promise<URL> {
  const url = new URL(consentUrl);
  const page = await t.sandbox.request(`${url.pathname}${url.search}`);
  const html = await page.text();
  if (!html.includes(`data-seller="${sellerId}"`))
    throw new Error(`the consent page offers no seller ${sellerId}`);
  const hidden = Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((match) => [
      match[1] ?? '',
      match[2] ?? '',
    ]),
  );
  const consent = await t.sandbox.request(url.pathname, {
    method: 'POST',
    body: new URLSearchParams({ ...hidden, sellerId }),
  });
  const location = consent.headers.get('location');
  if (consent.status !== 302 || !location) throw new Error(`consent answered ${consent.status}`);
  return new URL(location);
}

/** The whole authorization through the API and the sandbox's consent page; answers the result. */
export async function authorizeThroughSandbox(
  t: TestApp,
  token: string,
  request: { platform: Platform; sites: string[]; crossBorder: boolean },
  sellerId: string,
) {
  const started = await t.call('POST', '/api-user/shop/authorize/url', { token, json: request });
  if (started.body.resp_code !== 0) throw new Error(`authorize/url: ${started.text}`);
  const back = await consentAs(t, started.body.datas.url, sellerId);
  // The callback page posts with the session that started the consent.
  const done = await t.call('POST', '/api-user/shop/authorize/callback', {
    json: Object.fromEntries(back.searchParams),
    token,
  });
  if (done.body.resp_code !== 0 || !done.body.datas.success)
    throw new Error(`authorize/callback: ${done.text}`);
  return done.body.datas as { shops: { id: string; name: string }[] };
}
