import { defineEndpoint } from './define-endpoint';
import {
  OperatorQueuePageSchema,
  OperatorQueueQuerySchema,
  PriceListSchema,
  ServiceAbortSchema,
  ServiceBuySchema,
  ServiceCompleteSchema,
  ServiceDetailSchema,
  ServiceExportQuerySchema,
  ServiceListQuerySchema,
  ServiceMoveSchema,
  ServiceNoQuerySchema,
  ServicePageSchema,
  ServiceProofSchema,
} from './services';
import { XLSX_MEDIA_TYPE } from './wallet';

const MARKET = '/service/serviceMarket' as const;
const PROGRESS = '/order/serviceProgress' as const;

/**
 * Services: the seller buys in the market and follows the progress of every service; operators
 * (the service operator role) move services step by step and complete or abort them.
 */
export const servicesEndpoints = {
  prices: defineEndpoint({
    method: 'GET',
    path: '/order/service/price/list',
    access: 'session',
    permission: { menu: MARKET },
    response: PriceListSchema,
    summary:
      "The price list in force (its effective date), with the wallet's currency and the dated rates to it",
  }),
  buy: defineEndpoint({
    method: 'POST',
    path: '/order/service/market/buy',
    access: 'session',
    json: ServiceBuySchema,
    permission: { menu: MARKET, button: 'buy' },
    response: ServiceDetailSchema,
    summary:
      'Buys a market item: its exact total frozen in the wallet (less a service-fee or consumables-fee coupon), as a service order alone or attached to one; Idempotency-Key',
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/order/service/progress/list',
    access: 'session',
    query: ServiceListQuerySchema,
    permission: { menu: PROGRESS },
    response: ServicePageSchema,
    summary:
      "One tab of the account's services (of its shops), filtered, newest first, one keyset page, with each tab's count",
  }),
  export: defineEndpoint({
    method: 'POST',
    path: '/order/service/progress/export',
    access: 'session',
    query: ServiceExportQuerySchema,
    permission: { menu: PROGRESS, button: 'export' },
    raw: true,
    download: true,
    summary: `The list's tab and filters as an .xlsx file (${XLSX_MEDIA_TYPE}); errors answer the JSON envelope`,
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: '/order/service/progress/detail',
    access: 'session',
    query: ServiceNoQuerySchema,
    permission: { menu: PROGRESS },
    response: ServiceDetailSchema,
    summary: 'One service with its seven steps (time, who, remark, photos), prices and amounts',
  }),
  cancel: defineEndpoint({
    method: 'POST',
    path: '/order/service/progress/cancel',
    access: 'session',
    json: ServiceNoQuerySchema,
    permission: { menu: PROGRESS, button: 'cancel' },
    response: ServiceDetailSchema,
    summary:
      'Withdraws a service not past its purchase review: the freeze and the coupon are released',
  }),
  queue: defineEndpoint({
    method: 'GET',
    path: '/order/service/operate/queue',
    access: 'session',
    query: OperatorQueueQuerySchema,
    permission: { menu: PROGRESS, button: 'operate' },
    response: OperatorQueuePageSchema,
    summary: 'Operator (service operator): open services across sellers, by step, oldest first',
  }),
  operatorDetail: defineEndpoint({
    method: 'GET',
    path: '/order/service/operate/detail',
    access: 'session',
    query: ServiceNoQuerySchema,
    permission: { menu: PROGRESS, button: 'operate' },
    response: ServiceDetailSchema,
    summary: "Operator (service operator): any seller's service with its steps and amounts",
  }),
  proof: defineEndpoint({
    method: 'POST',
    path: '/order/service/operate/proof',
    access: 'session',
    upload: true,
    permission: { menu: PROGRESS, button: 'operate' },
    response: ServiceProofSchema,
    summary:
      'Operator: a proof photo (JPG or PNG, the type read from its bytes), as the field `file`',
  }),
  proofFile: defineEndpoint({
    method: 'GET',
    path: '/order/service/proof/:key',
    access: 'session',
    raw: true,
    /** Fetched with the session (a blob the console shows through an object URL). */
    download: true,
    permission: { menu: PROGRESS },
    summary: "A step's proof photo, to the service's seller (its shop's accounts) and operators",
  }),
  move: defineEndpoint({
    method: 'POST',
    path: '/order/service/operate/move',
    access: 'session',
    json: ServiceMoveSchema,
    permission: { menu: PROGRESS, button: 'operate' },
    response: ServiceDetailSchema,
    summary:
      'Operator: the next step done with its time, remark and photos (never skipped nor undone; a repeat answers the same); the seller is told',
  }),
  complete: defineEndpoint({
    method: 'POST',
    path: '/order/service/operate/complete',
    access: 'session',
    json: ServiceCompleteSchema,
    permission: { menu: PROGRESS, button: 'operate' },
    response: ServiceDetailSchema,
    summary:
      'Operator: the actual amounts; the wallet deducts the actual (less the coupon) and releases the rest',
  }),
  abort: defineEndpoint({
    method: 'POST',
    path: '/order/service/operate/abort',
    access: 'session',
    json: ServiceAbortSchema,
    permission: { menu: PROGRESS, button: 'operate' },
    response: ServiceDetailSchema,
    summary:
      'Operator: stops a service with a reason; the whole freeze and the coupon are released',
  }),
};
