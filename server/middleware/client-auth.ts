import { timingSafeEqual } from 'node:crypto';
import { HEADERS } from '@shared/contracts/protocol';
import type { Context } from 'hono';
import type { AppDeps, AppEnv } from '../context';
import { AppError } from '../lib/errors';

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Parses `Basic base64(id:secret)`; null when absent or malformed. */
function parseBasicAuth(header: string | undefined): { id: string; secret: string } | null {
  const match = header?.match(/^Basic\s+([A-Za-z0-9+/=]+)$/i);
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return null;
  return { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

/** Basic client auth (spec section 7) on the calls that issue tokens: only registered clients get one. */
export function clientOf(c: Context<AppEnv>, deps: Pick<AppDeps, 'config'>): string {
  const client = parseBasicAuth(c.req.header(HEADERS.authorization));
  const expected = client ? deps.config.clients[client.id] : undefined;
  if (!client || expected === undefined || !sameSecret(client.secret, expected))
    throw new AppError('CLIENT_UNAUTHORIZED');
  return client.id;
}
