import { Hono } from 'hono';
import type { AppDeps, AuthedEnv } from '../../context';
import { ok } from '../../lib/respond';
import { requireSession } from '../../middleware/session';
import { getUserInfo } from './users.service';

export function createUsersRoutes(deps: AppDeps) {
  return new Hono<AuthedEnv>().get('/api-user/user/userInfo', requireSession(deps), async (c) =>
    ok(c, await getUserInfo(deps.db, c.var.actor)),
  );
}
