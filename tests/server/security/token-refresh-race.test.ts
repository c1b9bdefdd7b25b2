import { messages, shopAuthorizations, shops } from '@server/db/schema/index';
import type { MarketplaceClients } from '@server/integrations/marketplace/clients';
import { MarketplaceError } from '@server/integrations/marketplace/marketplace.errors';
import type { MarketplaceClient } from '@server/integrations/marketplace/marketplace.types';
import { refreshDueTokens } from '@server/jobs/token-refresh';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { login, makeSeller } from '../../support/accounts';
import { createTestApp, type TestApp } from '../../support/app';
import { callbackBody, consentAt } from '../../support/shop-consent';

/**
 * A token refresh that is slow to store what the platform answered: its claim (5 minutes) runs
 * out and another refresh, or the seller's new consent, stores a newer pair meanwhile. The late
 * one must leave the newer pair (and its schedule) as it is, and its failure must not count.
 */

type Outcome = 'pass' | 'refuse' | 'fail';

interface Held {
  arrived(): void;
  outcome: Promise<Outcome>;
}

/** Refreshes the test holds after the platform answered them, released with an outcome. */
const held: Held[] = [];

function holdNextRefresh() {
  let arrived = () => {};
  let release: (outcome: Outcome) => void = () => {};
  const entered = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  const outcome = new Promise<Outcome>((resolve) => {
    release = resolve;
  });
  held.push({ arrived, outcome });
  return { entered, release };
}

function holding(client: MarketplaceClient): MarketplaceClient {
  return {
    ...client,
    refresh: async (input) => {
      const gate = held.shift();
      if (!gate) return client.refresh(input);
      const tokens = await client.refresh(input);
      gate.arrived();
      const outcome = await gate.outcome;
      if (outcome === 'refuse')
        throw new MarketplaceError({
          platform: client.platform,
          failure: 'token',
          platformCode: 'IllegalRefreshToken',
          retryable: false,
        });
      if (outcome === 'fail')
        throw new MarketplaceError({
          platform: client.platform,
          failure: 'unavailable',
          platformCode: 'HTTP 503',
          retryable: true,
        });
      return tokens;
    },
  };
}

const CLAIM_MS = 5 * 60 * 1000;

let t: TestApp;
let seller: Awaited<ReturnType<typeof makeSeller>>;

beforeEach(async () => {
  held.length = 0;
  t = await createTestApp({
    sandboxShops: true,
    marketplaces: (clients): MarketplaceClients => ({
      lazada: holding(clients.lazada),
      shopee: holding(clients.shopee),
      tiktok: holding(clients.tiktok),
    }),
  });
  seller = await makeSeller(t, 'refresh-race@example.com', []);
});
afterEach(() => t.close());

/**
 * The seller's consent for Lazada Thailand, through the sandbox's consent page, finished in the
 * session that started it (signed in anew: the clock may have moved past the session).
 */
async function consent() {
  const token = await login(t, 'refresh-race@example.com', seller.password);
  const url = await t.call('POST', '/api-user/shop/authorize/url', {
    token,
    json: { platform: 'lazada', sites: ['th'] },
  });
  expect(url.body.resp_code, url.text).toBe(0);
  const back = await consentAt(t, url.body.datas.url, { sellerId: 'lazada-demo-th' });
  const result = await t.call('POST', '/api-user/shop/authorize/callback', {
    token,
    json: callbackBody(back),
  });
  expect(result.body.datas.success, result.text).toBe(true);
  return result.body.datas.shops[0].id as string;
}

async function stored() {
  const [row] = await t.db
    .select()
    .from(shopAuthorizations)
    .where(
      and(
        eq(shopAuthorizations.ownerId, seller.user.id),
        eq(shopAuthorizations.platform, 'lazada'),
      ),
    );
  if (!row) throw new Error('no authorization');
  return row;
}

const pairOf = (row: Awaited<ReturnType<typeof stored>>) => ({
  accessToken: row.accessToken,
  refreshToken: row.refreshToken,
  accessExpiresAt: row.accessExpiresAt,
  nextRefreshAt: row.nextRefreshAt,
  refreshFailures: row.refreshFailures,
  status: row.status,
});

/** Starts a refresh of the due authorization and waits until the platform has answered it. */
async function slowRefresh() {
  const first = await stored();
  t.clock.set(new Date(first.nextRefreshAt.getTime() + 1000));
  const gate = holdNextRefresh();
  const running = refreshDueTokens(t.deps, 1);
  await gate.entered;
  return { first, release: gate.release, running };
}

describe('a token refresh that outlived its claim', () => {
  it('does not overwrite the pair a later refresh stored', async () => {
    await consent();
    const { first, release, running } = await slowRefresh();
    // The claim runs out; another process claims the authorization and refreshes it.
    t.clock.advance(CLAIM_MS + 1000);
    expect(await refreshDueTokens(t.deps, 1)).toBe(1);
    const newer = pairOf(await stored());
    expect(newer.accessToken).not.toBe(first.accessToken);
    expect(newer.refreshToken).not.toBe(first.refreshToken);

    release('pass');
    expect(await running).toBe(1);
    expect(pairOf(await stored())).toEqual(newer);
  });

  it('does not count its failure against the pair a later refresh stored', async () => {
    await consent();
    const { release, running } = await slowRefresh();
    t.clock.advance(CLAIM_MS + 1000);
    expect(await refreshDueTokens(t.deps, 1)).toBe(1);
    const newer = pairOf(await stored());

    release('fail');
    await running;
    const after = await stored();
    expect(pairOf(after)).toEqual(newer);
    expect(after.failureKey).toBeNull();
  });
});

describe('a token refresh that met a new consent', () => {
  it('leaves the pair of the consent', async () => {
    await consent();
    const { first, release, running } = await slowRefresh();
    t.clock.advance(1000);
    await consent();
    const consented = pairOf(await stored());
    expect(consented.accessToken).not.toBe(first.accessToken);

    release('pass');
    await running;
    expect(pairOf(await stored())).toEqual(consented);
  });

  it('whose old refresh token the platform refused leaves the shop normal and the seller untold', async () => {
    const shopId = await consent();
    const { release, running } = await slowRefresh();
    t.clock.advance(1000);
    await consent();
    const consented = pairOf(await stored());

    release('refuse');
    await running;
    expect(pairOf(await stored())).toEqual(consented);
    const [shop] = await t.db.select().from(shops).where(eq(shops.id, shopId));
    expect(shop?.status).toBe('normal');
    const notes = await t.db.select().from(messages).where(eq(messages.userId, seller.user.id));
    expect(notes.map((note) => note.titleKey)).not.toContain('shopAuthorizationAbnormal');
  });

  it('a refusal of the pair still stored turns the authorization abnormal, as before', async () => {
    const shopId = await consent();
    const { release, running } = await slowRefresh();
    release('refuse');
    await running;
    expect((await stored()).status).toBe('abnormal');
    const [shop] = await t.db.select().from(shops).where(eq(shops.id, shopId));
    expect(shop?.status).toBe('abnormal');
  });
});
