import { randomBytes } from 'node:crypto';
import type { Platform } from '@shared/contracts/shops';
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  sandboxMarketplaceCodes,
  sandboxMarketplaceTokens,
  sandboxSellers,
  sandboxShops,
} from '../../db/schema/index';
import type { Clock } from '../../lib/clock';

/**
 * What the three marketplace stand-ins share: their seller accounts and shops, single-use consent
 * codes, and access and refresh tokens, all in the sandbox's own schema.
 */

export const randomToken = (bytes = 24) => randomBytes(bytes).toString('hex');

export type SandboxSeller = typeof sandboxSellers.$inferSelect;
export type SandboxShop = typeof sandboxShops.$inferSelect;
export type SandboxToken = typeof sandboxMarketplaceTokens.$inferSelect;
export type SandboxCode = typeof sandboxMarketplaceCodes.$inferSelect;

export async function sellersOf(db: Database, platform: Platform): Promise<SandboxSeller[]> {
  return db
    .select()
    .from(sandboxSellers)
    .where(eq(sandboxSellers.platform, platform))
    .orderBy(asc(sandboxSellers.createdAt), asc(sandboxSellers.id));
}

export async function sellerById(
  db: Database,
  platform: Platform,
  sellerId: string,
): Promise<SandboxSeller | null> {
  const [row] = await db
    .select()
    .from(sandboxSellers)
    .where(and(eq(sandboxSellers.platform, platform), eq(sandboxSellers.id, sellerId)));
  return row ?? null;
}

export async function shopsOfSeller(
  db: Database,
  platform: Platform,
  sellerId: string,
): Promise<SandboxShop[]> {
  return db
    .select()
    .from(sandboxShops)
    .where(and(eq(sandboxShops.platform, platform), eq(sandboxShops.sellerId, sellerId)))
    .orderBy(asc(sandboxShops.site), asc(sandboxShops.shopId));
}

export async function shopById(
  db: Database,
  platform: Platform,
  shopId: string,
): Promise<SandboxShop | null> {
  const [row] = await db
    .select()
    .from(sandboxShops)
    .where(and(eq(sandboxShops.platform, platform), eq(sandboxShops.shopId, shopId)));
  return row ?? null;
}

/** Creates a seller and its shops (idempotent on ids: an existing seller is left as it is). */
export async function ensureSeller(
  db: Database,
  clock: Clock,
  seller: Omit<SandboxSeller, 'createdAt'>,
  shops: Array<
    Omit<SandboxShop, 'createdAt' | 'sellerId' | 'platform' | 'data'> & {
      data?: Record<string, unknown>;
    }
  >,
): Promise<void> {
  const now = clock.now();
  await db
    .insert(sandboxSellers)
    .values({ ...seller, createdAt: now })
    .onConflictDoNothing();
  for (const shop of shops) {
    await db
      .insert(sandboxShops)
      .values({
        ...shop,
        data: shop.data ?? {},
        platform: seller.platform,
        sellerId: seller.id,
        createdAt: now,
      })
      .onConflictDoNothing();
  }
}

export async function issueCode(
  db: Database,
  clock: Clock,
  input: {
    platform: Platform;
    appKey: string;
    sellerId: string;
    shopId?: string | null;
    redirectUri: string;
    ttlSeconds: number;
  },
): Promise<string> {
  const code = randomToken(16);
  const now = clock.now();
  await db.insert(sandboxMarketplaceCodes).values({
    code,
    platform: input.platform,
    appKey: input.appKey,
    sellerId: input.sellerId,
    shopId: input.shopId ?? null,
    redirectUri: input.redirectUri,
    createdAt: now,
    expiresAt: new Date(now.getTime() + input.ttlSeconds * 1000),
  });
  return code;
}

/**
 * Uses a consent code once. Unknown, expired, already used or issued to another app: null
 * (every platform answers those alike).
 */
export async function consumeCode(
  db: Database,
  clock: Clock,
  input: { platform: Platform; appKey: string; code: string },
): Promise<SandboxCode | null> {
  const [row] = await db
    .update(sandboxMarketplaceCodes)
    .set({ usedAt: clock.now() })
    .where(
      and(
        eq(sandboxMarketplaceCodes.code, input.code),
        eq(sandboxMarketplaceCodes.platform, input.platform),
        eq(sandboxMarketplaceCodes.appKey, input.appKey),
        isNull(sandboxMarketplaceCodes.usedAt),
        gt(sandboxMarketplaceCodes.expiresAt, clock.now()),
      ),
    )
    .returning();
  return row ?? null;
}

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  accessExpiresAt: Date;
  refreshExpiresAt: Date;
  authorizationExpiresAt: Date;
}

/** A new access and refresh token pair; the refresh token never outlives the authorization. */
export async function issueTokens(
  db: Database,
  clock: Clock,
  input: {
    platform: Platform;
    appKey: string;
    sellerId: string;
    shopId?: string | null;
    country?: string | null;
    accessSeconds: number;
    refreshSeconds: number;
    authorizationExpiresAt: Date;
  },
): Promise<IssuedTokens> {
  const now = clock.now();
  const accessExpiresAt = new Date(now.getTime() + input.accessSeconds * 1000);
  const refreshExpiresAt = new Date(
    Math.min(now.getTime() + input.refreshSeconds * 1000, input.authorizationExpiresAt.getTime()),
  );
  const common = {
    platform: input.platform,
    appKey: input.appKey,
    sellerId: input.sellerId,
    shopId: input.shopId ?? null,
    country: input.country ?? null,
    issuedAt: now,
    authorizationExpiresAt: input.authorizationExpiresAt,
  };
  const accessToken = randomToken();
  const refreshToken = randomToken();
  await db.insert(sandboxMarketplaceTokens).values([
    { ...common, token: accessToken, kind: 'access', expiresAt: accessExpiresAt },
    { ...common, token: refreshToken, kind: 'refresh', expiresAt: refreshExpiresAt },
  ]);
  return {
    accessToken,
    refreshToken,
    accessExpiresAt,
    refreshExpiresAt,
    authorizationExpiresAt: input.authorizationExpiresAt,
  };
}

export type TokenCheck =
  | { ok: true; token: SandboxToken }
  | { ok: false; reason: 'invalid' | 'expired' };

/** An access token of this app: valid, expired, or unknown/revoked (invalid). */
export async function checkAccessToken(
  db: Database,
  clock: Clock,
  input: { platform: Platform; appKey: string; token: string },
): Promise<TokenCheck> {
  const [row] = await db
    .select()
    .from(sandboxMarketplaceTokens)
    .where(
      and(
        eq(sandboxMarketplaceTokens.token, input.token),
        eq(sandboxMarketplaceTokens.kind, 'access'),
        eq(sandboxMarketplaceTokens.platform, input.platform),
        eq(sandboxMarketplaceTokens.appKey, input.appKey),
      ),
    );
  if (!row || row.revokedAt) return { ok: false, reason: 'invalid' };
  if (row.expiresAt <= clock.now()) return { ok: false, reason: 'expired' };
  return { ok: true, token: row };
}

/**
 * Takes a refresh token. With `singleUse` (Shopee) a used one is refused; Lazada and TikTok let a
 * refresh token be used until it expires.
 */
export async function takeRefreshToken(
  db: Database,
  clock: Clock,
  input: { platform: Platform; appKey: string; token: string; singleUse: boolean },
): Promise<TokenCheck> {
  const now = clock.now();
  const conditions = [
    eq(sandboxMarketplaceTokens.token, input.token),
    eq(sandboxMarketplaceTokens.kind, 'refresh'),
    eq(sandboxMarketplaceTokens.platform, input.platform),
    eq(sandboxMarketplaceTokens.appKey, input.appKey),
    isNull(sandboxMarketplaceTokens.revokedAt),
  ];
  if (input.singleUse) conditions.push(isNull(sandboxMarketplaceTokens.usedAt));
  const [row] = await db
    .update(sandboxMarketplaceTokens)
    .set({ usedAt: now })
    .where(and(...conditions))
    .returning();
  if (!row) return { ok: false, reason: 'invalid' };
  if (row.expiresAt <= now) return { ok: false, reason: 'expired' };
  return { ok: true, token: row };
}

/** Ends every token of a seller for an app (the seller cancelled the authorization). */
export async function revokeSellerTokens(
  db: Database,
  clock: Clock,
  input: { platform: Platform; sellerId: string },
): Promise<void> {
  await db
    .update(sandboxMarketplaceTokens)
    .set({ revokedAt: clock.now() })
    .where(
      and(
        eq(sandboxMarketplaceTokens.platform, input.platform),
        eq(sandboxMarketplaceTokens.sellerId, input.sellerId),
        isNull(sandboxMarketplaceTokens.revokedAt),
      ),
    );
}
