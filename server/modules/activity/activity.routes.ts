import { endpoints } from '@shared/contracts/endpoints';
import type { Context } from 'hono';
import type { AppDeps, AppEnv } from '../../context';
import { remoteAddress } from '../../lib/request-meta';
import { ok } from '../../lib/respond';
import { defineRoute } from '../../lib/route';
import { sessionOf } from '../../middleware/session';
import { saveActivity } from './activity.service';

/** The account behind the request's token when it is live; a missing or dead token is no failure here. */
async function optionalUserId(c: Context<AppEnv>, deps: AppDeps): Promise<string | null> {
  try {
    return (await sessionOf(c, deps)).userId;
  } catch {
    return null;
  }
}

export const activityRoutes = [
  defineRoute(endpoints.activity.save, async ({ c, deps, json }) => {
    const userId = await optionalUserId(c, deps);
    await saveActivity(deps, userId ? { userId } : null, {
      report: json,
      address: remoteAddress(c),
    });
    return ok(c, null);
  }),
];
