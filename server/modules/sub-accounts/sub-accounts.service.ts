import { normaliseMobile } from '@shared/contracts/accounts';
import { dayIn, SITE_CODES, SITE_TIME_ZONES, type SiteCode } from '@shared/contracts/site-codes';
import type {
  CreateSubAccountRequest,
  MenuGrant,
  SubAccount,
  SubAccountListQuery,
} from '@shared/contracts/sub-accounts';
import { grantableMenus } from '@shared/permissions';
import { and, count, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Actor, AppDeps } from '../../context';
import type { Database } from '../../db/client';
import { userShops, users } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { keyset } from '../../lib/keyset';
import { hashPassword } from '../../lib/passwords';
import { createAccount, findUserById, type UserRow } from '../accounts/accounts.service';
import { isExpired, revokeSessionsOf } from '../auth/auth.service';
import { assertOwnShops } from '../shops/shops.service';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

/** Keeps only menus and buttons a sub-account can hold; unknown ones are dropped. */
function cleanGrants(grants: readonly MenuGrant[]): MenuGrant[] {
  const grantable = new Map(grantableMenus().map((menu) => [menu.url, new Set(menu.buttons)]));
  return grants.flatMap((grant) => {
    const buttons = grantable.get(grant.url);
    if (!buttons) return [];
    return [
      {
        url: grant.url,
        buttons: [...new Set(grant.buttons)].filter((button) => buttons.has(button)),
      },
    ];
  });
}

function statusOf(row: UserRow, clock: Deps['clock']): SubAccount['status'] {
  if (row.status === 'forbidden') return 'forbidden';
  if (row.status === 'expired' || isExpired(row.validUntil, row.site, clock)) return 'expired';
  return 'enabled';
}

async function shopIdsOf(db: Database, userIds: string[]): Promise<Map<string, string[]>> {
  const map = new Map<string, string[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return map;
  const rows = await db.select().from(userShops).where(inArray(userShops.userId, userIds));
  for (const row of rows) map.get(row.userId)?.push(row.shopId);
  return map;
}

function toSubAccount(row: UserRow, shopIds: string[], clock: Deps['clock']): SubAccount {
  return {
    id: row.id,
    account: row.email ?? row.phone ?? '',
    email: row.email,
    phone: row.phone,
    name: row.name,
    status: statusOf(row, clock),
    validUntil: row.validUntil,
    shopIds,
    grants: row.grants ?? [],
    createdAt: row.createdAt.toISOString(),
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
  };
}

/** A sub-account of the actor's main account; anyone else's is "not found". */
async function ownSubAccount(
  db: Pick<Database, 'select'>,
  actor: Actor,
  id: string,
): Promise<UserRow> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.parentId, actor.ownerId)))
    .limit(1);
  if (!row) throw new AppError('RECORD_NOT_FOUND');
  return row;
}

/** Today in each site's time zone: a validity date before it has passed (as `isExpired` says). */
function todayOfSite(clock: Deps['clock']): SQL {
  const now = clock.now();
  const days = SITE_CODES.map(
    (site) => sql`when ${site} then ${dayIn(SITE_TIME_ZONES[site], now)}`,
  );
  return sql`(case ${users.site} ${sql.join(days, sql` `)} else ${dayIn('UTC', now)} end)::date`;
}

/** The sub-accounts in a status, in SQL (as `statusOf` derives it). */
function inStatus(status: SubAccount['status'], clock: Deps['clock']): SQL {
  const lapsed = sql`(${users.status} = 'expired' or ${users.validUntil} < ${todayOfSite(clock)})`;
  if (status === 'forbidden') return sql`${users.status} = 'forbidden'`;
  if (status === 'expired') return sql`(${users.status} <> 'forbidden' and ${lapsed})`;
  return sql`(${users.status} <> 'forbidden' and not coalesce(${lapsed}, false))`;
}

/** The main account's sub-accounts, newest first, a keyset page (or a numbered one). */
export async function listSubAccounts(deps: Deps, actor: Actor, query: SubAccountListQuery) {
  const conditions: (SQL | undefined)[] = [eq(users.parentId, actor.ownerId)];
  if (query.keyword) {
    const like = `%${query.keyword.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    conditions.push(
      or(ilike(users.name, like), ilike(users.email, like), ilike(users.phone, like)),
    );
  }
  if (query.status) conditions.push(inStatus(query.status, deps.clock));
  const where = and(...conditions);
  const page = keyset(
    [
      { column: users.createdAt, order: 'desc' },
      { column: users.id, order: 'desc' },
    ],
    query,
  );
  const [found, [counted]] = await Promise.all([
    deps.db
      .select({ user: users, cursorKey: page.key })
      .from(users)
      .where(and(where, page.where))
      .orderBy(...page.orderBy)
      .limit(page.limit)
      .offset(page.offset),
    deps.db.select({ total: count() }).from(users).where(where),
  ]);
  const { rows, next, previous } = page.finish(found);
  const shops = await shopIdsOf(
    deps.db,
    rows.map((row) => row.user.id),
  );
  return {
    records: rows.map((row) => toSubAccount(row.user, shops.get(row.user.id) ?? [], deps.clock)),
    total: counted?.total ?? 0,
    next,
    previous,
  };
}

export async function getSubAccount(deps: Deps, actor: Actor, id: string): Promise<SubAccount> {
  const row = await ownSubAccount(deps.db, actor, id);
  return toSubAccount(row, (await shopIdsOf(deps.db, [id])).get(id) ?? [], deps.clock);
}

/** Creates a sub-account by e-mail or mobile, with its shops and grants (all grantable menus by default). */
export async function createSubAccount(
  deps: Deps,
  actor: Actor,
  input: CreateSubAccountRequest,
): Promise<SubAccount> {
  const owner = await findUserById(deps, null, actor.ownerId);
  const id = await deps.db.transaction(async (tx) => {
    await assertOwnShops({ db: tx }, actor, input.shopIds);
    const row = await createAccount({ db: tx, clock: deps.clock }, null, {
      email: input.accountType === 'email' ? (input.email ?? null) : null,
      phone:
        input.accountType === 'phone'
          ? normaliseMobile(input.telCode ?? '', input.phone ?? '')
          : null,
      password: input.password,
      name: input.name,
      role: 'BUYER_SUB',
      site: owner.site as SiteCode,
      parentId: actor.ownerId,
    });
    await tx
      .update(users)
      .set({ validUntil: input.validUntil, grants: cleanGrants(input.grants ?? grantableMenus()) })
      .where(eq(users.id, row.id));
    if (input.shopIds.length > 0) {
      await tx
        .insert(userShops)
        .values([...new Set(input.shopIds)].map((shopId) => ({ userId: row.id, shopId })));
    }
    return row.id;
  });
  return getSubAccount(deps, actor, id);
}

export async function updateSubAccount(
  deps: Deps,
  actor: Actor,
  input: { id: string; name: string; validUntil: string | null },
): Promise<SubAccount> {
  await ownSubAccount(deps.db, actor, input.id);
  await deps.db
    .update(users)
    .set({ name: input.name, validUntil: input.validUntil, updatedAt: deps.clock.now() })
    .where(eq(users.id, input.id));
  return getSubAccount(deps, actor, input.id);
}

/** Enables or disables; disabling ends the sub-account's sessions at once. */
export async function setSubAccountStatus(
  deps: Deps,
  actor: Actor,
  input: { id: string; status: 'enabled' | 'forbidden' },
): Promise<SubAccount> {
  await ownSubAccount(deps.db, actor, input.id);
  await deps.db
    .update(users)
    .set({ status: input.status, updatedAt: deps.clock.now() })
    .where(eq(users.id, input.id));
  if (input.status === 'forbidden')
    await revokeSessionsOf(deps, null, { userId: input.id, reason: 'sub-account disabled' });
  return getSubAccount(deps, actor, input.id);
}

/** Sets a new password for a sub-account and ends its sessions. */
export async function resetSubAccountPassword(
  deps: Deps,
  actor: Actor,
  input: { id: string; password: string },
) {
  await ownSubAccount(deps.db, actor, input.id);
  await deps.db
    .update(users)
    .set({ passwordHash: await hashPassword(input.password), updatedAt: deps.clock.now() })
    .where(eq(users.id, input.id));
  await revokeSessionsOf(deps, null, {
    userId: input.id,
    reason: 'password reset by main account',
  });
}

/** Which shops a sub-account sees and acts on, and which menus and buttons it holds. */
export async function setSubAccountPermissions(
  deps: Deps,
  actor: Actor,
  input: { id: string; shopIds: string[]; grants: MenuGrant[] },
): Promise<SubAccount> {
  await deps.db.transaction(async (tx) => {
    await ownSubAccount(tx, actor, input.id);
    await assertOwnShops({ db: tx }, actor, input.shopIds);
    await tx.delete(userShops).where(eq(userShops.userId, input.id));
    if (input.shopIds.length > 0) {
      await tx
        .insert(userShops)
        .values([...new Set(input.shopIds)].map((shopId) => ({ userId: input.id, shopId })));
    }
    await tx
      .update(users)
      .set({ grants: cleanGrants(input.grants), updatedAt: deps.clock.now() })
      .where(eq(users.id, input.id));
  });
  return getSubAccount(deps, actor, input.id);
}

/** Deletes a sub-account; its sessions and shop grants go with it. */
export async function deleteSubAccount(deps: Deps, actor: Actor, id: string): Promise<void> {
  await ownSubAccount(deps.db, actor, id);
  await revokeSessionsOf(deps, null, { userId: id, reason: 'sub-account deleted' });
  await deps.db.delete(users).where(eq(users.id, id));
}
