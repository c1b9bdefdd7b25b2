import type { LoginByCodeRequest } from '@shared/contracts/accounts';
import type { LoginByPasswordRequest, LoginResult } from '@shared/contracts/auth';
import { dayIn, isSiteCode, SITE_TIME_ZONES } from '@shared/contracts/site-codes';
import { splitRoles } from '@shared/contracts/users';
import { allows, routerInfoListFor } from '@shared/permissions';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Actor, AppDeps } from '../../context';
import { sessions, userShops, users } from '../../db/schema/index';
import { type Clock, sleep } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { verifyPassword } from '../../lib/passwords';
import { clearHits, giveBack, hit, minutesUntil, take } from '../../lib/rate-limit';
import { generateToken, hashToken } from '../../lib/tokens';
import {
  findUserByIdentifier,
  normaliseIdentifier,
  type UserRow,
} from '../accounts/accounts.service';
import { consumeCaptchaToken } from '../captcha/captcha.service';
import { consumeCode } from '../verification/verification.service';
import { type CachedSession, sessionCacheOf } from './session-cache';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config'>;

export interface LoginMeta {
  clientId: string;
  ip: string | null;
  userAgent: string | null;
}

/**
 * Failed sign-ins, per account (e-mail or phone as typed, known or not) and per caller address,
 * each in a sliding 15 minutes. An account past its share is not locked: each further try needs a
 * solved slider, and its failures answer later and later, so its owner still gets in while a
 * guesser is slowed to a crawl. An address past its share (one real client flooding) is refused.
 */
const ACCOUNT_FAILURES = { max: 5, windowMs: 15 * 60 * 1000 };
const ADDRESS_FAILURES = { max: 30, windowMs: 15 * 60 * 1000 };

/** How long a failed sign-in waits before it answers, by the account's failures in the window. */
export function failureDelayMs(failures: number): number {
  return failures < 3 ? 0 : Math.min(8000, 500 * 2 ** (failures - 3));
}

/** Refresh last_seen_at at most this often, so a busy session does not write on every request. */
const TOUCH_INTERVAL_MS = 60_000;

const accountKey = (identifier: string) => `login:account:${identifier}`;
const ipKey = (ip: string | null) => `login:ip:${ip ?? 'unknown'}`;

/**
 * Counts a sign-in try toward its address before the check (one statement, so parallel tries
 * cannot all slip under the limit), refusing past the limit. Returns what a success gives back.
 */
async function takeAddressTry(deps: Deps, ip: string | null) {
  const key = ipKey(ip);
  const taken = await take(deps.db, deps.clock, { key, ...ADDRESS_FAILURES });
  if (!taken.counted)
    throw new AppError('RATE_LIMITED', { params: { minutes: minutesUntil(taken.retryAfterMs) } });
  return () => giveBack(deps.db, key, taken.at);
}

/** A sub-account's validity date has passed in its main account's site time zone. */
export function isExpired(validUntil: string | null, site: string, clock: Clock): boolean {
  if (!validUntil) return false;
  const zone = isSiteCode(site) ? SITE_TIME_ZONES[site] : 'UTC';
  return dayIn(zone, clock.now()) > validUntil;
}

/** Refuses an account that may not sign in (disabled, or past its validity date). */
function assertMaySignIn(user: UserRow, clock: Clock): void {
  if (user.status === 'forbidden') throw new AppError('ACCOUNT_DISABLED');
  if (user.status === 'expired' || isExpired(user.validUntil, user.site, clock))
    throw new AppError('ACCOUNT_EXPIRED');
}

/** The menus of an account: by role, and for a sub-account narrowed to its grants. */
function routesOf(user: Pick<UserRow, 'role' | 'parentId' | 'grants'>) {
  return routerInfoListFor(splitRoles(user.role), user.parentId ? (user.grants ?? []) : null);
}

/** Opens a session for an account that proved who it is. */
export async function startSession(
  deps: Deps,
  _actor: null,
  input: { user: UserRow; meta: LoginMeta },
): Promise<LoginResult> {
  const { user, meta } = input;
  assertMaySignIn(user, deps.clock);
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
  await deps.db.update(users).set({ lastLoginAt: now }).where(eq(users.id, user.id));
  return {
    access_token: token,
    expires_in: Math.min(idleSeconds, absoluteSeconds),
    routerInfoList: routesOf(user),
  };
}

/**
 * Signs in with e-mail or phone and password. An unknown account and a wrong password give the
 * same error after the same work. Each try is counted toward the address's and the account's
 * limits before the password is checked, so parallel tries get no more checks than the limits
 * allow; a success gives its try back and clears the account's failures. Past the account's
 * share a try needs a solved slider (LOGIN_CAPTCHA_REQUIRED without one, before any check) and a
 * failure answers after a growing delay, on a timer.
 */
export async function loginByPassword(
  deps: Deps,
  _actor: null,
  input: LoginByPasswordRequest & { meta: LoginMeta },
): Promise<LoginResult> {
  const { meta } = input;
  const identifier = normaliseIdentifier(input.username);
  const account = accountKey('email' in identifier ? identifier.email : identifier.phone);
  const giveAddressBack = await takeAddressTry(deps, meta.ip);
  let failures: number;
  const share = await take(deps.db, deps.clock, { key: account, ...ACCOUNT_FAILURES });
  if (share.counted) {
    failures = share.count;
  } else {
    try {
      await consumeCaptchaToken(deps, null, input.captchaToken);
    } catch {
      // No password was checked: the try does not count toward the address.
      await giveAddressBack();
      throw new AppError('LOGIN_CAPTCHA_REQUIRED');
    }
    failures = await hit(deps.db, deps.clock, { key: account, ...ACCOUNT_FAILURES });
  }
  const user = await findUserByIdentifier(deps, null, input.username);
  const valid = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !valid) {
    await sleep(deps.clock, failureDelayMs(failures));
    throw new AppError('BAD_CREDENTIALS');
  }
  await clearHits(deps.db, account);
  await giveAddressBack();
  return startSession(deps, null, { user, meta });
}

/** Signs in with an e-mail code (purpose `login`); wrong codes count toward the address's limit. */
export async function loginByCode(
  deps: Deps,
  _actor: null,
  input: LoginByCodeRequest & { meta: LoginMeta },
): Promise<LoginResult> {
  const giveAddressBack = await takeAddressTry(deps, input.meta.ip);
  await consumeCode(deps, null, { email: input.email, purpose: 'login', code: input.code });
  await giveAddressBack();
  const user = await findUserByIdentifier(deps, null, input.email);
  if (!user) throw new AppError('CODE_INVALID');
  return startSession(deps, null, { user, meta: input.meta });
}

/**
 * Resolves a bearer token to its actor, or fails with TOKEN_INVALID / TOKEN_EXPIRED. No actor
 * yet: this is what makes one.
 */
export async function authenticate(deps: Deps, _actor: null, token: string): Promise<Actor> {
  const tokenHash = hashToken(token);
  const cache = sessionCacheOf(deps.db);
  const cached = cache?.get(tokenHash);
  if (cached) {
    try {
      return await checkSession(deps, cached);
    } catch (error) {
      cache?.drop(tokenHash);
      throw error;
    }
  }
  const generation = cache?.generation ?? 0;
  const [row] = await deps.db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, tokenHash))
    .limit(1);
  if (!row || row.session.revokedAt !== null || row.user.status === 'forbidden')
    throw new AppError('TOKEN_INVALID');
  const { session, user } = row;
  const shopIds = user.parentId
    ? (
        await deps.db
          .select({ shopId: userShops.shopId })
          .from(userShops)
          .where(eq(userShops.userId, user.id))
      ).map((grant) => grant.shopId)
    : null;
  const read: CachedSession = {
    actor: {
      userId: user.id,
      sessionId: session.id,
      roles: splitRoles(user.role),
      parentId: user.parentId,
      ownerId: user.parentId ?? user.id,
      isMain: user.parentId === null,
      routes: routesOf(user),
      shopIds,
    },
    expiresAt: session.expiresAt.getTime(),
    lastSeenAt: session.lastSeenAt.getTime(),
    validUntil: user.validUntil,
    site: user.site,
  };
  const actor = await checkSession(deps, read);
  cache?.set(tokenHash, read, generation);
  return actor;
}

/**
 * A live session's actor, or TOKEN_EXPIRED past its absolute or idle end or the account's validity
 * date; notes the use at most once a minute (`read` keeps the time noted).
 */
async function checkSession(deps: Deps, read: CachedSession): Promise<Actor> {
  const now = deps.clock.now().getTime();
  const idleDeadline = read.lastSeenAt + deps.config.session.idleSeconds * 1000;
  if (
    now >= read.expiresAt ||
    now >= idleDeadline ||
    isExpired(read.validUntil, read.site, deps.clock)
  )
    throw new AppError('TOKEN_EXPIRED');
  if (now - read.lastSeenAt >= TOUCH_INTERVAL_MS) {
    read.lastSeenAt = now;
    await deps.db
      .update(sessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(sessions.id, read.actor.sessionId));
  }
  return { ...read.actor };
}

/** Whether the actor holds a menu (and a button there). */
export function actorAllows(actor: Actor, permission: { menu: string; button?: string }): boolean {
  return allows(actor.routes, permission.menu, permission.button);
}

/** Ends the actor's session for good (signing out): its token never works again. */
export async function revokeSession(
  deps: Pick<Deps, 'db' | 'clock'>,
  actor: Pick<Actor, 'sessionId'>,
  reason: string,
): Promise<void> {
  await deps.db
    .update(sessions)
    .set({ revokedAt: deps.clock.now(), revokedReason: reason })
    .where(and(eq(sessions.id, actor.sessionId), isNull(sessions.revokedAt)));
}

/**
 * Ends every session of an account, but the one named (the one that changed the password). No
 * actor: a password reset has none, and a main account ending a sub-account's sessions was
 * checked by the service that calls this.
 */
export async function revokeSessionsOf(
  deps: Pick<Deps, 'db' | 'clock'>,
  _actor: null,
  input: { userId: string; reason: string; exceptSessionId?: string | undefined },
): Promise<void> {
  await deps.db
    .update(sessions)
    .set({ revokedAt: deps.clock.now(), revokedReason: input.reason })
    .where(
      and(
        eq(sessions.userId, input.userId),
        isNull(sessions.revokedAt),
        input.exceptSessionId ? ne(sessions.id, input.exceptSessionId) : undefined,
      ),
    );
}
