import { PLUGIN_HEADER } from '@shared/contracts/collector';
import { endpoints } from '@shared/contracts/endpoints';
import { AppError } from '../../lib/errors';
import { ok } from '../../lib/respond';
import { defineRoute } from '../../lib/route';
import { claimCollected } from './claim.service';
import {
  collectDrafts,
  deleteCollected,
  getCollected,
  listCollected,
  shareCollected,
  updateCollected,
} from './collector.service';
import { getPluginSettings, savePluginSettings } from './plugin-settings.service';

/**
 * A collected product is the main account's, shared by its sub-accounts (not scoped by shop): the
 * services look it up by the actor's main account, so another account's id is "not found".
 */
const COLLECTED_ID = ['id'] as const;

export const collectorRoutes = [
  defineRoute(endpoints.collector.collect, async ({ c, deps, actor, json }) => {
    if (!c.req.header(PLUGIN_HEADER)) throw new AppError('PLUGIN_REQUIRED');
    return ok(c, await collectDrafts(deps, actor, json.drafts), 'saved');
  }),
  defineRoute(endpoints.collector.list, async ({ c, deps, actor, query }) =>
    ok(c, await listCollected(deps, actor, query)),
  ),
  defineRoute(
    endpoints.collector.detail,
    { notObjects: COLLECTED_ID },
    async ({ c, deps, actor, query }) => ok(c, await getCollected(deps, actor, query.id)),
  ),
  defineRoute(
    endpoints.collector.shareLink,
    { notObjects: COLLECTED_ID },
    async ({ c, deps, actor, json }) => ok(c, await shareCollected(deps, actor, json.id)),
  ),
  defineRoute(
    endpoints.collector.update,
    { notObjects: COLLECTED_ID },
    async ({ c, deps, actor, json }) =>
      ok(c, await updateCollected(deps, actor, { ...json, language: c.var.t.language }), 'saved'),
  ),
  defineRoute(endpoints.collector.remove, async ({ c, deps, actor, json }) =>
    ok(c, await deleteCollected(deps, actor, json.ids), 'saved'),
  ),
  defineRoute(
    endpoints.collector.claim,
    {
      // Shops the actor may not act on are refused by the service (COLLECT_SHOP_UNAVAILABLE).
      notObjects: ['shopIds'],
    },
    async ({ c, deps, actor, json }) => ok(c, await claimCollected(deps, actor, json), 'saved'),
  ),
  defineRoute(endpoints.collector.settings, async ({ c, deps, actor }) =>
    ok(c, await getPluginSettings(deps, actor)),
  ),
  defineRoute(
    endpoints.collector.saveSettings,
    {
      objects: [{ type: 'shop', field: 'defaultShopIds' }],
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
