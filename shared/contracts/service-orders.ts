import * as z from 'zod/mini';
import { CURRENCIES } from './money';
import { stepsOf } from './service-steps';

/**
 * Service order types (spec section 4): `crossSale` bought through a purchase link and shipped to
 * the buyer, `giftShipment` gifts sent with an order, `crossSupplement` restocking the overseas
 * warehouse, `crossStoreSale` shipped from overseas stock. `valueAdded` is a service bought in the
 * service market (decisions.md), with no platform order behind it.
 */
export const SERVICE_TYPES = [
  'crossSale',
  'giftShipment',
  'crossSupplement',
  'crossStoreSale',
  'valueAdded',
] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];

/** The types an order's processing makes (the service market makes `valueAdded`). */
export const ORDER_SERVICE_TYPES = [
  'crossSale',
  'crossSupplement',
  'crossStoreSale',
  'giftShipment',
] as const satisfies readonly ServiceType[];
export type OrderServiceType = (typeof ORDER_SERVICE_TYPES)[number];

/**
 * A service order's status: `pending` submitted with its estimate frozen and waiting for our
 * staff, `processing` some step under way, `completed` settled on its actual amount, `cancelled`
 * withdrawn by the seller and `aborted` stopped by our staff with a reason, each with its freeze
 * released.
 */
export const SERVICE_STATUSES = [
  'pending',
  'processing',
  'completed',
  'cancelled',
  'aborted',
] as const;
export type ServiceStatus = (typeof SERVICE_STATUSES)[number];

/** The fee parts of an estimate (spec section 3, purchase order fees), integer minor units. */
export const SERVICE_FEE_PARTS = [
  'purchase',
  'domesticFreight',
  'internationalFreight',
  'service',
  'consumables',
] as const;

export const ServiceFeesSchema = z.object({
  purchase: z.int(),
  domesticFreight: z.int(),
  internationalFreight: z.int(),
  service: z.int(),
  consumables: z.int(),
});
export type ServiceFees = z.infer<typeof ServiceFeesSchema>;

/** One step of a service's progress; the services pages add and move them. */
const ServiceStepSchema = z.object({
  key: z.string(),
  at: z.nullable(z.string()),
  done: z.boolean(),
});
export type ServiceStep = z.infer<typeof ServiceStepSchema>;

/** One line of a service order: what it handles, how many and (bought) at what price. */
const ServiceItemSchema = z.object({
  /** The platform order's item, when the service came from one. */
  orderItemId: z.nullable(z.string()),
  name: z.string(),
  sku: z.nullable(z.string()),
  image: z.nullable(z.string()),
  quantity: z.int(),
  purchaseUrl: z.nullable(z.string()),
  /** The purchase price of one unit, minor units of `purchaseCurrency`. */
  purchasePrice: z.nullable(z.int()),
  purchaseCurrency: z.nullable(z.enum(CURRENCIES)),
});
export type ServiceItem = z.infer<typeof ServiceItemSchema>;

/** A service order (spec section 3): what we do for the seller, its money, and the order it came from. */
export const ServiceOrderSchema = z.object({
  id: z.string(),
  serviceNo: z.string(),
  type: z.enum(SERVICE_TYPES),
  status: z.enum(SERVICE_STATUSES),
  currency: z.enum(CURRENCIES),
  /** The estimate, before the coupon; what was frozen is `estimate - discount`. */
  estimate: z.int(),
  fees: ServiceFeesSchema,
  discount: z.int(),
  frozen: z.int(),
  couponId: z.nullable(z.string()),
  /** Set when it is settled. */
  actual: z.nullable(z.int()),
  /** The platform order it came from (none for a service bought in the market). */
  orderId: z.nullable(z.string()),
  platformOrderNo: z.nullable(z.string()),
  shopId: z.nullable(z.string()),
  items: z.array(ServiceItemSchema),
  steps: z.array(ServiceStepSchema),
  /** Steps done out of all, 0 to 100. */
  progress: z.int(),
  remark: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ServiceOrder = z.infer<typeof ServiceOrderSchema>;

/** The progress steps each type goes through (services.ts has them with their targets). */
export const SERVICE_STEPS: Record<ServiceType, readonly string[]> = {
  crossSale: stepsOf('crossSale'),
  crossSupplement: stepsOf('crossSupplement'),
  crossStoreSale: stepsOf('crossStoreSale'),
  giftShipment: stepsOf('giftShipment'),
  valueAdded: stepsOf('valueAdded'),
};

/** The share of steps done, 0 to 100. */
export function progressOf(steps: readonly Pick<ServiceStep, 'done'>[]): number {
  if (steps.length === 0) return 0;
  return Math.round((steps.filter((step) => step.done).length * 100) / steps.length);
}
