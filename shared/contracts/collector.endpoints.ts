import {
  ClaimRequestSchema,
  ClaimResultSchema,
  CollectedProductDetailSchema,
  CollectIdQuerySchema,
  CollectListQuerySchema,
  CollectPageSchema,
  CollectRequestSchema,
  CollectResultSchema,
  DeleteCollectedRequestSchema,
  DeleteCollectedResultSchema,
  PLUGIN_HEADER,
  PluginSettingsInputSchema,
  PluginSettingsSchema,
  UpdateCollectedRequestSchema,
} from './collector';
import { defineEndpoint } from './define-endpoint';
import { SharedLinkSchema } from './short-links';

/** The collection box and the plug-in's settings. */
export const collectorEndpoints = {
  /** Drafts read by the extension (it sends the plug-in header). */
  collect: defineEndpoint({
    method: 'POST',
    path: '/api-product/collect/add',
    access: 'session',
    json: CollectRequestSchema,
    permission: { menu: '/product/collectorList' },
    response: CollectResultSchema,
    summary: `Adds products read by the collector extension (it sends the ${PLUGIN_HEADER} header); an item collected again is refreshed, keeping edits and claims`,
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/api-product/collect/list',
    access: 'session',
    query: CollectListQuerySchema,
    permission: { menu: '/product/collectorList' },
    response: CollectPageSchema,
    summary: 'One page of the collection box (unclaimed or claimed), with both tabs’ counts',
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: '/api-product/collect/detail',
    access: 'session',
    query: CollectIdQuerySchema,
    permission: { menu: '/product/collectorDetails' },
    response: CollectedProductDetailSchema,
    summary: 'A collected product as it stands and as it was collected, with its claims',
  }),
  shareLink: defineEndpoint({
    method: 'POST',
    path: '/api-product/collect/shareLink',
    access: 'session',
    json: CollectIdQuerySchema,
    permission: { menu: '/product/collectorDetails' },
    response: SharedLinkSchema,
    summary:
      'A short link to a collected product’s page, for 30 days, that opens only for the accounts of its main account',
  }),
  update: defineEndpoint({
    method: 'POST',
    path: '/api-product/collect/update',
    access: 'session',
    json: UpdateCollectedRequestSchema,
    permission: { menu: '/product/collectorDetails', button: 'edit' },
    response: CollectedProductDetailSchema,
    summary: 'Saves the seller’s edit of a collected product (collecting it again keeps the edit)',
  }),
  remove: defineEndpoint({
    method: 'POST',
    path: '/api-product/collect/delete',
    access: 'session',
    json: DeleteCollectedRequestSchema,
    permission: { menu: '/product/collectorList', button: 'delete' },
    response: DeleteCollectedResultSchema,
    summary:
      'Removes products from the collection box (all or none); products claimed from them stay',
  }),
  /** All or nothing (COLLECT_ALREADY_CLAIMED names the conflicts). */
  claim: defineEndpoint({
    method: 'POST',
    path: '/api-product/collect/claim',
    access: 'session',
    json: ClaimRequestSchema,
    permission: { menu: '/product/collectorList', button: 'claim' },
    response: ClaimResultSchema,
    summary:
      'Claims collected products into shops as products waiting to be published, priced with the pricing template; all or nothing',
  }),
  settings: defineEndpoint({
    method: 'GET',
    path: '/admin/pluginmanage/getByTenantId',
    access: 'session',
    response: PluginSettingsSchema,
    summary: 'The plug-in settings of the account’s main account, and the extension on offer',
  }),
  saveSettings: defineEndpoint({
    method: 'POST',
    path: '/admin/pluginmanage/save',
    access: 'main',
    json: PluginSettingsInputSchema,
    permission: { menu: '/product/collectorList' },
    response: PluginSettingsSchema,
    summary: 'Saves the plug-in settings: default shops, pricing template, bulk collection pace',
  }),
};
