import { endpoints } from '@shared/contracts/endpoints';
import { ok } from '../../lib/respond';
import { defineRoute } from '../../lib/route';
import { optionalSessionOf } from '../../middleware/session';
import { platformTypes } from './platforms';
import {
  completeAuthorization,
  startAuthorization,
  unbindShop,
} from './shop-authorization.service';
import { queueShopSync } from './shop-sync.service';
import { getShop, getShopRow, listShopDetails, setShopAlias } from './shops.service';
import { sourceSiteList } from './source-sites';
import { cancelSyncRun, getSyncRun, startSyncRun } from './sync-runs.service';

export const shopsRoutes = [
  defineRoute(endpoints.shops.platforms, ({ c, deps, query }) =>
    ok(c, query.type === 'collect' ? sourceSiteList() : platformTypes(deps.config)),
  ),
  defineRoute(endpoints.shops.list, async ({ c, deps, actor }) =>
    ok(c, await listShopDetails(deps, actor, { language: c.var.t.language })),
  ),
  defineRoute(
    endpoints.shops.detail,
    {
      objects: [{ type: 'shop', field: 'shopId' }],
      example: (ids) => ({ query: { shopId: ids.shopId } }),
    },
    async ({ c, deps, actor, query }) => ok(c, await getShop(deps, actor, query.shopId)),
  ),
  defineRoute(
    endpoints.shops.setAlias,
    {
      objects: [{ type: 'shop', field: 'shopId' }],
      example: (ids) => ({ json: { shopId: ids.shopId, alias: 'Renamed shop' } }),
    },
    async ({ c, deps, actor, json }) =>
      ok(c, await setShopAlias(deps, actor, { shopId: json.shopId, alias: json.alias }), 'saved'),
  ),
  defineRoute(
    endpoints.shops.authorizeUrl,
    {
      objects: [{ type: 'shop', field: 'shopId' }],
      example: (ids) => ({
        json: { platform: 'shopee', sites: ['th'], crossBorder: false, shopId: ids.shopId },
      }),
    },
    async ({ c, deps, actor, json }) => {
      const { url } = await startAuthorization(deps, actor, json);
      return ok(c, { url });
    },
  ),
  defineRoute(
    endpoints.shops.reauthorizeUrl,
    {
      objects: [{ type: 'shop', field: 'shopId' }],
      example: (ids) => ({
        json: { platform: 'shopee', sites: ['th'], crossBorder: false, shopId: ids.shopId },
      }),
    },
    async ({ c, deps, actor, json }) => {
      const { url } = await startAuthorization(deps, actor, json);
      return ok(c, { url });
    },
  ),
  defineRoute(
    endpoints.shops.authorizeCallback,
    { notObjects: ['shop_id', 'main_account_id'] },
    async ({ c, deps, json }) => {
      // Completes only for the account that started the consent: its session comes along.
      const actor = await optionalSessionOf(c, deps);
      const result = await completeAuthorization(deps, actor, {
        ...json,
        language: c.var.t.language,
      });
      if (result.success) deps.kickJobs();
      return ok(c, result);
    },
  ),
  defineRoute(
    endpoints.shops.unbind,
    {
      objects: [{ type: 'shop', field: 'shopId' }],
      example: (ids) => ({ json: { shopId: ids.shopId } }),
    },
    async ({ c, deps, actor, json }) => ok(c, await unbindShop(deps, actor, json.shopId), 'saved'),
  ),
  defineRoute(
    endpoints.shops.retrySync,
    {
      objects: [{ type: 'shop', field: 'shopId' }],
      example: (ids) => ({ json: { shopId: ids.shopId } }),
    },
    async ({ c, deps, actor, json }) => {
      const shop = await getShopRow(deps, actor, json.shopId);
      await queueShopSync(deps, null, shop.id);
      deps.kickJobs();
      const [detail] = await listShopDetails(deps, actor, {
        language: c.var.t.language,
        shopId: shop.id,
      });
      return ok(c, detail ?? null);
    },
  ),
  defineRoute(
    endpoints.shops.startOrderSync,
    { notObjects: ['shopIds'] },
    async ({ c, deps, actor, query }) =>
      ok(c, await startSyncRun(deps, actor, { ...query, language: c.var.t.language })),
  ),
  defineRoute(
    endpoints.shops.orderSyncStatus,
    { notObjects: ['runId'] },
    async ({ c, deps, actor, query }) =>
      ok(c, await getSyncRun(deps, actor, { runId: query.runId, language: c.var.t.language })),
  ),
  defineRoute(
    endpoints.shops.cancelOrderSync,
    { notObjects: ['runId'] },
    async ({ c, deps, actor, json }) =>
      ok(c, await cancelSyncRun(deps, actor, { runId: json.runId, language: c.var.t.language })),
  ),
];
