import { getConnInfo } from '@hono/node-server/conninfo';
import { LoginByPasswordRequestSchema } from '@shared/contracts/auth';
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../context';
import { ok } from '../../lib/respond';
import { validate } from '../../lib/validate';
import { requireClient } from '../../middleware/client-auth';
import { requireSession } from '../../middleware/session';
import { loginByPassword, revokeSession } from './auth.service';

function remoteAddress(c: Parameters<typeof getConnInfo>[0]): string | null {
  try {
    return getConnInfo(c).remote.address ?? null;
  } catch {
    // app.request() in tests has no socket.
    return null;
  }
}

export function createAuthRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .post(
      '/api-uaa/oauth/loginByPassword',
      requireClient(deps),
      validate('json', LoginByPasswordRequestSchema),
      async (c) => {
        const result = await loginByPassword(deps, c.req.valid('json'), {
          clientId: c.var.clientId,
          ip: remoteAddress(c),
          userAgent: c.req.header('user-agent') ?? null,
        });
        return ok(c, result, 'loginSuccess');
      },
    )
    .post('/api-uaa/oauth/remove/token', requireSession(deps), async (c) => {
      await revokeSession(deps, c.var.actor.sessionId, 'logout');
      return ok(c, null, 'logoutSuccess');
    });
}
