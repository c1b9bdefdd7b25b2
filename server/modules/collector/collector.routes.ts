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
} from '@shared/contracts/collector';
import { AppError } from '../../lib/errors';
import { ok } from '../../lib/respond';
import { defineRoute } from '../../lib/route';
import { claimCollected } from './claim.service';
import {
  collectDrafts,
  deleteCollected,
  getCollected,
  listCollected,
  updateCollected,
} from './collector.service';
import { getPluginSettings, savePluginSettings } from './plugin-settings.service';

const COLLECTOR_LIST = '/product/collectorList';
const COLLECTOR_DETAILS = '/product/collectorDetails';
/**
 * A collected product is the main account's, shared by its sub-accounts (not scoped by shop): the
 * services look it up by the actor's main account, so another account's id is "not found".
 */
const COLLECTED_ID = ['id'] as const;

export const collectorRoutes = [
  defineRoute(
    {
      method: 'POST',
      path: '/api-product/collect/add',
      access: 'session',
      json: CollectRequestSchema,
      permission: { menu: COLLECTOR_LIST },
      response: CollectResultSchema,
      summary: `Adds products read by the collector extension (it sends the ${PLUGIN_HEADER} header); an item collected again is refreshed, keeping edits and claims`,
    },
    async ({ c, deps, actor, json }) => {
      if (!c.req.header(PLUGIN_HEADER)) throw new AppError('PLUGIN_REQUIRED');
      return ok(c, await collectDrafts(deps, actor, json.drafts), 'saved');
    },
  ),
  defineRoute(
    {
      method: 'GET',
      path: '/api-product/collect/list',
      access: 'session',
      query: CollectListQuerySchema,
      permission: { menu: COLLECTOR_LIST },
      response: CollectPageSchema,
      summary: 'One page of the collection box (unclaimed or claimed), with both tabs’ counts',
    },
    async ({ c, deps, actor, query }) => ok(c, await listCollected(deps, actor, query)),
  ),
  defineRoute(
    {
      method: 'GET',
      path: '/api-product/collect/detail',
      access: 'session',
      query: CollectIdQuerySchema,
      notObjects: COLLECTED_ID,
      permission: { menu: COLLECTOR_DETAILS },
      response: CollectedProductDetailSchema,
      summary: 'A collected product as it stands and as it was collected, with its claims',
    },
    async ({ c, deps, actor, query }) => ok(c, await getCollected(deps, actor, query.id)),
  ),
  defineRoute(
    {
      method: 'POST',
      path: '/api-product/collect/update',
      access: 'session',
      json: UpdateCollectedRequestSchema,
      notObjects: COLLECTED_ID,
      permission: { menu: COLLECTOR_DETAILS, button: 'edit' },
      response: CollectedProductDetailSchema,
      summary:
        'Saves the seller’s edit of a collected product (collecting it again keeps the edit)',
    },
    async ({ c, deps, actor, json }) =>
      ok(c, await updateCollected(deps, actor, { ...json, language: c.var.t.language }), 'saved'),
  ),
  defineRoute(
    {
      method: 'POST',
      path: '/api-product/collect/delete',
      access: 'session',
      json: DeleteCollectedRequestSchema,
      permission: { menu: COLLECTOR_LIST, button: 'delete' },
      response: DeleteCollectedResultSchema,
      summary:
        'Removes products from the collection box (all or none); products claimed from them stay',
    },
    async ({ c, deps, actor, json }) =>
      ok(c, await deleteCollected(deps, actor, json.ids), 'saved'),
  ),
  defineRoute(
    {
      method: 'POST',
      path: '/api-product/collect/claim',
      access: 'session',
      json: ClaimRequestSchema,
      // Shops the actor may not act on are refused by the service (COLLECT_SHOP_UNAVAILABLE).
      notObjects: ['shopIds'],
      permission: { menu: COLLECTOR_LIST, button: 'claim' },
      response: ClaimResultSchema,
      summary:
        'Claims collected products into shops as products waiting to be published, priced with the pricing template; all or nothing',
    },
    async ({ c, deps, actor, json }) => ok(c, await claimCollected(deps, actor, json), 'saved'),
  ),
  defineRoute(
    {
      method: 'GET',
      path: '/admin/pluginmanage/getByTenantId',
      access: 'session',
      response: PluginSettingsSchema,
      summary: 'The plug-in settings of the account’s main account, and the extension on offer',
    },
    async ({ c, deps, actor }) => ok(c, await getPluginSettings(deps, actor)),
  ),
  defineRoute(
    {
      method: 'POST',
      path: '/admin/pluginmanage/save',
      access: 'main',
      json: PluginSettingsInputSchema,
      objects: [{ type: 'shop', field: 'defaultShopIds' }],
      permission: { menu: COLLECTOR_LIST },
      response: PluginSettingsSchema,
      summary: 'Saves the plug-in settings: default shops, pricing template, bulk collection pace',
      example: (ids) => ({
        json: {
          defaultShopIds: [ids.shopId],
          pricing: { markupPercent: 20, rounding: 'ninetyNine' },
          bulkPerMinute: 10,
        },
      }),
    },
    async ({ c, deps, actor, json }) => ok(c, await savePluginSettings(deps, actor, json), 'saved'),
  ),
];
