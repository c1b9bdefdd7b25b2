import { z } from 'zod';
import { LANGUAGES } from './languages';
import { CURRENCIES } from './money';

/** Site codes: the opened marketplaces plus the warehouse-only sites (spec section 1). */
export const SITE_CODES = [
  'my',
  'th',
  'vn',
  'sg',
  'id',
  'ph',
  'cn',
  'tw',
  'pl',
  'br',
  'gb',
] as const;
export type SiteCode = (typeof SITE_CODES)[number];

export const DEFAULT_SITE: SiteCode = 'th';

export const SiteSchema = z.object({
  site: z.enum(SITE_CODES),
  language: z.enum(LANGUAGES),
  currency: z.enum(CURRENCIES).nullable(),
  symbol: z.string().nullable(),
});
export type Site = z.infer<typeof SiteSchema>;

export const SiteListSchema = z.array(SiteSchema);

/** `isAll=1` lists every site; without it only the opened ones. */
export const SiteListQuerySchema = z.object({
  isAll: z.enum(['0', '1']).optional(),
});
export type SiteListQuery = z.infer<typeof SiteListQuerySchema>;
