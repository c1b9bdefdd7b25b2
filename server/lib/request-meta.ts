import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { AppEnv } from '../context';

/** The caller's address: the socket's peer (app.request() in tests has none). */
export function remoteAddress(c: Context<AppEnv>): string | null {
  try {
    return getConnInfo(c).remote.address ?? null;
  } catch {
    return null;
  }
}

/** What a new session records about who opened it. */
export function loginMeta(c: Context<AppEnv>, clientId: string) {
  return { clientId, ip: remoteAddress(c), userAgent: c.req.header('user-agent') ?? null };
}
