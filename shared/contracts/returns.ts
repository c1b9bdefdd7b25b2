import * as z from 'zod/mini';
import { PLATFORMS } from './shops';

/**
 * A return's state (spec section 4, return tabs): `toSign` registered and on its way to our
 * warehouse, `pending` signed for by the warehouse and waiting for the seller's decision,
 * `completed` restocked or disposed of, `cancelled` withdrawn before the warehouse signed.
 */
export const RETURN_STATUSES = ['toSign', 'pending', 'completed', 'cancelled'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

/** What the seller does with a signed return. */
export const RETURN_OUTCOMES = ['restock', 'dispose'] as const;
export type ReturnOutcome = (typeof RETURN_OUTCOMES)[number];

/** The logistics companies a return comes back with (the RETURN_EXPRESS dictionary). */
export const RETURN_EXPRESS = [
  'flash',
  'kerry',
  'jt',
  'thaipost',
  'ninjavan',
  'lex',
  'spx',
  'best',
  'dhl',
  'other',
] as const;

const Uuid = z.uuid({ error: 'invalid' });

const ReturnItemSchema = z.object({
  orderItemId: z.string(),
  /** The returned SKU (the item's seller SKU, or its name without one). */
  sku: z.string(),
  name: z.string(),
  image: z.nullable(z.string()),
  quantity: z.int(),
  remark: z.nullable(z.string()),
});

/** A return (spec section 3): its logistics company, shipment number and items. */
export const ReturnSchema = z.object({
  id: z.string(),
  returnNo: z.string(),
  status: z.enum(RETURN_STATUSES),
  outcome: z.nullable(z.enum(RETURN_OUTCOMES)),
  orderId: z.string(),
  orderNo: z.string(),
  platform: z.enum(PLATFORMS),
  shopId: z.string(),
  shopName: z.string(),
  express: z.enum(RETURN_EXPRESS),
  trackingNo: z.string(),
  items: z.array(ReturnItemSchema),
  createdAt: z.string(),
  signedAt: z.nullable(z.string()),
  completedAt: z.nullable(z.string()),
  cancelledAt: z.nullable(z.string()),
});
export type Return = z.infer<typeof ReturnSchema>;

/** GET /order/return/list: one tab of returns, newest first, by keyset. */
export const ReturnListQuerySchema = z.object({
  status: z._default(z.enum(RETURN_STATUSES), 'toSign'),
  shopId: z.optional(Uuid),
  keyword: z.optional(z.string().check(z.trim(), z.maxLength(64))),
  cursor: z.optional(z.string().check(z.maxLength(200))),
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), 50),
});
export type ReturnListQuery = z.infer<typeof ReturnListQuerySchema>;

export const ReturnPageSchema = z.object({
  records: z.array(ReturnSchema),
  nextCursor: z.nullable(z.string()),
  /** Returns per tab (with the shop and keyword filters). */
  counts: z.object({
    toSign: z.int(),
    pending: z.int(),
    completed: z.int(),
    cancelled: z.int(),
  } satisfies Record<ReturnStatus, unknown>),
});
export type ReturnPage = z.infer<typeof ReturnPageSchema>;

/**
 * POST /order/return/create (spec section 5, return sign): the logistics company, the shipment
 * number and at least one item, each at most what is still returnable of it.
 */
export const CreateReturnSchema = z.object({
  orderId: Uuid,
  express: z.enum(RETURN_EXPRESS),
  trackingNo: z.string().check(z.trim(), z.minLength(1), z.maxLength(60)),
  items: z
    .array(
      z.object({
        orderItemId: z.string().check(z.minLength(1), z.maxLength(120)),
        quantity: z.int().check(z.minimum(1), z.maximum(9999)),
        remark: z.optional(z.string().check(z.trim(), z.maxLength(200))),
      }),
    )
    .check(z.minLength(1, { error: 'tooFewItems' }), z.maxLength(100)),
});
export type CreateReturn = z.input<typeof CreateReturnSchema>;

export const ReturnIdSchema = z.object({ returnId: Uuid });
export const ProcessReturnSchema = z.object({ returnId: Uuid, outcome: z.enum(RETURN_OUTCOMES) });
