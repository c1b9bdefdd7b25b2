import { defineEndpoint } from './define-endpoint';

/** The path a marketplace pushes order events to, per platform (registered with each platform). */
export const ORDER_PUSH_PATH = '/api-user/order/push/:platform';

/** Order pushes: the marketplaces call these, signed as each platform signs its pushes. */
export const orderPushesEndpoints = {
  push: defineEndpoint({
    method: 'POST',
    path: ORDER_PUSH_PATH,
    access: 'public',
    raw: true,
    summary:
      "A marketplace's order push (Lazada, Shopee, TikTok Shop), verified by the platform's signature and timestamp, taken once; answered with an empty body",
    tag: 'orders',
  }),
};
