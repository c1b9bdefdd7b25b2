import type { BusinessType, Profile } from '@shared/contracts/accounts';
import { CURRENCY_SYMBOLS, type Currency } from '@shared/contracts/money';
import type { SiteCode } from '@shared/contracts/site-codes';
import type { UserInfo } from '@shared/contracts/users';
import { WALLET_MENU } from '@shared/contracts/wallet';
import { allows } from '@shared/permissions';
import { and, eq, sql } from 'drizzle-orm';
import type { Actor, AppDeps } from '../../context';
import type { Database } from '../../db/client';
import {
  announcements,
  announcementViews,
  cartItems,
  guideProgress,
  sites,
  tradeOrders,
  users,
  wallets,
  warehouseOrders,
  warehouses,
} from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { findUserById } from '../accounts/accounts.service';

/** userInfo's statement, prepared once per database (the plan and the SQL are made once). */
const userInfoQueries = new WeakMap<Database, ReturnType<typeof prepareUserInfo>>();

function prepareUserInfo(db: Database) {
  const currencyOf = sql`coalesce(${sites.currency}, 'CNY')`;
  return db
    .select({
      user: {
        id: users.id,
        email: users.email,
        phone: users.phone,
        name: users.name,
        role: users.role,
        parentId: users.parentId,
        headImgUrl: users.headImgUrl,
        site: users.site,
      },
      currency: sites.currency,
      // The wallet row read once (joined), both its amounts taken from it.
      available: wallets.available,
      frozen: wallets.frozen,
      popup: sql<boolean>`exists (
        select 1 from ${announcements} a
        where a.is_popup and a.show_time <= now()
          and not exists (
            select 1 from ${announcementViews} v
            where v.announcement_id = a.id and v.user_id = ${users.id}
          )
      )`,
      // Both tours' progress in one read of the account's rows.
      guides: sql<string[] | null>`(
        select array_agg(g.guide) from ${guideProgress} g
        where g.user_id = ${users.id} and g.guide in ('main', 'dashboard')
      )`,
      // As warehouses.service's hasUsableWarehouse reads it: a normal warehouse, or a paid order
      // for one not applied yet.
      warehouse: sql<boolean>`(exists (
        select 1 from ${warehouses}
        where ${warehouses.ownerId} = ${sql.placeholder('ownerId')} and ${warehouses.state} = 'normal'
      ) or exists (
        select 1 from ${warehouseOrders}
        join ${tradeOrders} on ${tradeOrders.tradeNo} = ${warehouseOrders.tradeNo}
        where ${warehouseOrders.ownerId} = ${sql.placeholder('ownerId')}
          and ${warehouseOrders.appliedAt} is null
          and ${warehouseOrders.kind} in ('open', 'renew')
          and ${tradeOrders.status} = 'paid'
      ))`,
      // As catalogue.service's cartSkuList reads it: the cart's lines in the order they were added.
      cart: sql<{ skuId: string; quantity: number }[] | null>`(
        select json_agg(json_build_object('skuId', c.sku_id, 'quantity', c.quantity)
          order by c.added_at, c.sku_id)
        from ${cartItems} c where c.user_id = ${users.id}
      )`,
    })
    .from(users)
    .leftJoin(sites, eq(sites.code, users.site))
    .leftJoin(
      wallets,
      and(eq(wallets.ownerId, sql.placeholder('ownerId')), eq(wallets.currency, currencyOf)),
    )
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1)
    .prepare('user_info');
}

function userInfoQuery(db: Database) {
  let prepared = userInfoQueries.get(db);
  if (!prepared) {
    prepared = prepareUserInfo(db);
    userInfoQueries.set(db, prepared);
  }
  return prepared;
}

/**
 * userInfo of spec section 3 for the signed-in account, read in one statement: the account, its
 * site's currency, the main account's wallet in that currency (balance = available + frozen, zero
 * without one, the row read once), the once-only things a session shows (a popup announcement, the two tours),
 * whether a warehouse is usable and the cart's lines.
 */
export async function getUserInfo(deps: Pick<AppDeps, 'db'>, actor: Actor): Promise<UserInfo> {
  const [row] = await userInfoQuery(deps.db).execute({
    userId: actor.userId,
    ownerId: actor.ownerId,
  });
  if (!row) throw new AppError('TOKEN_INVALID');
  const { user } = row;
  const currency = (row.currency ?? 'CNY') as Currency;
  const available = row.available ?? 0;
  const frozen = row.frozen ?? 0;
  const seesWallet = allows(actor.routes, WALLET_MENU);
  return {
    id: user.id,
    username: user.email ?? user.phone ?? '',
    email: user.email,
    phone: user.phone,
    name: user.name,
    role: user.role,
    isMain: user.parentId === null,
    subUserName: user.parentId === null ? null : user.name,
    headImgUrl: user.headImgUrl ?? '',
    isAll: false,
    isWarehouse: row.warehouse === true,
    site: user.site as SiteCode,
    currency,
    currencySymbol: CURRENCY_SYMBOLS[currency],
    // The main account's wallet in the site currency: balance = available + frozen; nothing for a
    // sub-account not granted the wallet page, which the wallet's own calls refuse as well.
    balance: seesWallet ? available + frozen : null,
    freezeBalance: seesWallet ? frozen : null,
    firstShowAnn: row.popup,
    showGuideFlag: !row.guides?.includes('main'),
    showDashboardGuideFlag: !row.guides?.includes('dashboard'),
    // The cart of catalogue and mall SKUs; the header counts the quantities.
    skuList: row.cart ?? [],
  };
}

/** getUserInfo: the profile shown in account settings. */
export async function getProfile(deps: Pick<AppDeps, 'db'>, actor: Actor): Promise<Profile> {
  const user = await findUserById(deps, null, actor.userId);
  const owner = user.parentId ? await findUserById(deps, null, user.parentId) : user;
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    headImgUrl: user.headImgUrl ?? '',
    isMain: user.parentId === null,
    site: user.site as SiteCode,
    businessType: owner.businessType,
    wechat:
      user.wechatOpenId && user.wechatBoundAt
        ? { nickname: user.wechatNickname ?? '', boundAt: user.wechatBoundAt.toISOString() }
        : null,
    createdAt: user.createdAt.toISOString(),
  };
}

/** update_userInfo: name and avatar; what is not given stays. */
export async function updateProfile(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  actor: Actor,
  input: { name?: string | undefined; headImgUrl?: string | undefined },
): Promise<void> {
  const { db, clock } = deps;
  const changes: Partial<typeof users.$inferInsert> = { updatedAt: clock.now() };
  if (input.name !== undefined) changes.name = input.name;
  if (input.headImgUrl !== undefined) changes.headImgUrl = input.headImgUrl || null;
  await db.update(users).set(changes).where(eq(users.id, actor.userId));
}

/** changePasswordV2: needs the current password; the new one takes effect at once. */
export async function changePassword(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  actor: Actor,
  input: { oldPassword: string; password: string },
): Promise<void> {
  const { db, clock } = deps;
  const user = await findUserById(deps, null, actor.userId);
  if (!(await verifyPassword(user.passwordHash, input.oldPassword)))
    throw new AppError('OLD_PASSWORD_WRONG');
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(input.password), updatedAt: clock.now() })
    .where(eq(users.id, actor.userId));
}

/** The login check: null while the account (or its main account) has not onboarded. */
export async function loginCheck(deps: Pick<AppDeps, 'db'>, actor: Actor) {
  const owner = await findUserById(deps, null, actor.ownerId);
  if (!owner.onboardedAt || !owner.businessType) return null;
  return { site: owner.site as SiteCode, businessType: owner.businessType };
}

/** The onboarding step: main site and business type. It can be taken again to change them. */
export async function completeOnboarding(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  actor: Actor,
  input: { site: SiteCode; businessType: BusinessType },
): Promise<void> {
  const { db, clock } = deps;
  const now = clock.now();
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ site: input.site, businessType: input.businessType, onboardedAt: now, updatedAt: now })
      .where(eq(users.id, actor.ownerId));
    // Sub-accounts work on their main account's site.
    await tx
      .update(users)
      .set({ site: input.site, updatedAt: now })
      .where(eq(users.parentId, actor.ownerId));
  });
}
