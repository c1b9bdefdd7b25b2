import { z } from 'zod';

/** Login by password (spec section 7). Login accepts whatever was stored, so only presence and size are checked. */
export const LoginByPasswordRequestSchema = z.object({
  username: z.string().trim().min(1).max(100),
  password: z.string().min(1).max(128),
});
export type LoginByPasswordRequest = z.infer<typeof LoginByPasswordRequestSchema>;

/** One menu entry the server grants: `url` segments match the route tree; `button` holds the last segment's button permissions. */
export const RouterInfoSchema = z.object({
  url: z.string().startsWith('/'),
  button: z.array(z.string()).optional(),
});
export type RouterInfo = z.infer<typeof RouterInfoSchema>;

export const LoginResultSchema = z.object({
  access_token: z.string().min(22),
  expires_in: z.number().int().positive(),
  routerInfoList: z.array(RouterInfoSchema),
});
export type LoginResult = z.infer<typeof LoginResultSchema>;
