import { randomBytes } from 'node:crypto';
import { readShortLinkTarget } from '@shared/contracts/short-links';
import { eq } from 'drizzle-orm';
import type { Actor, AppDeps } from '../../context';
import { shortLinks } from '../../db/schema/index';
import { AppError } from '../../lib/errors';

/** 12 random bytes: 16 base64url characters, 96 bits that nobody guesses. */
const ID_BYTES = 12;

/** How long the links the console and messages hand out stay open: 30 days. */
export const SHARED_LINK_TTL_SECONDS = 30 * 24 * 60 * 60;

export interface NewShortLink {
  /** A console path (starting with /cmp/ or /) or an https address on the allow-list. */
  target: string;
  /** The one account that may open it (a message's link); its links go when it goes. */
  userId?: string | null;
  /**
   * The main account whose accounts, it and its sub-accounts, may open it (a shared product);
   * its links go when it goes.
   */
  ownerId?: string | null;
  /** Lifetime; without it the link does not expire. */
  ttlSeconds?: number;
}

interface IssuedShortLink {
  id: string;
  target: string;
  expiresAt: string | null;
}

/**
 * Issues a short link to a console path or an allowed https address; anything else (another
 * site, `//host`, `javascript:`) is refused, so a short link is never an open redirect. A link
 * with `userId` or `ownerId` opens only for that account, or that main account's accounts.
 */
export async function issueShortLink(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  _actor: null,
  input: NewShortLink,
): Promise<IssuedShortLink> {
  const { db, clock } = deps;
  if (!readShortLinkTarget(input.target))
    throw new AppError('VALIDATION_FAILED', { params: { fields: 'target' } });
  if (input.ttlSeconds !== undefined && !(input.ttlSeconds > 0))
    throw new AppError('VALIDATION_FAILED', { params: { fields: 'ttlSeconds' } });
  const now = clock.now();
  const expiresAt =
    input.ttlSeconds === undefined ? null : new Date(now.getTime() + input.ttlSeconds * 1000);
  const id = randomBytes(ID_BYTES).toString('base64url');
  await db.insert(shortLinks).values({
    id,
    target: input.target,
    userId: input.userId ?? null,
    ownerId: input.ownerId ?? null,
    expiresAt,
    createdAt: now,
  });
  return { id, target: input.target, expiresAt: expiresAt?.toISOString() ?? null };
}

/** The address a short link is opened at: the console's page for it. */
export function shortLinkUrl(config: { publicUrl: string }, id: string): string {
  return `${config.publicUrl.replace(/\/+$/, '')}/cmp/shortUrlLinkRedirect/${id}`;
}

/**
 * The target of a live short link; unknown, expired (or no longer allowed) links are not found.
 * A link bound to an account asks whoever is not signed in to sign in (SHORT_LINK_SIGN_IN), and
 * tells another account that it is not theirs (SHORT_LINK_OTHER_ACCOUNT), without its target.
 */
export async function resolveShortLink(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  actor: Pick<Actor, 'userId' | 'ownerId'> | null,
  id: string,
): Promise<{ target: string }> {
  const { db, clock } = deps;
  const [row] = await db.select().from(shortLinks).where(eq(shortLinks.id, id)).limit(1);
  const live = row && (row.expiresAt === null || row.expiresAt.getTime() > clock.now().getTime());
  if (!row || !live || !readShortLinkTarget(row.target)) throw new AppError('SHORT_LINK_NOT_FOUND');
  if (row.userId !== null || row.ownerId !== null) {
    if (!actor) throw new AppError('SHORT_LINK_SIGN_IN');
    const mine =
      (row.userId === null || row.userId === actor.userId) &&
      (row.ownerId === null || row.ownerId === actor.ownerId);
    if (!mine) throw new AppError('SHORT_LINK_OTHER_ACCOUNT');
  }
  return { target: row.target };
}
