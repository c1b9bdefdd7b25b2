import type { Currency } from '@shared/contracts/money';
import { siteCurrency } from '@shared/contracts/product-rules';
import type { Costing, PricingTemplate } from '@shared/contracts/products';
import type { SiteCode } from '@shared/contracts/site-codes';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Actor, AppDeps } from '../../context';
import type { Database } from '../../db/client';
import { pluginSettings, products, shopProductSettings, shops } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { convert } from '../wallet/exchange-rates';

export type ProductRow = typeof products.$inferSelect;
export type ShopRow = typeof shops.$inferSelect;

/** The shops an actor may see and act on: its main account's, narrowed to a sub-account's. */
export function visibleShopIds(actor: Pick<Actor, 'ownerId' | 'shopIds'>): SQL {
  const owned = eq(products.ownerId, actor.ownerId);
  if (actor.shopIds === null) return owned;
  if (actor.shopIds.length === 0) return sql`false`;
  return and(owned, inArray(products.shopId, actor.shopIds)) as SQL;
}

function shopVisible(actor: Pick<Actor, 'ownerId' | 'shopIds'>, shop: ShopRow): boolean {
  return (
    shop.ownerId === actor.ownerId && (actor.shopIds === null || actor.shopIds.includes(shop.id))
  );
}

/** A shop of the actor's, or RECORD_NOT_FOUND (another tenant's shop is not told apart). */
export async function shopOf(
  deps: { db: Database },
  actor: Pick<Actor, 'ownerId' | 'shopIds'>,
  shopId: string,
): Promise<ShopRow> {
  const [shop] = await deps.db.select().from(shops).where(eq(shops.id, shopId));
  if (!shop || !shopVisible(actor, shop)) throw new AppError('RECORD_NOT_FOUND');
  return shop;
}

/** Products of the actor's shops by id, with their shops (missing ones left out). */
async function productsOf(
  deps: { db: Database },
  actor: Pick<Actor, 'ownerId' | 'shopIds'>,
  ids: readonly string[],
  options: { lock?: boolean } = {},
): Promise<Array<{ product: ProductRow; shop: ShopRow }>> {
  if (ids.length === 0) return [];
  const query = deps.db
    .select({ product: products, shop: shops })
    .from(products)
    .innerJoin(shops, eq(shops.id, products.shopId))
    .where(and(inArray(products.id, [...ids]), visibleShopIds(actor)));
  return options.lock ? query.for('update', { of: products }) : query;
}

/**
 * Every product of `ids`, of the actor's shops: a bulk action is refused as a whole
 * (RECORD_NOT_FOUND) when any id is not the actor's, so nobody learns which ids exist.
 */
export async function allProductsOf(
  deps: { db: Database },
  actor: Pick<Actor, 'ownerId' | 'shopIds'>,
  ids: readonly string[],
): Promise<Array<{ product: ProductRow; shop: ShopRow }>> {
  const unique = [...new Set(ids)];
  const found = await productsOf(deps, actor, unique);
  if (found.length !== unique.length) throw new AppError('RECORD_NOT_FOUND');
  return found;
}

export async function productOf(
  deps: { db: Database },
  actor: Pick<Actor, 'ownerId' | 'shopIds'>,
  id: string,
): Promise<{ product: ProductRow; shop: ShopRow }> {
  const [found] = await productsOf(deps, actor, [id]);
  if (!found) throw new AppError('RECORD_NOT_FOUND');
  return found;
}

export const shopName = (shop: Pick<ShopRow, 'alias' | 'name'>) => shop.alias.trim() || shop.name;
export const shopCurrency = (shop: ShopRow): Currency => siteCurrency(shop.site as SiteCode);

/** The template a shop starts from: the account's markup and rounding, 35 CNY/kg, 6 % fee, 20 % margin, 25 % strike-through. */
const DEFAULT_PRICING: PricingTemplate = {
  markupPercent: 0,
  rounding: 'none',
  shippingPerKg: 3500,
  handling: 0,
  platformFeeBps: 600,
  marginBps: 2000,
  strikeThroughBps: 2500,
};

/**
 * A shop's pricing template: its own settings, over the collector's template of its main account
 * (markup and rounding), over the defaults. `own` says whether the shop has one of its own.
 */
export async function pricingOf(
  deps: { db: Database },
  shop: ShopRow,
): Promise<{ template: PricingTemplate; own: boolean; defaultLogisticsId: string | null }> {
  const [settings] = await deps.db
    .select()
    .from(shopProductSettings)
    .where(eq(shopProductSettings.shopId, shop.id));
  const [plugin] = await deps.db
    .select()
    .from(pluginSettings)
    .where(eq(pluginSettings.ownerId, shop.ownerId));
  const base: PricingTemplate = {
    ...DEFAULT_PRICING,
    ...(plugin ? { markupPercent: plugin.markupPercent, rounding: plugin.rounding } : {}),
  };
  const own = settings?.platformFeeBps !== null && settings?.platformFeeBps !== undefined;
  const template: PricingTemplate = own
    ? {
        markupPercent: settings.markupPercent ?? base.markupPercent,
        rounding: (settings.rounding as PricingTemplate['rounding'] | null) ?? base.rounding,
        shippingPerKg: settings.shippingPerKg ?? base.shippingPerKg,
        handling: settings.handling ?? base.handling,
        platformFeeBps: settings.platformFeeBps ?? base.platformFeeBps,
        marginBps: settings.marginBps ?? base.marginBps,
        strikeThroughBps: settings.strikeThroughBps ?? base.strikeThroughBps,
      }
    : base;
  return { template, own, defaultLogisticsId: settings?.defaultLogisticsId ?? null };
}

/** The CNY rate into a currency in force now (recorded: its value and date), or null when none is stored. */
export async function costingOf(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  to: Currency,
): Promise<Costing | null> {
  try {
    const conversion = await convert(deps, null, {
      amount: 100,
      from: 'CNY',
      to,
      at: deps.clock.now(),
    });
    const dated = conversion.legs.map((leg) => leg.effectiveFrom).sort();
    return {
      from: 'CNY',
      to,
      rate: conversion.rate,
      rateAt: dated.at(-1) ?? conversion.at,
    };
  } catch {
    return null;
  }
}

/** A rate between any two of our currencies in force now, or null. */
export async function rateBetween(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  from: Currency,
  to: Currency,
): Promise<{ rate: string; rateAt: string } | null> {
  try {
    const conversion = await convert(deps, null, { amount: 100, from, to, at: deps.clock.now() });
    const dated = conversion.legs.map((leg) => leg.effectiveFrom).sort();
    return { rate: conversion.rate, rateAt: dated.at(-1) ?? conversion.at };
  } catch {
    return null;
  }
}
