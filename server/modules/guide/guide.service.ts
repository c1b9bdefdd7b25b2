import type { GuideOutcome, GuideRecordRequest, GuideStatus } from '@shared/contracts/guide';
import { eq } from 'drizzle-orm';
import type { Actor, AppDeps } from '../../context';
import { guideProgress } from '../../db/schema/index';

/** How each guided tour ended for the signed-in account (each account has its own, sub-accounts too). */
export async function guideStatus(deps: Pick<AppDeps, 'db'>, actor: Actor): Promise<GuideStatus> {
  const { db } = deps;
  const rows = await db
    .select({ guide: guideProgress.guide, outcome: guideProgress.outcome })
    .from(guideProgress)
    .where(eq(guideProgress.userId, actor.userId));
  const outcome = (guide: string) =>
    (rows.find((row) => row.guide === guide)?.outcome ?? null) as GuideOutcome | null;
  return { main: outcome('main'), dashboard: outcome('dashboard') };
}

/** Records that a tour was finished or skipped; userInfo's flags then keep it from showing again. */
export async function recordGuide(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  actor: Actor,
  input: GuideRecordRequest,
): Promise<GuideStatus> {
  const { db, clock } = deps;
  const at = clock.now();
  await db
    .insert(guideProgress)
    .values({ userId: actor.userId, guide: input.guide, outcome: input.outcome, at })
    .onConflictDoUpdate({
      target: [guideProgress.userId, guideProgress.guide],
      set: { outcome: input.outcome, at },
    });
  return guideStatus(deps, actor);
}
