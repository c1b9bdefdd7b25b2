import { OpenIdTokenRequestSchema, UnbindWechatQuerySchema } from '@shared/contracts/third-party';
import * as z from 'zod/mini';
import { ok } from '../../lib/respond';
import { defineRoute } from '../../lib/route';
import { signInRoute } from '../auth/sign-in-route';
import {
  bindStatus,
  createBindQr,
  handleWechatEvent,
  loginWithWechat,
  sendUnbindCode,
  thirdPlatforms,
  unbindWechat,
} from './wechat.service';

const BindStatusQuerySchema = z.object({
  sceneId: z.string().check(z.minLength(1), z.maxLength(100)),
});
const PushQuerySchema = z.object({
  signature: z.optional(z.string()),
  timestamp: z.optional(z.string()),
  nonce: z.optional(z.string()),
  echostr: z.optional(z.string()),
});

export const wechatRoutes = [
  defineRoute(
    { method: 'GET', path: '/api-user/public/thirdPlatformList', access: 'public' },
    async ({ c, deps }) => ok(c, await thirdPlatforms(deps, null)),
  ),
  signInRoute('/api-uaa/oauth/openId/token', OpenIdTokenRequestSchema, loginWithWechat),
  defineRoute(
    { method: 'POST', path: '/api-user/user/get/tempQrcode', access: 'session' },
    async ({ c, deps, actor }) => ok(c, await createBindQr(deps, actor)),
  ),
  defineRoute(
    {
      method: 'GET',
      path: '/api-user/user/wechatBindStatus',
      access: 'session',
      query: BindStatusQuerySchema,
      objects: [{ type: 'bindTicket', field: 'sceneId' }],
      example: (ids) => ({ query: { sceneId: ids.bindTicketId } }),
    },
    async ({ c, deps, actor, query }) => ok(c, await bindStatus(deps, actor, query.sceneId)),
  ),
  defineRoute(
    { method: 'POST', path: '/api-user/user/bind/sendUnbindCode', access: 'session' },
    async ({ c, deps, actor }) =>
      ok(c, await sendUnbindCode(deps, actor, { language: c.var.t.language }), 'codeSent'),
  ),
  defineRoute(
    {
      method: 'POST',
      path: '/api-user/user/bind/unboundWechatCode',
      access: 'session',
      query: UnbindWechatQuerySchema,
    },
    async ({ c, deps, actor, query }) => {
      await unbindWechat(deps, actor, query.code);
      return ok(c, null, 'wechatUnbound');
    },
  ),
  // WeChat checks the address by echoing a value, then pushes events; both are signed with our token.
  defineRoute(
    { method: 'GET', path: '/api-user/wechat/callback', access: 'public', query: PushQuerySchema },
    ({ c, deps, query }) =>
      deps.wechat?.verifyPush(query, deps.clock.now().getTime())
        ? c.text(query.echostr ?? '')
        : c.text('forbidden', 401),
  ),
  defineRoute(
    { method: 'POST', path: '/api-user/wechat/callback', access: 'public', query: PushQuerySchema },
    async ({ c, deps, query }) => {
      if (!deps.wechat?.verifyPush(query, deps.clock.now().getTime()))
        return c.text('forbidden', 401);
      await handleWechatEvent(deps, null, await c.req.text());
      return c.text('success');
    },
  ),
];
