import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context';
import { clientAddress, type ProxyTrust } from '../lib/client-address';
import { socketPeer } from '../lib/request-meta';

/**
 * Finds who is calling once per request (the socket's peer, or behind our trusted proxies the
 * address they forwarded) for the limits and the sessions to key on.
 */
export const clientAddressOf = (trust: ProxyTrust) =>
  createMiddleware<AppEnv>(async (c, next) => {
    c.set('clientAddress', clientAddress(socketPeer(c), c.req.header('x-forwarded-for'), trust));
    await next();
  });
