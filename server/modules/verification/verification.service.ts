import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { CodePurpose } from '@shared/contracts/accounts';
import type { Language } from '@shared/contracts/languages';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import { verificationCodes, verificationTickets } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { translator } from '../../lib/i18n';
import { giveBack, minutesUntil, take } from '../../lib/rate-limit';

/** Codes: valid 10 minutes, 5 wrong guesses, 5 sends an hour per address, a minute between sends. */
const CODE_TTL_MS = 10 * 60 * 1000;
const CODE_MAX_ATTEMPTS = 5;
const CODE_SENDS_PER_HOUR = 5;
const CODE_RESEND_MS = 60 * 1000;
const TICKET_TTL_MS = 10 * 60 * 1000;

/**
 * Codes and tickets prove an address before anyone is signed in (registration, reset, code
 * sign-in) or for an account's own address: their services take no actor, the address is the input.
 */
type Deps = Pick<AppDeps, 'db' | 'clock' | 'mailer' | 'config'>;

const digest = (...parts: string[]) =>
  createHash('sha256').update(parts.join('\u0000')).digest('hex');

/**
 * Sends a fresh 6-digit code (from the CSPRNG) to an address, in the request's language. Only the
 * newest code of an address and purpose works. `noAccount` sends a note saying the address has no
 * account instead, so the answer never tells a stranger whether an address is registered.
 */
export async function sendCode(
  deps: Deps,
  _actor: null,
  input: { email: string; purpose: CodePurpose; noAccount?: boolean; language: Language },
): Promise<{ resendAfterSeconds: number; expiresInSeconds: number }> {
  const t = translator(input.language);
  const email = input.email.toLowerCase();
  const sendKey = `code:send:${email}`;
  const hourly = await take(deps.db, deps.clock, {
    key: sendKey,
    max: CODE_SENDS_PER_HOUR,
    windowMs: 60 * 60 * 1000,
  });
  if (!hourly.counted)
    throw new AppError('CODE_SEND_LIMIT', {
      params: { minutes: minutesUntil(hourly.retryAfterMs) },
    });
  // The pause between two codes is per purpose: a registration code does not hold up a reset.
  const resendKey = `code:resend:${input.purpose}:${email}`;
  const recent = await take(deps.db, deps.clock, {
    key: resendKey,
    max: 1,
    windowMs: CODE_RESEND_MS,
  });
  if (!recent.counted) {
    // Too soon: this send did not happen, so it does not count toward the hour either.
    await giveBack(deps.db, sendKey, hourly.at);
    throw new AppError('CODE_RESEND_TOO_SOON', {
      params: { seconds: Math.ceil(recent.retryAfterMs / 1000) },
    });
  }

  const purpose = t.purpose(input.purpose);
  if (input.noAccount) {
    await deps.mailer.send({
      to: email,
      subject: t.mail('noAccountSubject'),
      text: t.mail('noAccountBody', {
        purpose,
        url: `${deps.config.publicUrl}/cmp/login?view=register`,
      }),
    });
  } else {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const now = deps.clock.now();
    await deps.db.transaction(async (tx) => {
      await tx
        .update(verificationCodes)
        .set({ consumedAt: now })
        .where(
          and(
            eq(verificationCodes.email, email),
            eq(verificationCodes.purpose, input.purpose),
            isNull(verificationCodes.consumedAt),
          ),
        );
      await tx.insert(verificationCodes).values({
        email,
        purpose: input.purpose,
        codeHash: digest(email, input.purpose, code),
        createdAt: now,
        expiresAt: new Date(now.getTime() + CODE_TTL_MS),
      });
    });
    await deps.mailer.send({
      to: email,
      subject: t.mail('codeSubject', { code }),
      text: t.mail('codeBody', { code, minutes: CODE_TTL_MS / 60_000, purpose }),
    });
  }
  return { resendAfterSeconds: CODE_RESEND_MS / 1000, expiresInSeconds: CODE_TTL_MS / 1000 };
}

/**
 * Uses up the newest code of an address and purpose. A wrong guess counts; the fifth wrong guess
 * ends the code. Runs under a row lock so a code can never be used twice.
 */
export async function consumeCode(
  deps: Pick<Deps, 'db' | 'clock'>,
  _actor: null,
  input: { email: string; purpose: CodePurpose; code: string },
) {
  const email = input.email.toLowerCase();
  const outcome = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(verificationCodes)
      .where(
        and(
          eq(verificationCodes.email, email),
          eq(verificationCodes.purpose, input.purpose),
          isNull(verificationCodes.consumedAt),
        ),
      )
      .orderBy(desc(verificationCodes.createdAt))
      .limit(1)
      .for('update');
    if (!row) return 'CODE_INVALID' as const;
    const now = deps.clock.now();
    if (row.expiresAt.getTime() <= now.getTime()) return 'CODE_EXPIRED' as const;
    if (row.attempts >= CODE_MAX_ATTEMPTS) return 'CODE_ATTEMPTS_EXCEEDED' as const;
    if (row.codeHash !== digest(email, input.purpose, input.code)) {
      const attempts = row.attempts + 1;
      await tx
        .update(verificationCodes)
        .set({ attempts, ...(attempts >= CODE_MAX_ATTEMPTS ? { consumedAt: now } : {}) })
        .where(eq(verificationCodes.id, row.id));
      return attempts >= CODE_MAX_ATTEMPTS
        ? ('CODE_ATTEMPTS_EXCEEDED' as const)
        : ('CODE_INVALID' as const);
    }
    await tx
      .update(verificationCodes)
      .set({ consumedAt: now })
      .where(eq(verificationCodes.id, row.id));
    return 'ok' as const;
  });
  if (outcome !== 'ok') throw new AppError(outcome);
}

/** A single-use ticket proving an address was verified for a purpose (the step after checkValidateCode). */
export async function issueTicket(
  deps: Pick<Deps, 'db' | 'clock'>,
  _actor: null,
  input: { email: string; purpose: CodePurpose },
) {
  const ticket = randomBytes(24).toString('base64url');
  const now = deps.clock.now();
  await deps.db.insert(verificationTickets).values({
    tokenHash: digest(ticket),
    purpose: input.purpose,
    email: input.email.toLowerCase(),
    createdAt: now,
    expiresAt: new Date(now.getTime() + TICKET_TTL_MS),
  });
  return { ticket, expiresInSeconds: TICKET_TTL_MS / 1000 };
}

/** Uses up a ticket for the address and purpose it was issued for, inside the caller's transaction. */
export async function consumeTicket(
  deps: { db: Pick<Deps['db'], 'update'>; clock: Deps['clock'] },
  _actor: null,
  input: { ticket: string; email: string; purpose: CodePurpose },
): Promise<void> {
  const now = deps.clock.now();
  const used = await deps.db
    .update(verificationTickets)
    .set({ usedAt: now })
    .where(
      and(
        eq(verificationTickets.tokenHash, digest(input.ticket)),
        eq(verificationTickets.email, input.email.toLowerCase()),
        eq(verificationTickets.purpose, input.purpose),
        isNull(verificationTickets.usedAt),
      ),
    )
    .returning({ expiresAt: verificationTickets.expiresAt });
  const [row] = used;
  if (!row || row.expiresAt.getTime() <= now.getTime()) throw new AppError('TICKET_INVALID');
}
