import type { RegisterRequest, ResetPasswordRequest } from '@shared/contracts/accounts';
import type { LoginResult } from '@shared/contracts/auth';
import { DEFAULT_SITE } from '@shared/contracts/site-codes';
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppDeps, AppEnv } from '../../context';
import { users } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { checkLimit, hit, minutesUntil } from '../../lib/rate-limit';
import { remoteAddress } from '../../lib/request-meta';
import { type LoginMeta, revokeSessionsOf, startSession } from '../auth/auth.service';
import { createAccount, findUserByIdentifier } from '../users/users.service';
import { consumeTicket } from '../verification/verification.service';

/** Lookups that tell whether an address has an account: 30 per caller address in 10 minutes. */
const LOOKUP_LIMIT = { max: 30, windowMs: 10 * 60 * 1000 };

/** Counts a lookup by the caller's address and refuses past the limit. */
export async function guardLookup(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  c: Context<AppEnv>,
  kind: string,
): Promise<void> {
  const key = `lookup:${kind}:${remoteAddress(c) ?? 'unknown'}`;
  const limit = await checkLimit(deps.db, deps.clock, { key, ...LOOKUP_LIMIT });
  if (limit.reached)
    throw new AppError('RATE_LIMITED', { params: { minutes: minutesUntil(limit.retryAfterMs) } });
  await hit(deps.db, deps.clock, key);
}

/** existMobile: whether an e-mail or mobile already has an account. */
export async function accountExists(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  c: Context<AppEnv>,
  identifier: string,
) {
  await guardLookup(deps, c, 'exists');
  return (await findUserByIdentifier(deps.db, identifier)) !== null;
}

/** getMobileByEmail: the account's mobile with its middle hidden ("+66 81***5678"), or null. */
export async function maskedMobileOf(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  c: Context<AppEnv>,
  email: string,
) {
  await guardLookup(deps, c, 'mobile');
  const phone = (await findUserByIdentifier(deps.db, email))?.phone;
  if (!phone) return null;
  return `${phone.slice(0, 5)}***${phone.slice(-4)}`;
}

/**
 * Creates a main account from a verified address (its ticket), then signs it in. The new account
 * still has to onboard (main site and business type) before it enters the console.
 */
export async function register(
  deps: AppDeps,
  input: RegisterRequest,
  meta: LoginMeta,
): Promise<LoginResult> {
  if (await findUserByIdentifier(deps.db, input.email))
    throw new AppError('ACCOUNT_ALREADY_REGISTERED');
  const user = await deps.db.transaction(async (tx) => {
    await consumeTicket(tx, deps.clock, {
      ticket: input.ticket,
      email: input.email,
      purpose: 'register',
    });
    const name = input.email.split('@')[0] ?? input.email;
    return createAccount(tx, deps.clock, {
      email: input.email,
      password: input.password,
      name,
      role: 'BUYER',
      site: DEFAULT_SITE,
    });
  });
  return startSession(deps, user, meta);
}

/** Sets a new password from a verified address (its ticket) and ends every session of the account. */
export async function resetPassword(deps: AppDeps, input: ResetPasswordRequest): Promise<void> {
  const user = await findUserByIdentifier(deps.db, input.email);
  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction(async (tx) => {
    await consumeTicket(tx, deps.clock, {
      ticket: input.ticket,
      email: input.email,
      purpose: 'reset',
    });
    if (!user) throw new AppError('TICKET_INVALID');
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: deps.clock.now() })
      .where(eq(users.id, user.id));
  });
  if (user) await revokeSessionsOf(deps, user.id, 'password reset');
}
