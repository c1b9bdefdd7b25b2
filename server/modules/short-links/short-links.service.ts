import { randomBytes } from 'node:crypto';
import { readShortLinkTarget } from '@shared/contracts/short-links';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import { shortLinks } from '../../db/schema/index';
import { AppError } from '../../lib/errors';

/** 12 random bytes: 16 base64url characters, 96 bits that nobody guesses. */
const ID_BYTES = 12;

export interface NewShortLink {
  /** A console path (starting with /cmp/ or /) or an https address on the allow-list. */
  target: string;
  /** The account the link was made for, if any (its links go when it goes). */
  userId?: string | null;
  /** Lifetime; without it the link does not expire. */
  ttlSeconds?: number;
}

/**
 * Issues a short link to a console path or an allowed https address; anything else (another
 * site, `//host`, `javascript:`) is refused, so a short link is never an open redirect.
 */
export async function issueShortLink(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  _actor: null,
  input: NewShortLink,
): Promise<{ id: string; target: string; expiresAt: string | null }> {
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
    expiresAt,
    createdAt: now,
  });
  return { id, target: input.target, expiresAt: expiresAt?.toISOString() ?? null };
}

/** The target of a live short link; unknown, expired (or no longer allowed) links are not found. */
export async function resolveShortLink(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  _actor: null,
  id: string,
): Promise<{ target: string }> {
  const { db, clock } = deps;
  const [row] = await db.select().from(shortLinks).where(eq(shortLinks.id, id)).limit(1);
  const live = row && (row.expiresAt === null || row.expiresAt.getTime() > clock.now().getTime());
  if (!row || !live || !readShortLinkTarget(row.target)) throw new AppError('SHORT_LINK_NOT_FOUND');
  return { target: row.target };
}
