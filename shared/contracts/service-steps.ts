/** The service types (service-orders.ts, which reads the plan below). */
type ServiceType =
  | 'crossSale'
  | 'giftShipment'
  | 'crossSupplement'
  | 'crossStoreSale'
  | 'valueAdded';

/**
 * The seven progress steps of a service (spec section 4), in order: submitted by the seller,
 * purchase reviewed, purchase delivered, in and out of the domestic warehouse, in and out of the
 * overseas warehouse.
 */
export const SERVICE_STEP_KEYS = [
  'serviceSubmit',
  'purchaseReview',
  'purchaseDelivery',
  'domesticWarehouseIn',
  'domesticWarehouseOut',
  'overseasWarehouseIn',
  'overseasWarehouseOut',
] as const;
export type ServiceStepKey = (typeof SERVICE_STEP_KEYS)[number];

/**
 * The step that takes the goods of a service's purchase in (our domestic warehouse signs for
 * them): a service funding a purchase request reaches it only once the request has arrived.
 */
export const PURCHASE_ARRIVAL_STEP: ServiceStepKey = 'domesticWarehouseIn';

/** One applicable step of a type, with the hours it should take at most once the step before is done. */
export interface PlannedStep {
  step: ServiceStepKey;
  targetHours: number;
}

/**
 * The steps each type goes through, in order, with their targets; a step a type leaves out is
 * "not applicable" for it. A cross-border sale is bought, passes our domestic warehouse and the
 * overseas one; a supplement ends in the overseas warehouse's stock; a gift and a sale from
 * overseas stock only leave the overseas warehouse; a market service (`valueAdded`) is reviewed
 * and done at the domestic warehouse.
 */
export const SERVICE_STEP_PLAN: Record<ServiceType, readonly PlannedStep[]> = {
  crossSale: [
    { step: 'serviceSubmit', targetHours: 0 },
    { step: 'purchaseReview', targetHours: 24 },
    { step: 'purchaseDelivery', targetHours: 72 },
    { step: 'domesticWarehouseIn', targetHours: 24 },
    { step: 'domesticWarehouseOut', targetHours: 48 },
    { step: 'overseasWarehouseIn', targetHours: 168 },
    { step: 'overseasWarehouseOut', targetHours: 48 },
  ],
  crossSupplement: [
    { step: 'serviceSubmit', targetHours: 0 },
    { step: 'purchaseReview', targetHours: 24 },
    { step: 'purchaseDelivery', targetHours: 72 },
    { step: 'domesticWarehouseIn', targetHours: 24 },
    { step: 'domesticWarehouseOut', targetHours: 48 },
    { step: 'overseasWarehouseIn', targetHours: 168 },
  ],
  crossStoreSale: [
    { step: 'serviceSubmit', targetHours: 0 },
    { step: 'overseasWarehouseOut', targetHours: 48 },
  ],
  giftShipment: [
    { step: 'serviceSubmit', targetHours: 0 },
    { step: 'overseasWarehouseOut', targetHours: 48 },
  ],
  valueAdded: [
    { step: 'serviceSubmit', targetHours: 0 },
    { step: 'purchaseReview', targetHours: 24 },
    { step: 'domesticWarehouseIn', targetHours: 48 },
    { step: 'domesticWarehouseOut', targetHours: 48 },
  ],
};

/** The steps a type goes through, in order. */
export function stepsOf(type: ServiceType): ServiceStepKey[] {
  return SERVICE_STEP_PLAN[type].map((planned) => planned.step);
}

/** Steps the seller may still cancel at: nothing after the purchase review has started. */
const CANCELLABLE_STEPS: readonly ServiceStepKey[] = ['serviceSubmit', 'purchaseReview'];

/** Whether the seller may still withdraw a service with these steps done. */
export function cancellableAt(done: readonly ServiceStepKey[]): boolean {
  return done.every((step) => CANCELLABLE_STEPS.includes(step));
}
