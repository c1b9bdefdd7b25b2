import * as z from 'zod/mini';
import { SendCodeResultSchema } from './accounts';
import { LoginResultSchema } from './auth';
import { defineEndpoint } from './define-endpoint';
import {
  OpenIdTokenRequestSchema,
  TempQrcodeSchema,
  ThirdPlatformListSchema,
  UnbindWechatQuerySchema,
  WechatBindStatusQuerySchema,
  WechatBindStatusSchema,
  WechatPushQuerySchema,
} from './third-party';

/** Signing in with WeChat, binding an account to it, and WeChat's own pushes. */
export const wechatEndpoints = {
  /** Configured providers, each with a fresh sign-in address. */
  thirdPlatforms: defineEndpoint({
    method: 'GET',
    path: '/api-user/public/thirdPlatformList',
    access: 'public',
    response: ThirdPlatformListSchema,
  }),
  /** Sign in with what a third-party provider sent back. */
  openIdToken: defineEndpoint({
    method: 'POST',
    path: '/api-uaa/oauth/openId/token',
    access: 'client',
    json: OpenIdTokenRequestSchema,
    response: LoginResultSchema,
  }),
  /** A QR code that binds the WeChat scanning it. */
  bindQrcode: defineEndpoint({
    method: 'POST',
    path: '/api-user/user/get/tempQrcode',
    access: 'session',
    response: TempQrcodeSchema,
  }),
  bindStatus: defineEndpoint({
    method: 'GET',
    path: '/api-user/user/wechatBindStatus',
    access: 'session',
    query: WechatBindStatusQuerySchema,
    response: WechatBindStatusSchema,
  }),
  /** Mails the code that confirms unbinding. */
  sendUnbindCode: defineEndpoint({
    method: 'POST',
    path: '/api-user/user/bind/sendUnbindCode',
    access: 'session',
    response: SendCodeResultSchema,
  }),
  unbind: defineEndpoint({
    method: 'POST',
    path: '/api-user/user/bind/unboundWechatCode',
    access: 'session',
    query: UnbindWechatQuerySchema,
    response: z.null(),
  }),
  /** WeChat checks the address by echoing a value (answered as text). */
  callbackCheck: defineEndpoint({
    method: 'GET',
    path: '/api-user/wechat/callback',
    access: 'public',
    query: WechatPushQuerySchema,
    raw: true,
  }),
  /** WeChat pushes an event (answered as text). */
  callbackPush: defineEndpoint({
    method: 'POST',
    path: '/api-user/wechat/callback',
    access: 'public',
    query: WechatPushQuerySchema,
    raw: true,
  }),
};
