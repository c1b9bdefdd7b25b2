import { createHash, randomBytes } from 'node:crypto';
import type { SliderChallenge, SliderVerifyRequest } from '@shared/contracts/captcha';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import { captchaChallenges } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { makePuzzle, PIECE_SIZE, PUZZLE_HEIGHT, PUZZLE_WIDTH } from './puzzle';

const CHALLENGE_TTL_MS = 2 * 60 * 1000;
const TOKEN_TTL_MS = 5 * 60 * 1000;
/** How far from the gap a piece may land, in pixels. */
const TOLERANCE = 5;
/** A puzzle allows this many tries before it must be replaced. */
const MAX_TRIES = 3;

/** The slider stands before any account: its services take no actor. */
type Deps = Pick<AppDeps, 'db' | 'clock'>;
const hash = (value: string) => createHash('sha256').update(value).digest('hex');
const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;

/** A new slider puzzle; only the server knows where the gap is. */
export async function createChallenge(deps: Deps, _actor: null): Promise<SliderChallenge> {
  const puzzle = makePuzzle();
  const now = deps.clock.now();
  const [row] = await deps.db
    .insert(captchaChallenges)
    .values({
      targetX: puzzle.targetX,
      createdAt: now,
      expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
    })
    .returning({ id: captchaChallenges.id });
  if (!row) throw new AppError('OPERATION_FAILED');
  return {
    id: row.id,
    width: PUZZLE_WIDTH,
    height: PUZZLE_HEIGHT,
    pieceSize: PIECE_SIZE,
    pieceY: puzzle.pieceY,
    background: dataUrl(puzzle.background),
    piece: dataUrl(puzzle.piece),
    expiresInSeconds: CHALLENGE_TTL_MS / 1000,
  };
}

/**
 * Whether a drag looks like a hand moved it: it took a moment, passed through several points, moved
 * forward overall and ended where the piece was let go.
 */
function plausibleTrail(trail: SliderVerifyRequest['trail'], x: number): boolean {
  if (trail.length < 4) return false;
  const first = trail[0];
  const last = trail.at(-1);
  if (!first || !last) return false;
  const duration = last[0] - first[0];
  if (duration < 120 || duration > 60_000) return false;
  for (let i = 1; i < trail.length; i++) {
    if ((trail[i]?.[0] ?? 0) < (trail[i - 1]?.[0] ?? 0)) return false;
  }
  return Math.abs(last[1] - x) <= 2 && last[1] > first[1];
}

/** Checks where the piece was let go; a solved puzzle gives a single-use token. */
export async function verifyChallenge(deps: Deps, _actor: null, input: SliderVerifyRequest) {
  const now = deps.clock.now();
  const result = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(captchaChallenges)
      .where(eq(captchaChallenges.id, input.id))
      .limit(1)
      .for('update');
    if (
      !row ||
      row.solvedAt ||
      row.expiresAt.getTime() <= now.getTime() ||
      row.attempts >= MAX_TRIES
    )
      return null;
    const solved =
      Math.abs(input.x - row.targetX) <= TOLERANCE && plausibleTrail(input.trail, input.x);
    if (!solved) {
      await tx
        .update(captchaChallenges)
        .set({ attempts: row.attempts + 1 })
        .where(eq(captchaChallenges.id, row.id));
      return null;
    }
    const token = randomBytes(24).toString('base64url');
    await tx
      .update(captchaChallenges)
      .set({
        solvedAt: now,
        tokenHash: hash(token),
        tokenExpiresAt: new Date(now.getTime() + TOKEN_TTL_MS),
      })
      .where(eq(captchaChallenges.id, row.id));
    return token;
  });
  if (!result) throw new AppError('CAPTCHA_FAILED');
  return { captchaToken: result, expiresInSeconds: TOKEN_TTL_MS / 1000 };
}

/** Uses up a solved puzzle's token; without one (or with a spent one) the caller must solve again. */
export async function consumeCaptchaToken(
  deps: Deps,
  _actor: null,
  token: string | undefined,
): Promise<void> {
  if (!token) throw new AppError('CAPTCHA_REQUIRED');
  const now = deps.clock.now();
  const [row] = await deps.db
    .update(captchaChallenges)
    .set({ usedAt: now })
    .where(and(eq(captchaChallenges.tokenHash, hash(token)), isNull(captchaChallenges.usedAt)))
    .returning({ expiresAt: captchaChallenges.tokenExpiresAt });
  if (!row?.expiresAt || row.expiresAt.getTime() <= now.getTime())
    throw new AppError('CAPTCHA_REQUIRED');
}
