import type { LoginByPasswordRequest, LoginResult } from '@shared/contracts/auth';
import { splitRoles } from '@shared/contracts/users';
import { routerInfoListFor } from '@shared/permissions';
import { and, eq, isNull } from 'drizzle-orm';
import type { Actor, AppDeps } from '../../context';
import { sessions, users } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { verifyPassword } from '../../lib/passwords';
import { generateToken, hashToken } from '../../lib/tokens';
import { findUserByIdentifier } from '../users/users.service';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config'>;

export interface LoginMeta {
  clientId: string;
  ip: string | null;
  userAgent: string | null;
}

/** Refresh last_seen_at at most this often, so a busy session does not write on every request. */
const TOUCH_INTERVAL_MS = 60_000;

/**
 * Signs in with e-mail or phone and password. An unknown account and a wrong password give the
 * same error after the same work (a decoy hash is verified for unknown accounts).
 */
export async function loginByPassword(
  deps: Deps,
  input: LoginByPasswordRequest,
  meta: LoginMeta,
): Promise<LoginResult> {
  const user = await findUserByIdentifier(deps.db, input.username);
  const valid = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !valid) throw new AppError('BAD_CREDENTIALS');
  if (user.status !== 'enabled') throw new AppError('ACCOUNT_DISABLED');

  const token = generateToken();
  const now = deps.clock.now();
  const { idleSeconds, absoluteSeconds } = deps.config.session;
  await deps.db.insert(sessions).values({
    userId: user.id,
    tokenHash: hashToken(token),
    clientId: meta.clientId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + absoluteSeconds * 1000),
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 512) ?? null,
  });
  return {
    access_token: token,
    expires_in: Math.min(idleSeconds, absoluteSeconds),
    routerInfoList: routerInfoListFor(splitRoles(user.role)),
  };
}

/** Resolves a bearer token to its actor, or fails with TOKEN_INVALID / TOKEN_EXPIRED. */
export async function authenticate(deps: Deps, token: string): Promise<Actor> {
  const [row] = await deps.db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, hashToken(token)))
    .limit(1);
  if (!row || row.session.revokedAt !== null || row.user.status !== 'enabled') {
    throw new AppError('TOKEN_INVALID');
  }
  const { session, user } = row;
  const now = deps.clock.now().getTime();
  const idleDeadline = session.lastSeenAt.getTime() + deps.config.session.idleSeconds * 1000;
  if (now >= session.expiresAt.getTime() || now >= idleDeadline)
    throw new AppError('TOKEN_EXPIRED');
  if (now - session.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
    await deps.db
      .update(sessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(sessions.id, session.id));
  }
  return {
    userId: user.id,
    sessionId: session.id,
    roles: splitRoles(user.role),
    parentId: user.parentId,
  };
}

/** Ends a session for good: its token never works again. */
export async function revokeSession(deps: Deps, sessionId: string, reason: string): Promise<void> {
  await deps.db
    .update(sessions)
    .set({ revokedAt: deps.clock.now(), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}
