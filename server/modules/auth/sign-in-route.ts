import { LoginResultSchema } from '@shared/contracts/auth';
import type * as z from 'zod/mini';
import type { AppDeps } from '../../context';
import type { ApiMessageKey } from '../../lib/i18n';
import { loginMeta } from '../../lib/request-meta';
import { ok } from '../../lib/respond';
import { defineRoute } from '../../lib/route';
import type { LoginMeta } from './auth.service';

/**
 * A route that opens a session for a registered client (password, code, registration, third
 * party): the body checked with its contract, the session recorded with who opened it, and the
 * login answer (token and routerInfoList) sent with its message.
 */
export function signInRoute<J extends z.ZodMiniType>(
  path: string,
  json: J,
  start: (deps: AppDeps, actor: null, input: z.output<J> & { meta: LoginMeta }) => Promise<unknown>,
  message: ApiMessageKey = 'loginSuccess',
) {
  return defineRoute(
    { method: 'POST', path, access: 'client', json, response: LoginResultSchema },
    async ({ c, deps, json: input, clientId }) =>
      ok(
        c,
        await start(deps, null, {
          ...(input as object),
          meta: loginMeta(c, clientId),
        } as z.output<J> & { meta: LoginMeta }),
        message,
      ),
  );
}
