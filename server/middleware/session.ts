import { HEADERS, TOKEN_QUERY_PARAM } from '@shared/contracts/protocol';
import { createMiddleware } from 'hono/factory';
import type { AppDeps, AuthedEnv } from '../context';
import { AppError } from '../lib/errors';
import { authenticate } from '../modules/auth/auth.service';

/** The bearer token of a request: the `access_token` header, else the `access_token` query parameter. */
function readToken(header: string | undefined, query: string | undefined): string | null {
  const token = header?.trim() || query?.trim();
  return token ? token : null;
}

/** Requires a live session and puts its actor on the context. */
export function requireSession(deps: AppDeps) {
  return createMiddleware<AuthedEnv>(async (c, next) => {
    const token = readToken(c.req.header(HEADERS.token), c.req.query(TOKEN_QUERY_PARAM));
    if (!token) throw new AppError('TOKEN_MISSING');
    c.set('actor', await authenticate(deps, token));
    await next();
  });
}
