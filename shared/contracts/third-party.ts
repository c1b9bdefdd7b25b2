import * as z from 'zod/mini';

import { THIRD_PARTY_PLATFORMS } from './third-party-platforms';

export const ThirdPlatformListSchema = z.array(
  z.object({ platform: z.enum(THIRD_PARTY_PLATFORMS), authorizeUrl: z.string() }),
);

/** openId/token: the code the provider sent back to /auth-redirect, with our state. */
export const OpenIdTokenRequestSchema = z.object({
  platform: z.enum(THIRD_PARTY_PLATFORMS),
  code: z.string().check(z.minLength(1), z.maxLength(300)),
  state: z.string().check(z.minLength(1), z.maxLength(300)),
});
export type OpenIdTokenRequest = z.infer<typeof OpenIdTokenRequestSchema>;

/** get/tempQrcode: a QR code to scan with WeChat to bind it to the signed-in account. */
export const TempQrcodeSchema = z.object({
  sceneId: z.string(),
  qrImage: z.string(),
  scanUrl: z.string(),
  expiresInSeconds: z.int(),
});

/** wechatBindStatus: where a binding QR code stands. */
export const WechatBindStatusQuerySchema = z.object({
  sceneId: z.string().check(z.minLength(1), z.maxLength(100)),
});
export const WechatBindStatusSchema = z.object({
  status: z.enum(['pending', 'bound', 'taken', 'expired']),
});

/** What WeChat signs its address check and event pushes with (checked against our token). */
export const WechatPushQuerySchema = z.object({
  signature: z.optional(z.string()),
  timestamp: z.optional(z.string()),
  nonce: z.optional(z.string()),
  echostr: z.optional(z.string()),
});

/** bind/unboundWechatCode: unbinding is confirmed with an e-mail code. */
export const UnbindWechatQuerySchema = z.object({
  code: z.string().check(z.trim(), z.regex(/^\d{6}$/, { error: 'invalidFormat' })),
});

/** An uploaded file, served back at `url`. */
export const UploadedFileSchema = z.object({
  id: z.string(),
  url: z.string(),
  contentType: z.string(),
  size: z.int(),
});
