import { HEADERS, TOKEN_QUERY_PARAM } from '@shared/contracts/protocol';
import type { Context } from 'hono';
import type { Actor, AppDeps, AppEnv } from '../context';
import { AppError } from '../lib/errors';
import { authenticate } from '../modules/auth/auth.service';

/**
 * The bearer token of a request: the `access_token` header, else the `access_token` query
 * parameter (the address is parsed only when the header is missing).
 */
function readToken(c: Context<AppEnv>): string | null {
  const token = c.req.header(HEADERS.token)?.trim() || c.req.query(TOKEN_QUERY_PARAM)?.trim();
  return token ? token : null;
}

/** The signed-in actor of a request; without a live session, TOKEN_MISSING / INVALID / EXPIRED. */
export async function sessionOf(c: Context<AppEnv>, deps: AppDeps): Promise<Actor> {
  const token = readToken(c);
  if (!token) throw new AppError('TOKEN_MISSING');
  return authenticate(deps, null, token);
}

/** The signed-in actor when the request carries a live session's token; null otherwise. */
export async function optionalSessionOf(c: Context<AppEnv>, deps: AppDeps): Promise<Actor | null> {
  const token = readToken(c);
  if (!token) return null;
  try {
    return await authenticate(deps, null, token);
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}
