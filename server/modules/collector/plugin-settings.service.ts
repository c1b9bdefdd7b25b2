import {
  DEFAULT_PLUGIN_SETTINGS,
  type PluginSettings,
  type PluginSettingsInput,
} from '@shared/contracts/collector';
import { and, eq, inArray } from 'drizzle-orm';
import packageJson from '../../../package.json' with { type: 'json' };
import type { Actor, AppDeps } from '../../context';
import { pluginSettings, shops } from '../../db/schema/index';
import { assertOwnShops } from '../shops/shops.service';
import type { Queryable } from './collector.service';
import { visibleShops } from './collector.service';

/** Where the console serves the zipped extension. */
const DOWNLOAD_URL = '/downloads/extension.zip';

/**
 * The version of the extension the server offers: the project's version, which the extension
 * build writes into its manifest.
 */
const OFFERED_VERSION: string = packageJson.version;

/** The main account's pricing template and other settings as stored, or the defaults. */
export async function settingsOf(
  deps: { db: Queryable },
  actor: Pick<Actor, 'ownerId'>,
): Promise<PluginSettingsInput> {
  const { db } = deps;
  const { ownerId } = actor;
  const [row] = await db
    .select()
    .from(pluginSettings)
    .where(eq(pluginSettings.ownerId, ownerId))
    .limit(1);
  if (!row) return DEFAULT_PLUGIN_SETTINGS;
  return {
    defaultShopIds: row.defaultShopIds,
    pricing: { markupPercent: row.markupPercent, rounding: row.rounding },
    bulkPerMinute: row.bulkPerMinute,
  };
}

/**
 * GET /admin/pluginmanage/getByTenantId: the main account's plug-in settings as the actor sees
 * them (default shops it cannot see, or that are gone, are left out) and the extension on offer.
 */
export async function getPluginSettings(
  deps: Pick<AppDeps, 'db'>,
  actor: Actor,
): Promise<PluginSettings> {
  const { db } = deps;
  const settings = await settingsOf(deps, actor);
  const visible = settings.defaultShopIds.length
    ? await db
        .select({ id: shops.id })
        .from(shops)
        .where(and(inArray(shops.id, settings.defaultShopIds), visibleShops(actor)))
    : [];
  const seen = new Set(visible.map((shop) => shop.id));
  return {
    ...settings,
    defaultShopIds: settings.defaultShopIds.filter((id) => seen.has(id)),
    version: OFFERED_VERSION,
    downloadUrl: DOWNLOAD_URL,
  };
}

/** POST /admin/pluginmanage/save: the main account's settings; default shops must be its own. */
export async function savePluginSettings(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  actor: Actor,
  input: PluginSettingsInput,
): Promise<PluginSettings> {
  const { db, clock } = deps;
  const defaultShopIds = [...new Set(input.defaultShopIds)];
  await assertOwnShops(deps, actor, defaultShopIds);
  const values = {
    defaultShopIds,
    markupPercent: input.pricing.markupPercent,
    rounding: input.pricing.rounding,
    bulkPerMinute: input.bulkPerMinute,
    updatedAt: clock.now(),
  };
  await db
    .insert(pluginSettings)
    .values({ ownerId: actor.ownerId, ...values })
    .onConflictDoUpdate({ target: pluginSettings.ownerId, set: values });
  return getPluginSettings(deps, actor);
}
