import * as z from 'zod/mini';
import { SITE_CODES } from './site-codes';

export const PLATFORMS = ['lazada', 'shopee', 'tiktok'] as const;
export type Platform = (typeof PLATFORMS)[number];

/** Shop types of spec section 3. */
export const SHOP_TYPES = ['local', 'general', 'crossBorder', 'global'] as const;
/** Authorization status of spec section 4. */
export const SHOP_STATUSES = ['normal', 'abnormal'] as const;

export const ShopSchema = z.object({
  id: z.string(),
  name: z.string(),
  alias: z.string(),
  platform: z.enum(PLATFORMS),
  site: z.enum(SITE_CODES),
  type: z.enum(SHOP_TYPES),
  status: z.enum(SHOP_STATUSES),
  defaultLogistics: z.nullable(z.string()),
  authorizedAt: z.string(),
});
export type Shop = z.infer<typeof ShopSchema>;
export const ShopListSchema = z.array(ShopSchema);

export const ShopIdQuerySchema = z.object({ shopId: z.uuid({ error: 'invalid' }) });

/** Shop alias cannot be empty (spec section 5). */
export const ShopAliasRequestSchema = z.object({
  shopId: z.uuid({ error: 'invalid' }),
  alias: z.string().check(z.trim(), z.minLength(1), z.maxLength(40)),
});
