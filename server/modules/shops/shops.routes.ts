import { SourceSiteListSchema } from '@shared/contracts/collector';
import {
  AsyncOrderQuerySchema,
  AuthorizeCallbackRequestSchema,
  AuthorizeResultSchema,
  AuthorizeUrlRequestSchema,
  AuthorizeUrlResponseSchema,
  PlatformTypeListSchema,
  ReauthorizeUrlRequestSchema,
  ShopActionRequestSchema,
  ShopAliasRequestSchema,
  ShopDetailListSchema,
  ShopDetailSchema,
  ShopIdQuerySchema,
  ShopSchema,
  SyncRunIdSchema,
  SyncRunSchema,
} from '@shared/contracts/shops';
import * as z from 'zod/mini';
import { ok } from '../../lib/respond';
import { defineRoute } from '../../lib/route';
import { platformTypes } from './platforms';
import {
  completeAuthorization,
  startAuthorization,
  unbindShop,
} from './shop-authorization.service';
import { queueShopSync } from './shop-sync.service';
import { getShop, getShopRow, listShopDetails, setShopAlias } from './shops.service';
import { PlatformListQuerySchema, sourceSiteList } from './source-sites';
import { cancelSyncRun, getSyncRun, startSyncRun } from './sync-runs.service';

const AUTHORIZE_LIST = '/thirdPartyPlatform/authorizeList';
const ORDER_MANAGE = '/thirdPartyPlatform/orderManage';

export const shopsRoutes = [
  defineRoute(
    {
      method: 'GET',
      path: '/admin/pluginmanage/platform/list',
      access: 'client',
      query: PlatformListQuerySchema,
      response: z.union([PlatformTypeListSchema, SourceSiteListSchema]),
      summary:
        'The marketplaces a shop can be authorized on (platformTypeList), with their sites; with type=collect, the source sites the collector reads',
    },
    ({ c, deps, query }) =>
      ok(c, query.type === 'collect' ? sourceSiteList() : platformTypes(deps.config)),
  ),
  defineRoute(
    {
      method: 'GET',
      path: '/api-user/shop/list',
      access: 'session',
      permission: { menu: AUTHORIZE_LIST },
      response: ShopDetailListSchema,
      summary: 'The shops the account may see, with authorization and sync state',
    },
    async ({ c, deps, actor }) =>
      ok(c, await listShopDetails(deps, actor, { language: c.var.t.language })),
  ),
  defineRoute(
    {
      method: 'GET',
      path: '/api-user/shop/detail',
      access: 'session',
      query: ShopIdQuerySchema,
      objects: [{ type: 'shop', field: 'shopId' }],
      permission: { menu: AUTHORIZE_LIST },
      response: ShopSchema,
      example: (ids) => ({ query: { shopId: ids.shopId } }),
    },
    async ({ c, deps, actor, query }) => ok(c, await getShop(deps, actor, query.shopId)),
  ),
  defineRoute(
    {
      method: 'POST',
      path: '/api-user/shop/alias',
      access: 'session',
      json: ShopAliasRequestSchema,
      objects: [{ type: 'shop', field: 'shopId' }],
      permission: { menu: AUTHORIZE_LIST, button: 'editAlias' },
      response: ShopSchema,
      example: (ids) => ({ json: { shopId: ids.shopId, alias: 'Renamed shop' } }),
    },
    async ({ c, deps, actor, json }) =>
      ok(c, await setShopAlias(deps, actor, { shopId: json.shopId, alias: json.alias }), 'saved'),
  ),
  defineRoute(
    {
      method: 'POST',
      path: '/api-user/shop/authorize/url',
      access: 'session',
      json: AuthorizeUrlRequestSchema,
      objects: [{ type: 'shop', field: 'shopId' }],
      permission: { menu: AUTHORIZE_LIST, button: 'authorize' },
      response: AuthorizeUrlResponseSchema,
      summary: "Starts a shop authorization: the platform's consent page to send the seller to",
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
    {
      method: 'POST',
      path: '/api-user/shop/reauthorize/url',
      access: 'session',
      json: ReauthorizeUrlRequestSchema,
      objects: [{ type: 'shop', field: 'shopId' }],
      permission: { menu: AUTHORIZE_LIST, button: 'reauthorize' },
      response: AuthorizeUrlResponseSchema,
      summary: "Re-authorizes a shop: the platform's consent page for the shop's own account",
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
    {
      method: 'POST',
      path: '/api-user/shop/authorize/callback',
      access: 'client',
      json: AuthorizeCallbackRequestSchema,
      notObjects: ['shop_id', 'main_account_id'],
      response: AuthorizeResultSchema,
      summary:
        'Finishes a shop authorization with what the platform sent back to the callback page (the state identifies the attempt)',
    },
    async ({ c, deps, json }) => {
      const result = await completeAuthorization(deps, null, {
        ...json,
        language: c.var.t.language,
      });
      if (result.success) deps.kickJobs();
      return ok(c, result);
    },
  ),
  defineRoute(
    {
      method: 'POST',
      path: '/api-user/shop/unbind',
      access: 'session',
      json: ShopActionRequestSchema,
      objects: [{ type: 'shop', field: 'shopId' }],
      permission: { menu: AUTHORIZE_LIST, button: 'unbind' },
      example: (ids) => ({ json: { shopId: ids.shopId } }),
      summary: 'Unbinds a shop, with its synced orders and products',
    },
    async ({ c, deps, actor, json }) => ok(c, await unbindShop(deps, actor, json.shopId), 'saved'),
  ),
  defineRoute(
    {
      method: 'POST',
      path: '/api-user/shop/sync/retry',
      access: 'session',
      json: ShopActionRequestSchema,
      objects: [{ type: 'shop', field: 'shopId' }],
      permission: { menu: AUTHORIZE_LIST, button: 'sync' },
      response: ShopDetailSchema,
      example: (ids) => ({ json: { shopId: ids.shopId } }),
      summary: "Syncs a shop's orders and products now",
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
    {
      method: 'GET',
      path: '/order/order/asyncOrder',
      access: 'session',
      query: AsyncOrderQuerySchema,
      notObjects: ['shopIds'],
      permission: { menu: ORDER_MANAGE, button: 'sync' },
      response: SyncRunSchema,
      summary: 'Starts a sync of orders: the default last 15 days or a custom range',
    },
    async ({ c, deps, actor, query }) =>
      ok(c, await startSyncRun(deps, actor, { ...query, language: c.var.t.language })),
  ),
  defineRoute(
    {
      method: 'GET',
      path: '/order/order/asyncOrder/status',
      access: 'session',
      query: SyncRunIdSchema,
      notObjects: ['runId'],
      permission: { menu: ORDER_MANAGE, button: 'sync' },
      response: SyncRunSchema,
    },
    async ({ c, deps, actor, query }) =>
      ok(c, await getSyncRun(deps, actor, { runId: query.runId, language: c.var.t.language })),
  ),
  defineRoute(
    {
      method: 'POST',
      path: '/order/order/asyncOrder/cancel',
      access: 'session',
      json: SyncRunIdSchema,
      notObjects: ['runId'],
      permission: { menu: ORDER_MANAGE, button: 'sync' },
      response: SyncRunSchema,
    },
    async ({ c, deps, actor, json }) =>
      ok(c, await cancelSyncRun(deps, actor, { runId: json.runId, language: c.var.t.language })),
  ),
];
