import { endpoints } from '@shared/contracts/endpoints';
import { browserKeyOf, startBrowserKey } from '../../lib/browser-key';
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

export const wechatRoutes = [
  // Sign-in and binding complete only in the browser that started them: its key (an HttpOnly
  // cookie) is set when they start and compared when they come back.
  defineRoute(endpoints.wechat.thirdPlatforms, async ({ c, deps }) =>
    ok(
      c,
      deps.wechat
        ? await thirdPlatforms(deps, null, { browserKey: startBrowserKey(c, deps.config) })
        : [],
    ),
  ),
  signInRoute(endpoints.wechat.openIdToken, (deps, actor, input, c) =>
    loginWithWechat(deps, actor, { ...input, browserKey: browserKeyOf(c) }),
  ),
  defineRoute(endpoints.wechat.bindQrcode, async ({ c, deps, actor }) =>
    ok(c, await createBindQr(deps, actor, { browserKey: startBrowserKey(c, deps.config) })),
  ),
  defineRoute(
    endpoints.wechat.bindStatus,
    {
      objects: [{ type: 'bindTicket', field: 'sceneId' }],
      example: (ids) => ({ query: { sceneId: ids.bindTicketId } }),
    },
    async ({ c, deps, actor, query }) =>
      ok(c, await bindStatus(deps, actor, { sceneId: query.sceneId, browserKey: browserKeyOf(c) })),
  ),
  defineRoute(endpoints.wechat.sendUnbindCode, async ({ c, deps, actor }) =>
    ok(c, await sendUnbindCode(deps, actor, { language: c.var.t.language }), 'codeSent'),
  ),
  defineRoute(endpoints.wechat.unbind, async ({ c, deps, actor, query }) => {
    await unbindWechat(deps, actor, query.code);
    return ok(c, null, 'wechatUnbound');
  }),
  // WeChat checks the address by echoing a value, then pushes events; both are signed with our token.
  defineRoute(endpoints.wechat.callbackCheck, ({ c, deps, query }) =>
    deps.wechat?.verifyPush(query, deps.clock.now().getTime())
      ? c.text(query.echostr ?? '')
      : c.text('forbidden', 401),
  ),
  defineRoute(endpoints.wechat.callbackPush, async ({ c, deps, query }) => {
    if (!deps.wechat?.verifyPush(query, deps.clock.now().getTime()))
      return c.text('forbidden', 401);
    await handleWechatEvent(deps, null, await c.req.text());
    return c.text('success');
  }),
];
