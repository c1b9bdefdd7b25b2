import type { Endpoint } from '@shared/contracts/define-endpoint';
import type { Context } from 'hono';
import type * as z from 'zod/mini';
import type { AppDeps, AppEnv } from '../../context';
import type { ApiMessageKey } from '../../lib/i18n';
import { loginMeta } from '../../lib/request-meta';
import { ok } from '../../lib/respond';
import { defineRoute } from '../../lib/route';
import type { LoginMeta } from './auth.service';

/** A declared call that opens a session for a registered client with a JSON body. */
type SignInEndpoint = Endpoint & { access: 'client'; json: z.ZodMiniType };

/**
 * A route that opens a session for a registered client (password, code, registration, third
 * party): the body checked with its contract, the session recorded with who opened it, and the
 * login answer (token and routerInfoList) sent with its message.
 */
export function signInRoute<const E extends SignInEndpoint>(
  endpoint: E,
  start: (
    deps: AppDeps,
    actor: null,
    input: z.output<E['json']> & { meta: LoginMeta },
    /** The request, for what a sign-in reads beyond its body (a third party's browser cookie). */
    c: Context<AppEnv>,
  ) => Promise<unknown>,
  message: ApiMessageKey = 'loginSuccess',
) {
  return defineRoute(endpoint, async ({ c, deps, json: input, clientId }) =>
    ok(
      c,
      await start(
        deps,
        null,
        {
          ...(input as object),
          meta: loginMeta(c, clientId as string),
        } as z.output<E['json']> & { meta: LoginMeta },
        c,
      ),
      message,
    ),
  );
}
