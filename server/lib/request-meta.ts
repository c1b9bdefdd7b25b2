import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { AppEnv } from '../context';

/** The socket's peer (app.request() in tests has none unless the test gives one). */
export function socketPeer(c: Context<AppEnv>): string | null {
  try {
    return getConnInfo(c).remote.address ?? null;
  } catch {
    return null;
  }
}

/**
 * The caller's address, which every limit keys on: the socket's peer, or behind trusted proxies
 * the client they forwarded (middleware/client-address.ts); null when unknown.
 */
export function remoteAddress(c: Context<AppEnv>): string | null {
  return c.get('clientAddress') ?? null;
}

/** What a new session records about who opened it. */
export function loginMeta(c: Context<AppEnv>, clientId: string) {
  return { clientId, ip: remoteAddress(c), userAgent: c.req.header('user-agent') ?? null };
}
