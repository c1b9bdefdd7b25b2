import * as z from 'zod/mini';
import { SourceSiteListSchema } from './collector';
import { defineEndpoint } from './define-endpoint';
import {
  AsyncOrderQuerySchema,
  AuthorizeCallbackRequestSchema,
  AuthorizeResultSchema,
  AuthorizeUrlRequestSchema,
  AuthorizeUrlResponseSchema,
  PlatformListQuerySchema,
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
  UnbindShopResultSchema,
} from './shops';

/** Shops: the marketplaces, authorization, aliases, unbinding and syncs. */
export const shopsEndpoints = {
  platforms: defineEndpoint({
    method: 'GET',
    path: '/admin/pluginmanage/platform/list',
    access: 'client',
    query: PlatformListQuerySchema,
    response: z.union([PlatformTypeListSchema, SourceSiteListSchema]),
    summary:
      'The marketplaces a shop can be authorized on (platformTypeList), with their sites; with type=collect, the source sites the collector reads',
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/api-user/shop/list',
    access: 'session',
    permission: { menu: '/thirdPartyPlatform/authorizeList' },
    response: ShopDetailListSchema,
    summary: 'The shops the account may see, with authorization and sync state',
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: '/api-user/shop/detail',
    access: 'session',
    query: ShopIdQuerySchema,
    permission: { menu: '/thirdPartyPlatform/authorizeList' },
    response: ShopSchema,
  }),
  setAlias: defineEndpoint({
    method: 'POST',
    path: '/api-user/shop/alias',
    access: 'session',
    json: ShopAliasRequestSchema,
    permission: { menu: '/thirdPartyPlatform/authorizeList', button: 'editAlias' },
    response: ShopSchema,
  }),
  authorizeUrl: defineEndpoint({
    method: 'POST',
    path: '/api-user/shop/authorize/url',
    access: 'session',
    json: AuthorizeUrlRequestSchema,
    permission: { menu: '/thirdPartyPlatform/authorizeList', button: 'authorize' },
    response: AuthorizeUrlResponseSchema,
    summary: "Starts a shop authorization: the platform's consent page to send the seller to",
  }),
  reauthorizeUrl: defineEndpoint({
    method: 'POST',
    path: '/api-user/shop/reauthorize/url',
    access: 'session',
    json: ReauthorizeUrlRequestSchema,
    permission: { menu: '/thirdPartyPlatform/authorizeList', button: 'reauthorize' },
    response: AuthorizeUrlResponseSchema,
    summary: "Re-authorizes a shop: the platform's consent page for the shop's own account",
  }),
  /**
   * Sent with the session the callback page has, if any: the consent completes only for the
   * account that started it; without that session it changes nothing and names that account.
   */
  authorizeCallback: defineEndpoint({
    method: 'POST',
    path: '/api-user/shop/authorize/callback',
    access: 'client',
    optionalSession: true,
    json: AuthorizeCallbackRequestSchema,
    response: AuthorizeResultSchema,
    summary:
      'Finishes a shop authorization with what the platform sent back to the callback page, for the signed-in account that started it (otherwise answers which account must sign in)',
  }),
  unbind: defineEndpoint({
    method: 'POST',
    path: '/api-user/shop/unbind',
    access: 'session',
    json: ShopActionRequestSchema,
    permission: { menu: '/thirdPartyPlatform/authorizeList', button: 'unbind' },
    response: UnbindShopResultSchema,
    summary: 'Unbinds a shop, with its synced orders and products',
  }),
  retrySync: defineEndpoint({
    method: 'POST',
    path: '/api-user/shop/sync/retry',
    access: 'session',
    json: ShopActionRequestSchema,
    permission: { menu: '/thirdPartyPlatform/authorizeList', button: 'sync' },
    response: ShopDetailSchema,
    summary: "Syncs a shop's orders and products now",
  }),
  startOrderSync: defineEndpoint({
    method: 'GET',
    path: '/order/order/asyncOrder',
    access: 'session',
    query: AsyncOrderQuerySchema,
    permission: { menu: '/thirdPartyPlatform/orderManage', button: 'sync' },
    response: SyncRunSchema,
    summary: 'Starts a sync of orders: the default last 15 days or a custom range',
  }),
  orderSyncStatus: defineEndpoint({
    method: 'GET',
    path: '/order/order/asyncOrder/status',
    access: 'session',
    query: SyncRunIdSchema,
    permission: { menu: '/thirdPartyPlatform/orderManage', button: 'sync' },
    response: SyncRunSchema,
  }),
  cancelOrderSync: defineEndpoint({
    method: 'POST',
    path: '/order/order/asyncOrder/cancel',
    access: 'session',
    json: SyncRunIdSchema,
    permission: { menu: '/thirdPartyPlatform/orderManage', button: 'sync' },
    response: SyncRunSchema,
  }),
};
