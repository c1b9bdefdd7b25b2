import type { RegisterRequest, ResetPasswordRequest } from '@shared/contracts/accounts';
import type { LoginResult } from '@shared/contracts/auth';
import { DEFAULT_SITE } from '@shared/contracts/site-codes';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import { users } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { createAccount, findUserByIdentifier } from '../accounts/accounts.service';
import { type LoginMeta, revokeSessionsOf, startSession } from '../auth/auth.service';
import { consumeTicket } from '../verification/verification.service';

/**
 * Creates a main account from a verified address (its ticket), then signs it in. The new account
 * still has to onboard (main site and business type) before it enters the console.
 */
export async function register(
  deps: AppDeps,
  _actor: null,
  input: RegisterRequest & { meta: LoginMeta },
): Promise<LoginResult> {
  const user = await deps.db.transaction(async (tx) => {
    // The ticket first: only someone who proved the address learns whether it has an account.
    await consumeTicket({ db: tx, clock: deps.clock }, null, {
      ticket: input.ticket,
      email: input.email,
      purpose: 'register',
    });
    if (await findUserByIdentifier({ db: tx }, null, input.email))
      throw new AppError('ACCOUNT_ALREADY_REGISTERED');
    const name = input.email.split('@')[0] ?? input.email;
    return createAccount({ db: tx, clock: deps.clock }, null, {
      email: input.email,
      password: input.password,
      name,
      role: 'BUYER',
      site: DEFAULT_SITE,
    });
  });
  return startSession(deps, null, { user, meta: input.meta });
}

/** Sets a new password from a verified address (its ticket) and ends every session of the account. */
export async function resetPassword(
  deps: AppDeps,
  _actor: null,
  input: ResetPasswordRequest,
): Promise<void> {
  const user = await findUserByIdentifier(deps, null, input.email);
  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction(async (tx) => {
    await consumeTicket({ db: tx, clock: deps.clock }, null, {
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
  if (user) await revokeSessionsOf(deps, null, { userId: user.id, reason: 'password reset' });
}
