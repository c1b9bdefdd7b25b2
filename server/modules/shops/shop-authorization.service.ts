import { createHash, randomBytes } from 'node:crypto';
import type { Language } from '@shared/contracts/languages';
import type {
  AuthorizeCallbackRequest,
  AuthorizeFailure,
  AuthorizeResult,
  AuthorizeUrlRequest,
  Platform,
  Shop,
} from '@shared/contracts/shops';
import type { SiteCode } from '@shared/contracts/site-codes';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { shopCallbackUrl } from '../../config';
import type { Actor, AppDeps } from '../../context';
import {
  shopAuthorizations,
  shopAuthStates,
  shopSync,
  shops,
  userShops,
  users,
} from '../../db/schema/index';
import { MarketplaceError } from '../../integrations/marketplace/marketplace.errors';
import type {
  Authorization,
  AuthorizedShop,
} from '../../integrations/marketplace/marketplace.types';
import { AppError } from '../../lib/errors';
import { translator } from '../../lib/i18n';
import { maskedIdentity } from '../../lib/mask';
import { sealSecret } from '../../lib/secret-box';
import { getShop, toShop } from './shops.service';

/** How long a consent link may take, from the console to the platform and back. */
const STATE_TTL_MS = 30 * 60 * 1000;
/** Access tokens are refreshed this long before they expire (Lazada recommends 30 minutes). */
export const REFRESH_AHEAD_MS = 30 * 60 * 1000;

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'marketplaces'>;

const hashState = (state: string) => createHash('sha256').update(state).digest('hex');

/** Lazada authorizes several ventures at once only through the cross-border (Malaysia-site) account. */
function wantsCrossBorder(platform: Platform, sites: readonly string[], crossBorder: boolean) {
  return crossBorder || (platform === 'lazada' && sites.length > 1);
}

/**
 * Starts a consent: remembers what the seller asked for under a single-use state, and answers the
 * platform's consent page to send the seller to.
 */
export async function startAuthorization(
  deps: Deps,
  actor: Actor,
  input: AuthorizeUrlRequest & { crossBorder: boolean },
): Promise<{ url: string; state: string }> {
  if (input.shopId) {
    const shop = await getShop(deps, actor, input.shopId);
    if (shop.platform !== input.platform) throw new AppError('RECORD_NOT_FOUND');
  }
  const state = randomBytes(24).toString('base64url');
  const now = deps.clock.now();
  const sites = [...new Set(input.sites)];
  const crossBorder = wantsCrossBorder(input.platform, sites, input.crossBorder);
  await deps.db.insert(shopAuthStates).values({
    stateHash: hashState(state),
    userId: actor.userId,
    platform: input.platform,
    sites,
    crossBorder,
    shopId: input.shopId ?? null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + STATE_TTL_MS),
  });
  const url = deps.marketplaces[input.platform].authorizeUrl({
    redirectUri: shopCallbackUrl(deps.config),
    state,
    site: sites.length === 1 ? (sites[0] as SiteCode) : null,
    crossBorder,
  });
  return { url, state };
}

const FAILURE_KEYS = {
  authorizedByOther: 'SHOP_AUTHORIZED_BY_OTHER',
  redirectFailed: 'SHOP_AUTHORIZATION_REDIRECT_FAILED',
  lazadaMultiSite: 'LAZADA_MULTI_SITE_NEEDS_MY_ACCOUNT',
  stateInvalid: 'SHOP_AUTHORIZATION_STATE_INVALID',
  stateUsed: 'SHOP_AUTHORIZATION_STATE_USED',
  stateExpired: 'SHOP_AUTHORIZATION_STATE_EXPIRED',
  signInRequired: 'SHOP_AUTHORIZATION_SIGN_IN_REQUIRED',
  otherAccount: 'SHOP_AUTHORIZATION_OTHER_ACCOUNT',
  reauthorizeMismatch: 'SHOP_REAUTHORIZE_MISMATCH',
  noSite: 'SHOP_NO_SITE_AVAILABLE',
} as const satisfies Record<Exclude<AuthorizeFailure, 'platform'>, string>;

class AuthorizeFailed extends Error {
  constructor(
    readonly reason: AuthorizeFailure,
    readonly platformError?: MarketplaceError,
    /** The masked account that started the consent (signInRequired, otherAccount). */
    readonly account: string | null = null,
  ) {
    super(reason);
  }
}

function shopTypeOf(authorization: Authorization, shop: AuthorizedShop): Shop['type'] {
  return shop.crossBorder || authorization.crossBorder ? 'crossBorder' : 'local';
}

/**
 * Finishes a consent from what the platform sent back to the callback page, for the account that
 * started it: the callback page sends its session's token with the code and state.
 *
 * The state must be known, unused and unexpired. A callback without the starting account's
 * session (another browser, or another account signed in) changes nothing: it answers
 * `signInRequired` or `otherAccount` naming the starting account (masked), and the page asks to
 * sign in as it and posts the same code and state again, within the state's lifetime. With that
 * session the state is used up (once), the code exchanged, and the rules applied (Lazada
 * multi-site only with the Malaysia-site account; an account another seller authorized stays
 * theirs; a re-authorization must come from the shop's own account); then the encrypted tokens
 * and the shops are stored and their first sync queued. Every outcome is an answer, never an
 * exception: the result page explains it.
 *
 * `actor` is the session that came with the callback, or null when none did.
 */
export async function completeAuthorization(
  deps: Deps,
  actor: Pick<Actor, 'userId'> | null,
  input: AuthorizeCallbackRequest & { language: Language },
): Promise<AuthorizeResult> {
  const t = translator(input.language);
  let platform: Platform | null = null;
  try {
    if (!input.state) throw new AuthorizeFailed('redirectFailed');
    const now = deps.clock.now();
    const stateHash = hashState(input.state);
    const [found] = await deps.db
      .select()
      .from(shopAuthStates)
      .where(eq(shopAuthStates.stateHash, stateHash));
    if (!found) throw new AuthorizeFailed('stateInvalid');
    platform = found.platform;
    if (found.usedAt) throw new AuthorizeFailed('stateUsed');
    if (found.expiresAt.getTime() <= now.getTime()) throw new AuthorizeFailed('stateExpired');
    const refused = Boolean(input.error) || !input.code || input.code === 'null';
    const [user] = await deps.db.select().from(users).where(eq(users.id, found.userId));
    if (user?.status !== 'enabled') throw new AuthorizeFailed('stateInvalid');

    if (actor?.userId !== found.userId) {
      // Not the starter's session: nothing is used up or exchanged. A refusal has nothing to
      // finish; a consent waits for its starter to sign in.
      if (refused) throw new AuthorizeFailed('redirectFailed');
      throw new AuthorizeFailed(
        actor ? 'otherAccount' : 'signInRequired',
        undefined,
        maskedIdentity(user),
      );
    }
    const [state] = await deps.db
      .update(shopAuthStates)
      .set({ usedAt: now })
      .where(
        and(
          eq(shopAuthStates.stateHash, stateHash),
          eq(shopAuthStates.userId, actor.userId),
          isNull(shopAuthStates.usedAt),
          gt(shopAuthStates.expiresAt, now),
        ),
      )
      .returning();
    // Another request with the same state got there first.
    if (!state) throw new AuthorizeFailed('stateUsed');
    if (refused || !input.code) throw new AuthorizeFailed('redirectFailed');
    const ownerId = user.parentId ?? user.id;

    let authorization: Authorization;
    try {
      authorization = await deps.marketplaces[state.platform].exchangeCode({
        code: input.code,
        shopId: input.shop_id,
        mainAccountId: input.main_account_id,
        redirectUri: shopCallbackUrl(deps.config),
      });
    } catch (error) {
      if (error instanceof MarketplaceError) throw new AuthorizeFailed('platform', error);
      throw error;
    }
    if (state.platform === 'lazada' && state.crossBorder && !authorization.crossBorder)
      throw new AuthorizeFailed('lazadaMultiSite');
    const chosen = authorization.shops.filter((shop) => state.sites.includes(shop.site));
    if (chosen.length === 0) throw new AuthorizeFailed('noSite');
    if (state.shopId) {
      const [target] = await deps.db.select().from(shops).where(eq(shops.id, state.shopId));
      const same = chosen.some(
        (shop) => target && shop.externalId === target.externalId && shop.site === target.site,
      );
      if (!target || !same) throw new AuthorizeFailed('reauthorizeMismatch');
    }
    const saved = await saveAuthorization(deps, {
      ownerId,
      subAccountId: user.parentId ? user.id : null,
      platform: state.platform,
      authorization,
      shops: chosen,
    });
    return {
      success: true,
      platform,
      shops: saved,
      reason: null,
      message: null,
      platformCode: null,
      account: null,
    };
  } catch (error) {
    if (!(error instanceof AuthorizeFailed)) throw error;
    const message =
      error.reason === 'platform' && error.platformError
        ? t.error(error.platformError.key, error.platformError.params)
        : t.error(FAILURE_KEYS[error.reason as Exclude<AuthorizeFailure, 'platform'>], {
            account: error.account ?? '',
          });
    return {
      success: false,
      platform,
      shops: [],
      reason: error.reason,
      message,
      platformCode: error.platformError?.platformCode ?? null,
      account: error.account,
    };
  }
}

/** Stores the authorization and its shops in one transaction; another owner's account or shop refuses it. */
async function saveAuthorization(
  deps: Deps,
  input: {
    ownerId: string;
    subAccountId: string | null;
    platform: Platform;
    authorization: Authorization;
    shops: AuthorizedShop[];
  },
): Promise<Shop[]> {
  const { authorization } = input;
  const now = deps.clock.now();
  const key = deps.config.shops.tokenKey;
  const tokens = {
    accessToken: sealSecret(key, authorization.tokens.accessToken),
    refreshToken: sealSecret(key, authorization.tokens.refreshToken),
    accessExpiresAt: authorization.tokens.accessExpiresAt,
    refreshExpiresAt: authorization.tokens.refreshExpiresAt,
    expiresAt: authorization.expiresAt,
    status: 'normal' as const,
    failureKey: null,
    failureCode: null,
    failureMessage: null,
    refreshFailures: 0,
    expiryWarnedAt: null,
    nextRefreshAt: new Date(authorization.tokens.accessExpiresAt.getTime() - REFRESH_AHEAD_MS),
    accountName: authorization.accountName,
    crossBorder: authorization.crossBorder,
    updatedAt: now,
  };
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(shopAuthorizations)
      .values({
        ownerId: input.ownerId,
        platform: input.platform,
        accountId: authorization.accountId,
        createdAt: now,
        ...tokens,
      })
      .onConflictDoUpdate({
        target: [shopAuthorizations.platform, shopAuthorizations.accountId],
        // A new pair: a refresh still running on the old one will not store over it.
        set: { ...tokens, tokenGeneration: sql`${shopAuthorizations.tokenGeneration} + 1` },
        setWhere: eq(shopAuthorizations.ownerId, input.ownerId),
      })
      .returning({ id: shopAuthorizations.id });
    if (!row) throw new AuthorizeFailed('authorizedByOther');

    const saved: Shop[] = [];
    for (const shop of input.shops) {
      const values = {
        name: shop.name,
        shopType: shopTypeOf(authorization, shop),
        status: 'normal' as const,
        authorizationId: row.id,
        cipher: shop.cipher,
        authorizedAt: now,
        updatedAt: now,
      };
      const [stored] = await tx
        .insert(shops)
        .values({
          ...values,
          ownerId: input.ownerId,
          platform: input.platform,
          site: shop.site,
          externalId: shop.externalId,
          alias: shop.name,
          createdAt: now,
        })
        .onConflictDoUpdate({
          target: [shops.platform, shops.site, shops.externalId],
          set: values,
          setWhere: eq(shops.ownerId, input.ownerId),
        })
        .returning();
      if (!stored) throw new AuthorizeFailed('authorizedByOther');
      if (input.subAccountId)
        await tx
          .insert(userShops)
          .values({ userId: input.subAccountId, shopId: stored.id })
          .onConflictDoNothing();
      await tx
        .insert(shopSync)
        .values(
          (['orders', 'products'] as const).map((resource) => ({
            shopId: stored.id,
            resource,
            nextSyncAt: now,
          })),
        )
        .onConflictDoUpdate({
          target: [shopSync.shopId, shopSync.resource],
          set: { nextSyncAt: now, failures: 0 },
        });
      saved.push(toShop(stored));
    }
    return saved;
  });
}

/**
 * Unbinds a shop: it goes with its synced orders and products; its authorization goes too when no
 * other shop uses it.
 */
export async function unbindShop(deps: Pick<Deps, 'db'>, actor: Actor, shopId: string) {
  const shop = await getShop(deps, actor, shopId);
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(shops)
      .where(and(eq(shops.id, shop.id), eq(shops.ownerId, actor.ownerId)))
      .returning({ authorizationId: shops.authorizationId });
    if (!row) throw new AppError('RECORD_NOT_FOUND');
    if (row.authorizationId) {
      const remaining = await tx
        .select({ id: shops.id })
        .from(shops)
        .where(eq(shops.authorizationId, row.authorizationId))
        .limit(1);
      if (remaining.length === 0)
        await tx.delete(shopAuthorizations).where(eq(shopAuthorizations.id, row.authorizationId));
    }
  });
  return { shopId: shop.id };
}

/**
 * Marks an authorization and all its shops abnormal, with the reason kept; with `tokenGeneration`,
 * only while it still holds that token pair (a refused refresh token replaced since by a newer
 * pair proves nothing). No actor: a refused token refresh or sync finds it (the jobs).
 */
export async function markAuthorizationAbnormal(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  _actor: null,
  input: {
    authorizationId: string;
    failure: { key: string; code: string | null; message: string | null };
    tokenGeneration?: number | undefined;
  },
): Promise<{ ownerId: string; shopNames: string[] } | null> {
  const { db, clock } = deps;
  const { authorizationId, failure, tokenGeneration } = input;
  const now = clock.now();
  const [row] = await db
    .update(shopAuthorizations)
    .set({
      status: 'abnormal',
      failureKey: failure.key,
      failureCode: failure.code,
      failureMessage: failure.message,
      updatedAt: now,
    })
    .where(
      and(
        eq(shopAuthorizations.id, authorizationId),
        eq(shopAuthorizations.status, 'normal'),
        tokenGeneration === undefined
          ? undefined
          : eq(shopAuthorizations.tokenGeneration, tokenGeneration),
      ),
    )
    .returning({ ownerId: shopAuthorizations.ownerId });
  if (!row) return null;
  const affected = await db
    .update(shops)
    .set({ status: 'abnormal', updatedAt: now })
    .where(eq(shops.authorizationId, authorizationId))
    .returning({ name: shops.alias });
  return { ownerId: row.ownerId, shopNames: affected.map((shop) => shop.name) };
}
