import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import type { SandboxPlatform, SandboxSellerSeed } from '../marketplace/platform';
import { registerTiktokApi } from './tiktok.api';
import { registerTiktokAuth } from './tiktok.auth';
import {
  buildTiktokOrder,
  buildTiktokProduct,
  ORDER_STATUSES,
  PRODUCT_STATUSES,
  withTiktokOrderStatus,
} from './tiktok.records';

/**
 * TikTok Shop in the sandbox, mounted under /tiktok: the authorization link
 * (/services/open/authorize), the token host (/auth/api/v2/token/...), the Partner API
 * (/open-api/...) and the product images it links to (/img/...).
 */

const SELLERS: readonly SandboxSellerSeed[] = [
  {
    id: 'tiktok-demo',
    login: 'demo@tiktok.sandbox',
    name: 'Demo TikTok Seller',
    country: 'th',
    shops: [
      {
        shopId: '7494000101',
        site: 'th',
        name: 'Chao Phraya Beauty',
        cipher: 'ROW_demoTH0101',
        data: { seller_type: 'LOCAL', code: 'THLCDEMO0101' },
      },
    ],
  },
  {
    id: 'tiktok-multi',
    login: 'multi@tiktok.sandbox',
    name: 'Multi-Market TikTok Seller',
    country: 'my',
    shops: [
      {
        shopId: '7494000201',
        site: 'my',
        name: 'Multi TikTok Shop MY',
        cipher: 'ROW_multiMY0201',
        data: { seller_type: 'LOCAL', code: 'MYLCMULT0201' },
      },
      {
        shopId: '7494000202',
        site: 'sg',
        name: 'Multi TikTok Shop SG',
        cipher: 'ROW_multiSG0202',
        data: { seller_type: 'LOCAL', code: 'SGLCMULT0202' },
      },
    ],
  },
  {
    id: 'tiktok-cb',
    login: 'cb@tiktok.sandbox',
    name: 'Shenzhen Cross-Border TikTok Seller',
    country: 'cn',
    shops: [
      {
        shopId: '7494000301',
        site: 'th',
        name: 'SZ Global Store TH',
        cipher: 'ROW_cbTH0301',
        data: { seller_type: 'CROSS_BORDER', code: 'CNTHCBSZ0301' },
      },
    ],
  },
];

/** A plain picture for an image uri: a colour of its own and the TikTok Shop mark. */
function placeholderImage(uri: string): string {
  const hue = Number.parseInt(createHash('sha256').update(uri).digest('hex').slice(0, 4), 16) % 360;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800"><rect width="800" height="800" fill="hsl(${hue},55%,82%)"/><circle cx="400" cy="360" r="150" fill="hsl(${hue},55%,62%)"/><text x="400" y="640" font-family="sans-serif" font-size="44" text-anchor="middle" fill="hsl(${hue},40%,30%)">TikTok Shop sandbox</text></svg>`;
}

export const tiktokSandbox: SandboxPlatform = {
  platform: 'tiktok',
  orderStatuses: ORDER_STATUSES,
  productStatuses: PRODUCT_STATUSES,
  sellers: SELLERS,
  buildOrder: buildTiktokOrder,
  withOrderStatus: withTiktokOrderStatus,
  buildProduct: buildTiktokProduct,
  createApp(options) {
    const app = new Hono();
    registerTiktokAuth(app, options);
    registerTiktokApi(app, options);
    app.get('/img/:uri', (c) =>
      c.body(placeholderImage(c.req.param('uri')), 200, {
        'content-type': 'image/svg+xml',
        'cache-control': 'public, max-age=86400',
      }),
    );
    return app;
  },
};
