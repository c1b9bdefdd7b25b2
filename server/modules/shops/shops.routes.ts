import { ShopAliasRequestSchema, ShopIdQuerySchema } from '@shared/contracts/shops';
import { ok } from '../../lib/respond';
import { defineRoute } from '../../lib/route';
import { getShop, listShops, setShopAlias } from './shops.service';

const AUTHORIZE_LIST = '/thirdPartyPlatform/authorizeList';

export const shopsRoutes = [
  defineRoute(
    {
      method: 'GET',
      path: '/api-user/shop/list',
      access: 'session',
      permission: { menu: AUTHORIZE_LIST },
    },
    async ({ c, deps, actor }) => ok(c, await listShops(deps.db, actor)),
  ),
  defineRoute(
    {
      method: 'GET',
      path: '/api-user/shop/detail',
      access: 'session',
      query: ShopIdQuerySchema,
      objects: [{ type: 'shop', field: 'shopId' }],
      permission: { menu: AUTHORIZE_LIST },
      example: (ids) => ({ query: { shopId: ids.shopId } }),
    },
    async ({ c, deps, actor, query }) => ok(c, await getShop(deps.db, actor, query.shopId)),
  ),
  defineRoute(
    {
      method: 'POST',
      path: '/api-user/shop/alias',
      access: 'session',
      json: ShopAliasRequestSchema,
      objects: [{ type: 'shop', field: 'shopId' }],
      permission: { menu: AUTHORIZE_LIST, button: 'editAlias' },
      example: (ids) => ({ json: { shopId: ids.shopId, alias: 'Renamed shop' } }),
    },
    async ({ c, deps, actor, json }) =>
      ok(c, await setShopAlias(deps.db, deps.clock, actor, json.shopId, json.alias), 'saved'),
  ),
];
