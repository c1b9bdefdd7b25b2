import { dayIn, isSiteCode, SITE_TIME_ZONES } from '@shared/contracts/site-codes';
import { and, eq, gt, isNotNull, isNull, lte } from 'drizzle-orm';
import type { AppDeps } from '../context';
import { shopAuthorizations, shops, users } from '../db/schema/index';
import { PLATFORM_NAMES } from '../integrations/marketplace/marketplace.errors';
import { notify } from '../modules/messages/messages.service';
import { markAuthorizationAbnormal } from '../modules/shops/shop-authorization.service';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'mailer'>;

/** The notice (message type 6) shows these fields in its dialog. */
const NOTICE = 6;

/**
 * A shop's authorization stopped working (a refresh or a call refused its token): the
 * authorization and its shops turn abnormal, and the seller gets a message saying which shop to
 * re-authorize. Only the first report of an abnormal authorization sends a message.
 */
export async function reportAbnormal(
  deps: Deps,
  shopId: string,
  failure: { key: string; code: string | null; message: string | null },
): Promise<void> {
  const [shop] = await deps.db.select().from(shops).where(eq(shops.id, shopId));
  if (!shop?.authorizationId) return;
  await reportAuthorizationAbnormal(deps, shop.authorizationId, failure);
}

export async function reportAuthorizationAbnormal(
  deps: Deps,
  authorizationId: string,
  failure: { key: string; code: string | null; message: string | null },
  /** Only while it still holds this token pair (the one that was refused). */
  only: { tokenGeneration?: number } = {},
): Promise<void> {
  const changed = await markAuthorizationAbnormal(deps, null, {
    authorizationId,
    failure,
    ...only,
  });
  if (!changed) return;
  const [authorization] = await deps.db
    .select({ platform: shopAuthorizations.platform })
    .from(shopAuthorizations)
    .where(eq(shopAuthorizations.id, authorizationId));
  const platform = authorization ? PLATFORM_NAMES[authorization.platform] : '';
  await notify(deps, null, {
    userId: changed.ownerId,
    type: NOTICE,
    titleKey: 'shopAuthorizationAbnormal',
    params: { shop: changed.shopNames.join(', '), platform },
    datas: {
      shop: changed.shopNames.join(', '),
      platform,
      code: failure.code ?? failure.key,
      reason: failure.message ?? failure.key,
    },
  });
}

/**
 * Warns each seller once per expiry, `expiryWarningDays` before a shop authorization ends.
 * The claim (setting expiry_warned_at where it is null) is one statement, so two processes never
 * send the same warning.
 */
export async function warnExpiringAuthorizations(deps: Deps): Promise<number> {
  const now = deps.clock.now();
  const horizon = new Date(now.getTime() + deps.config.shops.expiryWarningDays * 86_400_000);
  const due = await deps.db
    .update(shopAuthorizations)
    .set({ expiryWarnedAt: now })
    .where(
      and(
        eq(shopAuthorizations.status, 'normal'),
        isNotNull(shopAuthorizations.expiresAt),
        lte(shopAuthorizations.expiresAt, horizon),
        gt(shopAuthorizations.expiresAt, now),
        isNull(shopAuthorizations.expiryWarnedAt),
      ),
    )
    .returning();
  for (const authorization of due) {
    const names = await deps.db
      .select({ name: shops.alias })
      .from(shops)
      .where(eq(shops.authorizationId, authorization.id));
    const [owner] = await deps.db
      .select({ site: users.site })
      .from(users)
      .where(eq(users.id, authorization.ownerId));
    const zone = SITE_TIME_ZONES[owner && isSiteCode(owner.site) ? owner.site : 'th'];
    const shop = names.map((row) => row.name).join(', ') || authorization.accountName;
    const platform = PLATFORM_NAMES[authorization.platform];
    const date = dayIn(zone, authorization.expiresAt ?? now);
    await notify(deps, null, {
      userId: authorization.ownerId,
      type: NOTICE,
      titleKey: 'shopAuthorizationExpiring',
      params: { shop, platform, date },
      datas: { shop, platform, date },
    });
  }
  return due.length;
}
