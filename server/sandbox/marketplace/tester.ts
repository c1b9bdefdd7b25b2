import { PLATFORMS, type Platform } from '@shared/contracts/shops';
import { Hono } from 'hono';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { escapeHtml } from '../pages';
import { allSandboxShops, moveSandboxOrder, recentSandboxOrders } from './data';
import type { SandboxPlatform } from './platform';

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
}) {
  const app = new Hono();
  const byPlatform = (platform: Platform) =>
    options.platforms.find((candidate) => candidate.platform === platform);

  async function move(body: Record<string, unknown>) {
    const platform = isPlatform(body.platform) ? byPlatform(body.platform) : undefined;
    if (
      !platform ||
      typeof body.shopId !== 'string' ||
      typeof body.orderId !== 'string' ||
      typeof body.status !== 'string'
    )
      return false;
    return moveSandboxOrder(options.db, options.clock, platform, {
      shopId: body.shopId,
      orderId: body.orderId,
      status: body.status,
    });
  }

  app.post('/tester/api/orders/move', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as Record<string, unknown>;
    return (await move(body))
      ? c.json({ ok: true })
      : c.json({ ok: false, error: 'unknown order or status' }, 400);
  });

  app.post('/tester/orders/move', async (c) => {
    const form = await c.req.parseBody();
    const moved = await move(form);
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
    const failed = c.req.query('failed')
      ? '<p class="err">That order or status is not known.</p>'
      : '';
    return c.html(`<!doctype html><html><head><meta charset="utf-8"><title>Sandbox orders</title><style>
body{font-family:system-ui,sans-serif;margin:24px;color:#111}nav a{display:inline-block;margin:0 8px 8px 0;padding:6px 10px;border:1px solid #ccc;border-radius:6px;text-decoration:none;color:#111}
nav a.on{background:#111;color:#fff}table{border-collapse:collapse;margin-top:12px}td,th{border-bottom:1px solid #eee;padding:6px 10px;text-align:left;font-size:14px}.err{color:#b00}
</style></head><body><h1>Sandbox orders</h1><p>Move an order to another status of its platform; the shop's next sync picks the change up.</p>${failed}<nav>${tabs}</nav>
<table><thead><tr><th>Order</th><th>Status</th><th>Updated</th><th>Move to</th></tr></thead><tbody>${rows}</tbody></table></body></html>`);
  });
  return app;
}
