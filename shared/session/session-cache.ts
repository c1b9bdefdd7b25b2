import * as z from 'zod/mini';
import { RouterInfoSchema } from '../contracts/auth';
import type { SessionSnapshot } from '../contracts/session';
import { UserInfoSchema } from '../contracts/users';
import { SIGNED_OUT } from './snapshot';

const CacheSchema = z.object({
  updatedAt: z.int().check(z.nonnegative()),
  routes: z.nullable(z.array(RouterInfoSchema)),
  user: z.nullable(UserInfoSchema),
  onboarded: z._default(z.boolean(), false),
});

/** The console's cached session, checked against the contract; auto-login needs the token and the cached routes. */
export function parseSessionCache(raw: string, token: string | null): SessionSnapshot {
  let cache: z.infer<typeof CacheSchema>;
  try {
    const parsed = CacheSchema.safeParse(JSON.parse(raw));
    if (!parsed.success) return SIGNED_OUT;
    cache = parsed.data;
  } catch {
    return SIGNED_OUT;
  }
  if (token && cache.routes && cache.user) {
    return {
      session: { token, routes: cache.routes, user: cache.user, onboarded: cache.onboarded },
      updatedAt: cache.updatedAt,
    };
  }
  return { session: null, updatedAt: cache.updatedAt };
}
