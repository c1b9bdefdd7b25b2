import * as z from 'zod/mini';

/**
 * Login by password (spec section 7). Login accepts whatever was stored, so only presence and size
 * are checked. After several failures for an account the server also asks for a solved slider's
 * token (LOGIN_CAPTCHA_REQUIRED).
 */
export const LoginByPasswordRequestSchema = z.object({
  username: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
  password: z.string().check(z.minLength(1), z.maxLength(128)),
  captchaToken: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
});
export type LoginByPasswordRequest = z.infer<typeof LoginByPasswordRequestSchema>;

/** One menu entry the server grants: `url` segments match the route tree; `button` holds the last segment's button permissions. */
export const RouterInfoSchema = z.object({
  url: z.string().check(z.startsWith('/')),
  button: z.optional(z.array(z.string())),
});
export type RouterInfo = z.infer<typeof RouterInfoSchema>;

export const LoginResultSchema = z.object({
  access_token: z.string().check(z.minLength(22)),
  expires_in: z.int().check(z.positive()),
  routerInfoList: z.array(RouterInfoSchema),
});
export type LoginResult = z.infer<typeof LoginResultSchema>;
