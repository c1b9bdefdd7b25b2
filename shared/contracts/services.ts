import * as z from 'zod/mini';
import { DateTimeSchema, TimeZoneSchema } from './date-range';
import { CURRENCIES } from './money';
import { KeysetPageShape, KeysetQueryShape } from './paging';
import { PURCHASE_STATUSES } from './purchases';
import {
  SERVICE_STATUSES,
  SERVICE_TYPES,
  ServiceFeesSchema,
  type ServiceStatus,
} from './service-orders';
import { QUANTITY_LIMITS, type SERVICE_ITEM_CODES } from './service-prices';
import { SERVICE_STEP_KEYS } from './service-steps';

/**
 * Services (spec sections 2, 3, 4, 8, 9): the service market (a price list with its effective
 * date, a buy that freezes its exact total), the seller's service progress (tabs, filters, keyset
 * pages, a detail with the seven steps, proofs and amounts) and the operators' queue (move one
 * step forward, complete on the actual amounts, abort with a reason).
 */

/** The progress list's tabs and the statuses each shows ("pending" is everything not finished). */
export const SERVICE_TABS = {
  all: SERVICE_STATUSES,
  pending: ['pending', 'processing'],
  complete: ['completed'],
  cancel: ['cancelled'],
  abort: ['aborted'],
} as const satisfies Record<string, readonly ServiceStatus[]>;
export type ServiceTab = keyof typeof SERVICE_TABS;
/** @public */
export const SERVICE_TAB_KEYS = Object.keys(SERVICE_TABS) as [ServiceTab, ...ServiceTab[]];

/** Statuses in which operators still move a service. */
export const OPEN_SERVICE_STATUSES = SERVICE_TABS.pending;

const required = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));
const text = (max: number) => z.string().check(z.trim(), z.maxLength(max));
const Uuid = z.string().check(z.regex(/^[0-9a-f-]{36}$/i, { error: 'invalidFormat' }));
const ServiceNo = required(40);
const Limit = z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), 20);
const amount = () => z.int().check(z.nonnegative(), z.maximum(1_000_000_000_00));
const count = (max: number, least = 1) => z.int().check(z.minimum(least), z.maximum(max));

/* ---------------------------------------------------------------- price list */

const RatesSchemas = {
  returns: z.object({ perPiece: amount(), freePieces: count(1_000, 0) }),
  stretchFilm: z.object({ perMetre: amount() }),
  bubbleWrap: z.object({ perMetre: amount() }),
  woodenFrame: z.object({ perCbm: amount() }),
  storage: z.object({ perCbmDay: amount(), minimumCm3: count(QUANTITY_LIMITS.volumeCm3, 0) }),
  translation: z.object({ perBlock: amount(), blockCharacters: count(100_000) }),
  factoryAudit: z.object({ perDay: amount(), perKm: amount() }),
};

const QuantitySchemas = {
  returns: z.object({ pieces: count(QUANTITY_LIMITS.pieces, 0) }),
  stretchFilm: z.object({ lengthCm: count(QUANTITY_LIMITS.lengthCm) }),
  bubbleWrap: z.object({ lengthCm: count(QUANTITY_LIMITS.lengthCm) }),
  woodenFrame: z.object({
    lengthCm: count(QUANTITY_LIMITS.sideCm),
    widthCm: count(QUANTITY_LIMITS.sideCm),
    heightCm: count(QUANTITY_LIMITS.sideCm),
  }),
  storage: z.object({
    volumeCm3: count(QUANTITY_LIMITS.volumeCm3),
    days: count(QUANTITY_LIMITS.days),
  }),
  translation: z.object({ characters: count(QUANTITY_LIMITS.characters) }),
  factoryAudit: z.object({
    days: count(QUANTITY_LIMITS.days),
    tenthsKm: count(QUANTITY_LIMITS.tenthsKm, 0),
  }),
};

/** One priced item as the price list serves it: its rates in its currency. */
const PricedItemSchema = z.discriminatedUnion('code', [
  z.object({
    code: z.literal('returns'),
    currency: z.enum(CURRENCIES),
    rates: RatesSchemas.returns,
  }),
  z.object({
    code: z.literal('stretchFilm'),
    currency: z.enum(CURRENCIES),
    rates: RatesSchemas.stretchFilm,
  }),
  z.object({
    code: z.literal('bubbleWrap'),
    currency: z.enum(CURRENCIES),
    rates: RatesSchemas.bubbleWrap,
  }),
  z.object({
    code: z.literal('woodenFrame'),
    currency: z.enum(CURRENCIES),
    rates: RatesSchemas.woodenFrame,
  }),
  z.object({
    code: z.literal('storage'),
    currency: z.enum(CURRENCIES),
    rates: RatesSchemas.storage,
  }),
  z.object({
    code: z.literal('translation'),
    currency: z.enum(CURRENCIES),
    rates: RatesSchemas.translation,
  }),
  z.object({
    code: z.literal('factoryAudit'),
    currency: z.enum(CURRENCIES),
    rates: RatesSchemas.factoryAudit,
  }),
]);

/** An item with the quantities bought, exact integers in small units. */
export const ServiceLineSchema = z.discriminatedUnion('code', [
  z.object({ code: z.literal('returns'), quantities: QuantitySchemas.returns }),
  z.object({ code: z.literal('stretchFilm'), quantities: QuantitySchemas.stretchFilm }),
  z.object({ code: z.literal('bubbleWrap'), quantities: QuantitySchemas.bubbleWrap }),
  z.object({ code: z.literal('woodenFrame'), quantities: QuantitySchemas.woodenFrame }),
  z.object({ code: z.literal('storage'), quantities: QuantitySchemas.storage }),
  z.object({ code: z.literal('translation'), quantities: QuantitySchemas.translation }),
  z.object({ code: z.literal('factoryAudit'), quantities: QuantitySchemas.factoryAudit }),
]);
export type ServiceLine = z.infer<typeof ServiceLineSchema>;

/** A dated exchange rate an amount was converted at, as the order records it. */
const RecordedRateSchema = z.object({
  from: z.enum(CURRENCIES),
  to: z.enum(CURRENCIES),
  /** Units of `to` for one unit of `from`, a decimal of up to 12 places. */
  rate: z.string(),
  /** The moment whose rates were used. */
  at: z.string(),
});
export type RecordedRate = z.infer<typeof RecordedRateSchema>;

/**
 * GET /order/service/price/list: the price list in force, with the seller's wallet currency and the
 * dated rate from each item's currency to it, so the buy form shows the exact wallet total the
 * server will freeze (`servicePriceIn`).
 */
export const PriceListSchema = z.object({
  /** The id and effective date of the list in force. */
  id: z.string(),
  effectiveFrom: z.string(),
  items: z.array(PricedItemSchema),
  walletCurrency: z.enum(CURRENCIES),
  /** One rate per item currency other than the wallet's (none when they match). */
  rates: z.array(RecordedRateSchema),
});
export type PriceList = z.infer<typeof PriceListSchema>;

/** What a market order recorded of the prices it used: the list, the line, the rate and the totals. */
const PriceRecordSchema = z.object({
  priceListId: z.string(),
  effectiveFrom: z.string(),
  item: PricedItemSchema,
  line: ServiceLineSchema,
  /** The exact price in the item's currency, rounded once (minor units). */
  price: z.int(),
  /** The rate to the wallet's currency; null when the item is priced in it. */
  rate: z.nullable(RecordedRateSchema),
  /** What the wallet was asked for, minor units of its currency (rounded once from the exact price). */
  charged: z.int(),
});
export type PriceRecord = z.infer<typeof PriceRecordSchema>;

/**
 * POST /order/service/market/buy (Idempotency-Key): one market item with its quantities and, optionally,
 * a coupon of its scope (consumables fee for film, wrap and frame; service fee otherwise), attached
 * to one of the seller's service orders still in progress or alone. Either way it becomes a service
 * order of type `valueAdded` whose total is frozen in the wallet; -10 when the balance is short.
 */
export const ServiceBuySchema = z.object({
  line: ServiceLineSchema,
  couponId: z.optional(Uuid),
  /** The service order it is for; absent when bought alone. */
  attachTo: z.optional(ServiceNo),
  remark: z._default(text(500), ''),
});
export type ServiceBuy = z.infer<typeof ServiceBuySchema>;

/* ---------------------------------------------------------------- progress list */

/**
 * The list's type filter: the four order types and the market's (`valueAdded`).
 * @public
 */
export const SERVICE_FILTER_TYPES = SERVICE_TYPES;

/** How many days the list shows by default: the last 14, from 00:00:00 of the first. */
export const SERVICE_DEFAULT_DAYS = 14;

/** GET /order/service/progress/list: one tab of the account's services, filtered, newest first. */
export const ServiceListQuerySchema = z.object({
  tab: z._default(z.enum(SERVICE_TAB_KEYS), 'all'),
  type: z.optional(z.enum(SERVICE_FILTER_TYPES)),
  serviceNo: z.optional(text(40)),
  platformOrderNo: z.optional(text(64)),
  /** YYYY-MM-DD HH:mm:ss in `timeZone` (the reader's; else the account's site zone). */
  beginTime: z.optional(DateTimeSchema),
  endTime: z.optional(DateTimeSchema),
  timeZone: z.optional(TimeZoneSchema),
  ...KeysetQueryShape,
  limit: Limit,
});
export type ServiceListQuery = z.infer<typeof ServiceListQuerySchema>;

/** POST /order/service/progress/export: the list's tab and filters, every row (not one page). */
export const ServiceExportQuerySchema = z.object({
  tab: ServiceListQuerySchema.shape.tab,
  type: ServiceListQuerySchema.shape.type,
  serviceNo: ServiceListQuerySchema.shape.serviceNo,
  platformOrderNo: ServiceListQuerySchema.shape.platformOrderNo,
  beginTime: ServiceListQuerySchema.shape.beginTime,
  endTime: ServiceListQuerySchema.shape.endTime,
  timeZone: ServiceListQuerySchema.shape.timeZone,
});
export type ServiceExportQuery = z.infer<typeof ServiceExportQuerySchema>;

/** One row of the progress list (and of the operators' queue). */
const ServiceRowSchema = z.object({
  serviceNo: z.string(),
  type: z.enum(SERVICE_TYPES),
  status: z.enum(SERVICE_STATUSES),
  currency: z.enum(CURRENCIES),
  /** The estimate before the coupon, what was frozen for it, and the actual once completed. */
  estimate: z.int(),
  frozen: z.int(),
  actual: z.nullable(z.int()),
  platformOrderNo: z.nullable(z.string()),
  /** The last step done, when, and the step operators do next (null when all are done). */
  currentStep: z.enum(SERVICE_STEP_KEYS),
  currentStepAt: z.string(),
  nextStep: z.nullable(z.enum(SERVICE_STEP_KEYS)),
  /** The service order a market purchase was attached to. */
  attachedTo: z.nullable(z.string()),
  createdAt: z.string(),
});
export type ServiceRow = z.infer<typeof ServiceRowSchema>;

export const ServicePageSchema = z.object({
  records: z.array(ServiceRowSchema),
  ...KeysetPageShape,
  /** How many services each tab holds with the same filters. */
  counts: z.object({
    all: z.int(),
    pending: z.int(),
    complete: z.int(),
    cancel: z.int(),
    abort: z.int(),
  }),
});
export type ServicePage = z.infer<typeof ServicePageSchema>;

/* ---------------------------------------------------------------- detail */

export const ServiceNoQuerySchema = z.object({ serviceNo: ServiceNo });

/** A photo proof of a step, stored as product media are. */
export const ServiceProofSchema = z.object({
  id: z.string(),
  url: z.string(),
  name: z.string(),
  mimeType: z.string(),
  size: z.int(),
});
export type ServiceProof = z.infer<typeof ServiceProofSchema>;

/** One of the seven steps as the detail shows it. */
const ServiceStepDetailSchema = z.object({
  step: z.enum(SERVICE_STEP_KEYS),
  /** False for a step the type leaves out ("not applicable"). */
  applicable: z.boolean(),
  done: z.boolean(),
  at: z.nullable(z.string()),
  /** Who did it: the seller's account for the submission, the operator after. */
  by: z.nullable(z.string()),
  remark: z.nullable(z.string()),
  proofs: z.array(ServiceProofSchema),
  /** The hours the step should take at most (null when not applicable). */
  targetHours: z.nullable(z.int()),
  /**
   * Whole minutes the step took: from the step before to this one when done, to now for the step
   * under way (the next one); null otherwise.
   */
  spentMinutes: z.nullable(z.int()),
});
export type ServiceStepDetail = z.infer<typeof ServiceStepDetailSchema>;

/** Where the money of a service stands, minor units of `currency`. */
const ServiceAmountsSchema = z.object({
  estimate: z.int(),
  discount: z.int(),
  /** Frozen at submission (estimate less the coupon). */
  frozen: z.int(),
  /** The actual amount (before the coupon), once completed. */
  actual: z.nullable(z.int()),
  /** What the wallet was charged (actual less the coupon), once completed. */
  charged: z.nullable(z.int()),
  /** Released back to available: the rest on completion, everything on cancel or abort. */
  released: z.nullable(z.int()),
});

export const ServiceDetailSchema = z.object({
  serviceNo: z.string(),
  type: z.enum(SERVICE_TYPES),
  status: z.enum(SERVICE_STATUSES),
  currency: z.enum(CURRENCIES),
  fees: ServiceFeesSchema,
  actualFees: z.nullable(ServiceFeesSchema),
  amounts: ServiceAmountsSchema,
  couponId: z.nullable(z.string()),
  platformOrderNo: z.nullable(z.string()),
  attachedTo: z.nullable(z.string()),
  /** Market purchases attached to this service. */
  attached: z.array(z.string()),
  /** The prices a market purchase used (null for a service from order processing). */
  priceRecord: z.nullable(PriceRecordSchema),
  /** All seven steps, in order. */
  steps: z.array(ServiceStepDetailSchema),
  nextStep: z.nullable(z.enum(SERVICE_STEP_KEYS)),
  /**
   * The purchase request the service funds (a crossSale service from order processing), null for
   * none: its status, whether its goods arrived (the step `PURCHASE_ARRIVAL_STEP` and the
   * completion wait for it), and whether the service can still be withdrawn with it (not bought).
   */
  purchase: z.nullable(
    z.object({
      purchaseNo: z.string(),
      status: z.enum(PURCHASE_STATUSES),
      arrived: z.boolean(),
      withdrawable: z.boolean(),
      /**
       * The purchaser's actual costs once bought, in the service's currency: the completion takes
       * them as the service's goods and freight; null before.
       */
      costs: z.nullable(
        z.object({ purchase: z.int(), domesticFreight: z.int(), internationalFreight: z.int() }),
      ),
    }),
  ),
  /** The seller may still cancel it (pending, not past the purchase review, its purchase not bought). */
  cancellable: z.boolean(),
  abortReason: z.nullable(z.string()),
  remark: z.nullable(z.string()),
  /** The seller's account, for an operator looking across sellers; null for the seller. */
  seller: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ServiceDetail = z.infer<typeof ServiceDetailSchema>;

/* ---------------------------------------------------------------- operators */

/** GET /order/service/operate/queue: open services across sellers, oldest in its step first. */
export const OperatorQueueQuerySchema = z.object({
  /** Services whose next step is this one. */
  step: z.optional(z.enum(SERVICE_STEP_KEYS)),
  type: z.optional(z.enum(SERVICE_TYPES)),
  serviceNo: z.optional(text(40)),
  ...KeysetQueryShape,
  limit: Limit,
});
export type OperatorQueueQuery = z.infer<typeof OperatorQueueQuerySchema>;

const OperatorQueueRowSchema = z.object({
  ...ServiceRowSchema.shape,
  seller: z.string(),
  /** Minutes since the current step was done (the age in the queue). */
  waitingMinutes: z.int(),
  /** The target of the next step, hours. */
  targetHours: z.nullable(z.int()),
});

export const OperatorQueuePageSchema = z.object({
  records: z.array(OperatorQueueRowSchema),
  ...KeysetPageShape,
});
export type OperatorQueuePage = z.infer<typeof OperatorQueuePageSchema>;

/**
 * At most this many photos prove a step.
 * @public
 */
export const SERVICE_PROOFS_MAX = 6;
/** A proof photo at most 10 MB. */
export const SERVICE_PROOF_MAX_BYTES = 10 * 1024 * 1024;

/**
 * POST /order/service/operate/move: the service's next step done, at `at` (now when absent; never in the
 * future, never before the step before), with a remark and photos uploaded first. `step` names the
 * step it moves to: a repeat of a move already made answers the service as it is; any other step
 * than the next is refused (no skipping, no undoing).
 */
export const ServiceMoveSchema = z.object({
  serviceNo: ServiceNo,
  step: z.enum(SERVICE_STEP_KEYS),
  at: z.optional(z.iso.datetime({ offset: true })),
  remark: z._default(text(500), ''),
  proofs: z._default(z.array(Uuid).check(z.maxLength(SERVICE_PROOFS_MAX)), []),
});
export type ServiceMove = z.infer<typeof ServiceMoveSchema>;

/**
 * POST /order/service/operate/complete: the actual amounts, part by part in the service's currency (at
 * most the estimate in all); the wallet deducts the actual less the coupon and releases the rest.
 * A repeat answers the completed service.
 */
export const ServiceCompleteSchema = z.object({
  serviceNo: ServiceNo,
  actualFees: ServiceFeesSchema,
  remark: z._default(text(500), ''),
});
export type ServiceComplete = z.infer<typeof ServiceCompleteSchema>;

/** POST /order/service/operate/abort: stopped with a reason; the whole freeze released. */
export const ServiceAbortSchema = z.object({ serviceNo: ServiceNo, reason: required(300) });
export type ServiceAbort = z.infer<typeof ServiceAbortSchema>;

/**
 * The kinds of a market item's unit, for the card ("per metre", "per CBM per day"...).
 * @public
 */
export const SERVICE_ITEM_UNITS = {
  returns: 'piece',
  stretchFilm: 'metre',
  bubbleWrap: 'metre',
  woodenFrame: 'cbm',
  storage: 'cbmDay',
  translation: 'hundredCharacters',
  factoryAudit: 'dayAndKm',
} as const satisfies Record<(typeof SERVICE_ITEM_CODES)[number], string>;
