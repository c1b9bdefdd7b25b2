import { CURRENCY_SYMBOLS, type Currency } from '@shared/contracts/money';
import type { SiteCode } from '@shared/contracts/site-codes';
import type { UserInfo } from '@shared/contracts/users';
import { eq } from 'drizzle-orm';
import type { Actor } from '../../context';
import type { Database } from '../../db/client';
import { sites, users } from '../../db/schema/index';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';

export type UserRow = typeof users.$inferSelect;

/** How an identifier is stored: e-mails lower-cased, phones without spaces, dashes or brackets. */
function normaliseIdentifier(username: string): { email: string } | { phone: string } {
  const value = username.trim();
  if (value.includes('@')) return { email: value.toLowerCase() };
  return { phone: value.replace(/[\s\-()]/g, '') };
}

export async function findUserByIdentifier(
  db: Database,
  username: string,
): Promise<UserRow | null> {
  const identifier = normaliseIdentifier(username);
  const condition =
    'email' in identifier ? eq(users.email, identifier.email) : eq(users.phone, identifier.phone);
  const [row] = await db.select().from(users).where(condition).limit(1);
  return row ?? null;
}

export interface NewAccount {
  email?: string;
  phone?: string;
  password: string;
  name: string;
  role: string;
  site: SiteCode;
  parentId?: string;
}

/** Creates an account with its password hashed (Argon2id). Registration, sub-accounts and the demo seed all come through here. */
export async function createAccount(
  db: Database,
  clock: Clock,
  input: NewAccount,
): Promise<UserRow> {
  const now = clock.now();
  const [row] = await db
    .insert(users)
    .values({
      email: input.email?.trim().toLowerCase() ?? null,
      phone: input.phone ? input.phone.replace(/[\s\-()]/g, '') : null,
      passwordHash: await hashPassword(input.password),
      name: input.name,
      role: input.role,
      site: input.site,
      parentId: input.parentId ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new AppError('OPERATION_FAILED');
  return row;
}

/** userInfo of spec section 3 for the signed-in account. */
export async function getUserInfo(db: Database, actor: Actor): Promise<UserInfo> {
  const [row] = await db
    .select({ user: users, currency: sites.currency })
    .from(users)
    .leftJoin(sites, eq(sites.code, users.site))
    .where(eq(users.id, actor.userId))
    .limit(1);
  if (!row) throw new AppError('TOKEN_INVALID');
  const { user } = row;
  const currency = (row.currency ?? 'CNY') as Currency;
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
    // Onboarding and warehouses arrive with their own features; until then nobody has either.
    isAll: false,
    isWarehouse: false,
    site: user.site as SiteCode,
    currency,
    currencySymbol: CURRENCY_SYMBOLS[currency],
    // The wallet arrives with its own feature; until then every balance is zero.
    balance: 0,
    freezeBalance: 0,
  };
}
