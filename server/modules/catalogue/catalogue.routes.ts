import { endpoints } from '@shared/contracts/endpoints';
import { ok } from '../../lib/respond';
import { defineRoute } from '../../lib/route';
import {
  addToCart,
  chooseIntoShops,
  followCategories,
  getCart,
  getCatalogueDetail,
  getCategoryTree,
  listFollows,
  removeFromCart,
  updateCartLine,
} from './catalogue.service';
import { listCatalogue, listThirdParty, searchMall } from './search.service';

/**
 * Catalogue products, categories and suppliers are the same for every account (ids that name no
 * owned object); shops are the actor's (the services filter by the shops it may act on), and the
 * cart is the signed-in account's own.
 */
const CATALOGUE_IDS = ['id', 'categoryId', 'supplierId', 'skuId', 'skuIds'] as const;

export const catalogueRoutes = [
  defineRoute(endpoints.catalogue.categories, async ({ c, deps }) =>
    ok(c, await getCategoryTree(deps, c.var.t.language)),
  ),
  defineRoute(endpoints.catalogue.list, { notObjects: CATALOGUE_IDS }, async ({ c, deps, query }) =>
    ok(c, await listCatalogue(deps, { ...query, language: c.var.t.language })),
  ),
  defineRoute(
    endpoints.catalogue.thirdPartyList,
    {
      objects: [{ type: 'shop', field: 'shopId' }],
      notObjects: CATALOGUE_IDS,
      example: (ids) => ({ query: { shopId: ids.shopId } }),
    },
    async ({ c, deps, actor, query }) =>
      ok(c, await listThirdParty(deps, actor, { ...query, language: c.var.t.language })),
  ),
  defineRoute(
    endpoints.catalogue.search,
    { notObjects: CATALOGUE_IDS },
    async ({ c, deps, query }) =>
      ok(c, await searchMall(deps, { ...query, language: c.var.t.language })),
  ),
  defineRoute(
    endpoints.catalogue.detail,
    { notObjects: CATALOGUE_IDS },
    async ({ c, deps, actor, query }) =>
      ok(c, await getCatalogueDetail(deps, actor, { id: query.id, language: c.var.t.language })),
  ),
  defineRoute(endpoints.catalogue.follows, async ({ c, deps, actor }) =>
    ok(c, await listFollows(deps, actor, c.var.t.language)),
  ),
  defineRoute(
    endpoints.catalogue.follow,
    {
      objects: [{ type: 'shop', field: 'shopId' }],
      notObjects: ['categoryIds'],
      example: (ids) => ({ json: { shopId: ids.shopId, categoryIds: [ids.followCategoryId] } }),
    },
    async ({ c, deps, actor, json }) =>
      ok(c, await followCategories(deps, actor, { ...json, language: c.var.t.language }), 'saved'),
  ),
  defineRoute(
    endpoints.catalogue.choose,
    {
      // Shops the actor may not act on are refused by the service (COLLECT_SHOP_UNAVAILABLE).
      objects: [{ type: 'shop', field: 'shopIds' }],
      notObjects: ['productIds'],
      example: (ids) => ({
        json: { productIds: [ids.catalogueProductId], shopIds: [ids.shopId] },
      }),
    },
    async ({ c, deps, actor, json }) => ok(c, await chooseIntoShops(deps, actor, json), 'saved'),
  ),
  defineRoute(endpoints.catalogue.cart, async ({ c, deps, actor }) =>
    ok(c, await getCart(deps, actor, c.var.t.language)),
  ),
  defineRoute(
    endpoints.catalogue.cartAdd,
    { notObjects: CATALOGUE_IDS },
    async ({ c, deps, actor, json }) =>
      ok(c, await addToCart(deps, actor, { ...json, language: c.var.t.language }), 'saved'),
  ),
  defineRoute(
    endpoints.catalogue.cartUpdate,
    { notObjects: CATALOGUE_IDS },
    async ({ c, deps, actor, json }) =>
      ok(c, await updateCartLine(deps, actor, { ...json, language: c.var.t.language }), 'saved'),
  ),
  defineRoute(
    endpoints.catalogue.cartRemove,
    { notObjects: CATALOGUE_IDS },
    async ({ c, deps, actor, json }) =>
      ok(c, await removeFromCart(deps, actor, { ...json, language: c.var.t.language }), 'saved'),
  ),
];
