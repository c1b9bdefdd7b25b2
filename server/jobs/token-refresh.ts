import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { AppDeps } from '../context';
import { shopAuthorizations, shops } from '../db/schema/index';
import { MarketplaceError } from '../integrations/marketplace/marketplace.errors';
import { openSecret, sealSecret } from '../lib/secret-box';
import { REFRESH_AHEAD_MS } from '../modules/shops/shop-authorization.service';
import { describeFailure } from '../modules/shops/shop-sync.service';
import { reportAuthorizationAbnormal } from './shop-notices';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'marketplaces' | 'logger' | 'mailer'>;

/** While one process refreshes an authorization, others leave it alone this long. */
const CLAIM_MS = 5 * 60 * 1000;

/** Minutes to wait after `failures` transient refresh failures in a row: 5, 10, 20, ... up to an hour. */
const retryMinutes = (failures: number) => Math.min(60, 5 * 2 ** Math.max(0, failures - 1));

/**
 * Claims one authorization whose access token is due for a refresh: a row lock skipping rows other
 * processes hold, then its next look moved past the claim.
 */
async function claimDue(deps: Deps) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [due] = await tx
      .select()
      .from(shopAuthorizations)
      .where(
        and(eq(shopAuthorizations.status, 'normal'), lte(shopAuthorizations.nextRefreshAt, now)),
      )
      .orderBy(asc(shopAuthorizations.nextRefreshAt))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!due) return null;
    await tx
      .update(shopAuthorizations)
      .set({ nextRefreshAt: new Date(now.getTime() + CLAIM_MS) })
      .where(eq(shopAuthorizations.id, due.id));
    return due;
  });
}

/**
 * The authorization while it still holds the token pair a refresh started from: a refresh that
 * outlived its claim (another process refreshed it since) or met a new consent stores nothing.
 */
const sameGeneration = (claimed: { id: string; tokenGeneration: number }) =>
  and(
    eq(shopAuthorizations.id, claimed.id),
    eq(shopAuthorizations.tokenGeneration, claimed.tokenGeneration),
  );

/** A refresh's outcome arrived after a newer pair was stored: it is dropped. */
function superseded(deps: Deps, authorizationId: string) {
  deps.logger.info('token refresh superseded by a newer token pair', { authorizationId });
}

/**
 * Refreshes the access tokens that expire soon (30 minutes ahead), storing the new pair encrypted.
 * A refresh the platform refuses (the refresh token is invalid, used or expired) turns the
 * authorization and its shops abnormal and tells the seller; a transient failure (timeouts,
 * 5xx, rate limits) is tried again later, with backoff. Each outcome is stored only over the pair
 * the refresh started from (`tokenGeneration`), so a late one never replaces a newer pair.
 */
export async function refreshDueTokens(deps: Deps, limit = 20): Promise<number> {
  let done = 0;
  for (; done < limit; done += 1) {
    const authorization = await claimDue(deps);
    if (!authorization) break;
    const [shop] = await deps.db
      .select({ externalId: shops.externalId })
      .from(shops)
      .where(eq(shops.authorizationId, authorization.id))
      .limit(1);
    const key = deps.config.shops.tokenKey;
    try {
      const tokens = await deps.marketplaces[authorization.platform].refresh({
        refreshToken: openSecret(key, authorization.refreshToken),
        shopExternalId: shop?.externalId ?? authorization.accountId,
      });
      const now = deps.clock.now();
      const [kept] = await deps.db
        .update(shopAuthorizations)
        .set({
          accessToken: sealSecret(key, tokens.accessToken),
          refreshToken: sealSecret(key, tokens.refreshToken),
          accessExpiresAt: tokens.accessExpiresAt,
          refreshExpiresAt: tokens.refreshExpiresAt,
          refreshedAt: now,
          refreshFailures: 0,
          nextRefreshAt: new Date(tokens.accessExpiresAt.getTime() - REFRESH_AHEAD_MS),
          tokenGeneration: sql`${shopAuthorizations.tokenGeneration} + 1`,
          updatedAt: now,
        })
        .where(sameGeneration(authorization))
        .returning({ id: shopAuthorizations.id });
      if (!kept) superseded(deps, authorization.id);
    } catch (error) {
      const failure = describeFailure(error);
      // Only the platform refusing the refresh token itself needs the seller; anything else is ours to retry.
      const refused =
        error instanceof MarketplaceError &&
        (error.failure === 'token' || error.failure === 'code');
      if (refused) {
        // Only while the refused refresh token is still the stored one.
        await reportAuthorizationAbnormal(deps, authorization.id, failure, {
          tokenGeneration: authorization.tokenGeneration,
        });
        continue;
      }
      if (!(error instanceof MarketplaceError))
        deps.logger.error('token refresh failed', { authorizationId: authorization.id, error });
      const failures = authorization.refreshFailures + 1;
      const now = deps.clock.now();
      const [counted] = await deps.db
        .update(shopAuthorizations)
        .set({
          refreshFailures: failures,
          failureKey: failure.key,
          failureCode: failure.code,
          failureMessage: failure.message,
          nextRefreshAt: new Date(now.getTime() + retryMinutes(failures) * 60_000),
          updatedAt: now,
        })
        .where(sameGeneration(authorization))
        .returning({ id: shopAuthorizations.id });
      if (!counted) superseded(deps, authorization.id);
    }
  }
  return done;
}
