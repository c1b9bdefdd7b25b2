import { isValidMobile, normaliseMobile, TEL_CODES } from '@shared/contracts/accounts';
import type { SiteCode } from '@shared/contracts/site-codes';
import { eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { minutesUntil, take } from '../../lib/rate-limit';

/**
 * Accounts as records: finding one by e-mail, phone or id, creating one, and the lookups that
 * tell a caller whether an address has an account. Sign-in, registration, sub-accounts, WeChat
 * and the profile all stand on this module; it imports no other.
 *
 * Its services take no actor: they find or make the account before anyone is signed in (sign-in,
 * registration, the lookups of the sign-in page), or for another service that already checked
 * its own actor (a main account creating a sub-account).
 */

export type UserRow = typeof users.$inferSelect;

/** How an identifier is looked up: e-mails lower-cased; phones as every stored form they could be. */
export function normaliseIdentifier(
  username: string,
): { email: string } | { phone: string; candidates: string[] } {
  const value = username.trim();
  if (value.includes('@')) return { email: value.toLowerCase() };
  const phone = value.replace(/[\s\-()]/g, '');
  const candidates = new Set<string>([phone]);
  if (phone.startsWith('+')) {
    const telCode = TEL_CODES.find((t) => phone.startsWith(t.code));
    if (telCode) candidates.add(normaliseMobile(telCode.code, phone));
  } else {
    for (const { code } of TEL_CODES)
      if (isValidMobile(code, phone)) candidates.add(normaliseMobile(code, phone));
  }
  return { phone, candidates: [...candidates] };
}

export async function findUserByIdentifier(
  deps: Pick<AppDeps, 'db'>,
  _actor: null,
  username: string,
): Promise<UserRow | null> {
  const identifier = normaliseIdentifier(username);
  const condition =
    'email' in identifier
      ? eq(users.email, identifier.email)
      : inArray(users.phone, identifier.candidates);
  const [row] = await deps.db.select().from(users).where(condition).limit(1);
  return row ?? null;
}

export async function findUserById(
  deps: Pick<AppDeps, 'db'>,
  _actor: null,
  id: string,
): Promise<UserRow> {
  const [row] = await deps.db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw new AppError('TOKEN_INVALID');
  return row;
}

export interface NewAccount {
  email?: string | null;
  /** E.164 (+<code><number>); see normaliseMobile. */
  phone?: string | null;
  password: string;
  name: string;
  role: string;
  site: SiteCode;
  parentId?: string;
}

/**
 * Creates an account with its password hashed (Argon2id). Registration, sub-accounts and the demo
 * seed all come through here. An address already in use answers ACCOUNT_IN_USE.
 */
export async function createAccount(
  deps: { db: Pick<Database, 'insert'>; clock: AppDeps['clock'] },
  _actor: null,
  input: NewAccount,
): Promise<UserRow> {
  const now = deps.clock.now();
  const passwordHash = await hashPassword(input.password);
  const [row] = await deps.db
    .insert(users)
    .values({
      email: input.email?.trim().toLowerCase() || null,
      phone: input.phone || null,
      passwordHash,
      name: input.name,
      role: input.role,
      site: input.site,
      parentId: input.parentId ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new AppError('ACCOUNT_IN_USE');
  return row;
}

/** Lookups that tell whether an address has an account: 30 per caller address in 10 minutes. */
const LOOKUP_LIMIT = { max: 30, windowMs: 10 * 60 * 1000 };

/** Who looks up: the caller's address (null when unknown), which the limit counts by. */
interface Lookup {
  address: string | null;
}

/** Counts a lookup by the caller's address and refuses past the limit. */
export async function guardLookup(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  _actor: null,
  input: Lookup & { kind: string },
): Promise<void> {
  const key = `lookup:${input.kind}:${input.address ?? 'unknown'}`;
  const limit = await take(deps.db, deps.clock, { key, ...LOOKUP_LIMIT });
  if (!limit.counted)
    throw new AppError('RATE_LIMITED', { params: { minutes: minutesUntil(limit.retryAfterMs) } });
}

/** existMobile: whether an e-mail or mobile already has an account. */
export async function accountExists(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  _actor: null,
  input: Lookup & { identifier: string },
) {
  await guardLookup(deps, null, { kind: 'exists', address: input.address });
  return (await findUserByIdentifier(deps, null, input.identifier)) !== null;
}

/** getMobileByEmail: the account's mobile with its middle hidden ("+66 81***5678"), or null. */
export async function maskedMobileOf(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  _actor: null,
  input: Lookup & { email: string },
) {
  await guardLookup(deps, null, { kind: 'mobile', address: input.address });
  const phone = (await findUserByIdentifier(deps, null, input.email))?.phone;
  if (!phone) return null;
  return `${phone.slice(0, 5)}***${phone.slice(-4)}`;
}
