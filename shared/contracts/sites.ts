import * as z from 'zod/mini';
import { LANGUAGES } from './languages';
import { CURRENCIES } from './money';
import { SITE_CODES } from './site-codes';

export const SiteSchema = z.object({
  site: z.enum(SITE_CODES),
  language: z.enum(LANGUAGES),
  currency: z.nullable(z.enum(CURRENCIES)),
  symbol: z.nullable(z.string()),
});
export type Site = z.infer<typeof SiteSchema>;

export const SiteListSchema = z.array(SiteSchema);

/** `isAll=1` lists every site; without it only the opened ones. */
export const SiteListQuerySchema = z.object({
  isAll: z.optional(z.enum(['0', '1'])),
});
export type SiteListQuery = z.infer<typeof SiteListQuerySchema>;
