import { orderStatusOf } from '@shared/contracts/orders';
import { PLATFORMS, type Platform } from '@shared/contracts/shops';
import { Hono } from 'hono';
import type { Database } from '../../db/client';
import type { MarketplacesConfig } from '../../integrations/marketplace/marketplace.config';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import { escapeHtml } from '../pages';
import {
  allSandboxShops,
  moveSandboxOrder,
  placeSandboxOrder,
  recentSandboxOrders,
  sandboxOrderOf,
} from './data';
import type { SandboxPlatform } from './platform';
import { type SandboxPushTarget, sendOrderPush } from './pushes';
import { shopById } from './store';

const isPlatform = (value: unknown): value is Platform =>
  typeof value === 'string' && (PLATFORMS as readonly string[]).includes(value);

/**
 * The tester's side of the marketplaces: a page listing each sandbox shop's newest orders, where
 * an order is moved to another of its platform's statuses (as a buyer paying, a seller shipping
 * or a carrier delivering would), and the same as JSON for scripts.
 */
export function createSandboxTester(options: {
  db: Database;
  clock: Clock;
  platforms: readonly SandboxPlatform[];
  /** Where the platforms push order events (none: the product learns of them at its next sync). */
  pushes?: { target: SandboxPushTarget; config: MarketplacesConfig; logger: Logger };
}) {
  const app = new Hono();
  const byPlatform = (platform: Platform) =>
    options.platforms.find((candidate) => candidate.platform === platform);

  /** The platform pushes the order's event to the product; answers the product's HTTP status. */
  async function push(platform: Platform, shopId: string, orderId: string) {
    const shop = await shopById(options.db, platform, shopId);
    const order = await sandboxOrderOf(options.db, platform, { shopId, orderId });
    if (!options.pushes || !shop || !order) return null;
    return sendOrderPush(
      options.pushes.target,
      options.pushes.config,
      options.pushes.logger,
      platform,
      { shopId, site: shop.site, orderId, status: order.status, updatedAt: order.updatedAt },
      options.clock.now(),
    );
  }

  async function move(body: Record<string, unknown>) {
    const platform = isPlatform(body.platform) ? byPlatform(body.platform) : undefined;
    if (
      !platform ||
      typeof body.shopId !== 'string' ||
      typeof body.orderId !== 'string' ||
      typeof body.status !== 'string'
    )
      return null;
    const moved = await moveSandboxOrder(options.db, options.clock, platform, {
      shopId: body.shopId,
      orderId: body.orderId,
      status: body.status,
    });
    if (!moved) return null;
    return { pushed: await push(platform.platform, body.shopId, body.orderId) };
  }

  /** A buyer places an order (by default in the platform's first status to be processed). */
  async function place(body: Record<string, unknown>) {
    const platform = isPlatform(body.platform) ? byPlatform(body.platform) : undefined;
    if (!platform || typeof body.shopId !== 'string') return null;
    const shop = await shopById(options.db, platform.platform, body.shopId);
    const status =
      typeof body.status === 'string' && body.status !== ''
        ? body.status
        : platform.orderStatuses.find(
            (candidate) => orderStatusOf(platform.platform, candidate) === 'waitDeal',
          );
    if (!shop || !status) return null;
    const orderId = await placeSandboxOrder(options.db, options.clock, platform, shop, status);
    if (!orderId) return null;
    return { orderId, pushed: await push(platform.platform, shop.shopId, orderId) };
  }

  app.post('/tester/api/orders/move', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as Record<string, unknown>;
    const moved = await move(body);
    return moved
      ? c.json({ ok: true, ...moved })
      : c.json({ ok: false, error: 'unknown order or status' }, 400);
  });

  app.post('/tester/api/orders/place', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as Record<string, unknown>;
    const placed = await place(body);
    return placed
      ? c.json({ ok: true, ...placed })
      : c.json({ ok: false, error: 'unknown shop or status' }, 400);
  });

  app.post('/tester/orders/place', async (c) => {
    const form = await c.req.parseBody();
    const placed = await place(form);
    const back = `/tester?platform=${encodeURIComponent(String(form.platform ?? ''))}&shop=${encodeURIComponent(String(form.shopId ?? ''))}${placed ? '' : '&failed=1'}`;
    return c.redirect(back, 303);
  });

  app.post('/tester/orders/move', async (c) => {
    const form = await c.req.parseBody();
    const moved = (await move(form)) !== null;
    const back = `/tester?platform=${encodeURIComponent(String(form.platform ?? ''))}&shop=${encodeURIComponent(String(form.shopId ?? ''))}${moved ? '' : '&failed=1'}`;
    return c.redirect(back, 303);
  });

  app.get('/tester', async (c) => {
    const shops = await allSandboxShops(options.db);
    const chosenPlatform = c.req.query('platform');
    const chosen =
      shops.find(
        (shop) => shop.platform === chosenPlatform && shop.shopId === c.req.query('shop'),
      ) ?? shops[0];
    const tabs = shops
      .map(
        (shop) =>
          `<a class="${shop === chosen ? 'on' : ''}" href="/tester?platform=${shop.platform}&shop=${encodeURIComponent(shop.shopId)}">${escapeHtml(shop.platform)} · ${escapeHtml(shop.name)} (${escapeHtml(shop.site)})</a>`,
      )
      .join('');
    let rows = '';
    if (chosen && isPlatform(chosen.platform)) {
      const platform = byPlatform(chosen.platform);
      const orders = await recentSandboxOrders(options.db, chosen.platform, chosen.shopId);
      rows = orders
        .map((order) => {
          const choices = (platform?.orderStatuses ?? [])
            .map(
              (status) =>
                `<option ${status === order.status ? 'selected' : ''}>${escapeHtml(status)}</option>`,
            )
            .join('');
          return `<tr><td>${escapeHtml(order.orderId)}</td><td>${escapeHtml(order.status)}</td><td>${order.updatedAt.toISOString()}</td><td><form method="post" action="/tester/orders/move"><input type="hidden" name="platform" value="${escapeHtml(chosen.platform)}"><input type="hidden" name="shopId" value="${escapeHtml(chosen.shopId)}"><input type="hidden" name="orderId" value="${escapeHtml(order.orderId)}"><select name="status" aria-label="status">${choices}</select> <button>Move</button></form></td></tr>`;
        })
        .join('');
    }
    const placeForm =
      chosen && isPlatform(chosen.platform)
        ? `<form method="post" action="/tester/orders/place"><input type="hidden" name="platform" value="${escapeHtml(chosen.platform)}"><input type="hidden" name="shopId" value="${escapeHtml(chosen.shopId)}"><button>Place a new order</button></form>`
        : '';
    const failed = c.req.query('failed')
      ? '<p class="err">That order or status is not known.</p>'
      : '';
    return c.html(`<!doctype html><html><head><meta charset="utf-8"><title>Sandbox orders</title><style>
body{font-family:system-ui,sans-serif;margin:24px;color:#111}nav a{display:inline-block;margin:0 8px 8px 0;padding:6px 10px;border:1px solid #ccc;border-radius:6px;text-decoration:none;color:#111}
nav a.on{background:#111;color:#fff}table{border-collapse:collapse;margin-top:12px}td,th{border-bottom:1px solid #eee;padding:6px 10px;text-align:left;font-size:14px}.err{color:#b00}
</style></head><body><h1>Sandbox orders</h1><p>Place an order or move one to another status of its platform; the platform pushes the change to the product at once (signed as it signs its pushes), and the shop's next sync picks it up too.</p>${failed}<nav>${tabs}</nav>${placeForm}
<table><thead><tr><th>Order</th><th>Status</th><th>Updated</th><th>Move to</th></tr></thead><tbody>${rows}</tbody></table></body></html>`);
  });
  return app;
}
