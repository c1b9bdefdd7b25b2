import * as z from 'zod/mini';
import { RouterInfoSchema } from './auth';
import { UserInfoSchema } from './users';

/**
 * What a signed-in client holds: the token, the menu the server granted, the user, and whether
 * the account has onboarded (the login check returned data).
 */
const SessionSchema = z.object({
  token: z.string().check(z.minLength(1)),
  routes: z.array(RouterInfoSchema),
  user: UserInfoSchema,
  onboarded: z.boolean(),
});
export type Session = z.infer<typeof SessionSchema>;

/**
 * A session with the time it last changed. Console and extension exchange snapshots; the newer
 * one wins on both sides, so a sign-out (session null) travels the same way as a sign-in.
 */
export const SessionSnapshotSchema = z.object({
  session: z.nullable(SessionSchema),
  updatedAt: z.int().check(z.nonnegative()),
});
export type SessionSnapshot = z.infer<typeof SessionSnapshotSchema>;
