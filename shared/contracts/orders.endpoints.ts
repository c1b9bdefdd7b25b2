import * as z from 'zod/mini';
import { defineEndpoint } from './define-endpoint';
import {
  CancelServiceSchema,
  CreateOrderSchema,
  DealOrderDetailSchema,
  type DICTIONARY_NAMES,
  type DictionaryName,
  DictionarySchema,
  ORDERS_MENU,
  OrderDetailSchema,
  OrderExportQuerySchema,
  OrderFiltersSchema,
  OrderIdQuerySchema,
  OrderListQuerySchema,
  OrderPageSchema,
  OrderStatisticsSchema,
  ProcessOrderRequestSchema,
  ProcessOrderResultSchema,
  ProductChoiceSchema,
  ProductChoicesQuerySchema,
  PurchaseLinkSchema,
  SavePurchaseLinkSchema,
} from './orders';
import { ServiceOrderSchema } from './service-orders';
import { XLSX_MEDIA_TYPE } from './wallet';

/** A dictionary of spec section 7: a fixed table, worded in the reader's language. */
function dictionary<const N extends DictionaryName>(name: N) {
  return defineEndpoint({
    method: 'GET',
    path: `/order/dic/${name}` as `/order/dic/${N}`,
    access: 'session',
    response: DictionarySchema,
    summary: `The ${name} dictionary: values and their labels in the reader's language`,
    tag: 'orders',
  });
}

/** Platform orders (spec section 2, orderManage): list, counts, details, processing, manual orders. */
export const ordersEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/order/order/list',
    access: 'session',
    query: OrderListQuerySchema,
    permission: { menu: ORDERS_MENU },
    response: OrderPageSchema,
    summary:
      "One tab of the orders of the account's shops, newest first, by keyset (cursor, limit); default range the last 14 days from 00:00:00 in the reader's time zone",
  }),
  statistics: defineEndpoint({
    method: 'POST',
    path: '/order/order/status_statistics',
    access: 'session',
    json: OrderFiltersSchema,
    permission: { menu: ORDERS_MENU },
    response: OrderStatisticsSchema,
    summary: "Each tab's order count with the list's filters",
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: '/order/order/orderDetail',
    access: 'session',
    query: OrderIdQuerySchema,
    permission: { menu: ORDERS_MENU },
    response: OrderDetailSchema,
    summary: 'An order with its items, service orders, returnable pieces and history',
  }),
  virtualDetail: defineEndpoint({
    method: 'GET',
    path: '/order/order/virtualOrderDetail',
    access: 'session',
    query: OrderIdQuerySchema,
    permission: { menu: ORDERS_MENU },
    response: OrderDetailSchema,
    summary: 'A manual order with its items, service orders and history',
  }),
  dealDetail: defineEndpoint({
    method: 'GET',
    path: '/order/order/dealOrderDetail',
    access: 'session',
    query: OrderIdQuerySchema,
    permission: { menu: ORDERS_MENU, button: 'process' },
    response: DealOrderDetailSchema,
    summary:
      "What processing an order needs: its items, each item's purchase link and suggested service",
  }),
  process: defineEndpoint({
    method: 'POST',
    path: '/order/order/dealOrder',
    access: 'session',
    json: ProcessOrderRequestSchema,
    permission: { menu: ORDERS_MENU, button: 'process' },
    response: ProcessOrderResultSchema,
    summary:
      'Processes an order into service orders and freezes their estimate (idempotent by idempotencyKey; -10 with the shortfall); estimateOnly prices without submitting',
  }),
  cancelService: defineEndpoint({
    method: 'POST',
    path: '/order/order/cancelService',
    access: 'session',
    json: CancelServiceSchema,
    permission: { menu: ORDERS_MENU, button: 'process' },
    response: ServiceOrderSchema,
    summary: 'Cancels a pending service order of an order and releases its freeze and coupon',
  }),
  savePurchaseLink: defineEndpoint({
    method: 'POST',
    path: '/order/order/purchaseLink',
    access: 'session',
    json: SavePurchaseLinkSchema,
    permission: { menu: ORDERS_MENU, button: 'purchaseLink' },
    response: PurchaseLinkSchema,
    summary:
      "Remembers an item's purchase link (a supported site's product page) for its product SKU",
  }),
  productChoices: defineEndpoint({
    method: 'GET',
    path: '/order/order/productChoices',
    access: 'session',
    query: ProductChoicesQuerySchema,
    permission: { menu: ORDERS_MENU, button: 'purchaseLink' },
    response: z.array(ProductChoiceSchema),
    summary: "The seller's products and collected products an order's item can be matched with",
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/order/order/createOrder',
    access: 'session',
    json: CreateOrderSchema,
    permission: { menu: ORDERS_MENU, button: 'create' },
    response: OrderDetailSchema,
    summary:
      'Creates a manual order in a shop (order number in its platform format, items, receiver)',
  }),
  export: defineEndpoint({
    method: 'POST',
    path: '/order/order/export',
    access: 'session',
    query: OrderExportQuerySchema,
    permission: { menu: ORDERS_MENU, button: 'export' },
    raw: true,
    download: true,
    summary: `The list's tab and filters as an .xlsx file (${XLSX_MEDIA_TYPE}); errors answer the JSON envelope`,
  }),
  dicReturnExpress: dictionary('RETURN_EXPRESS'),
  dicPlatformType: dictionary('PLATFORM_TYPE'),
  dicSiteName: dictionary('SITE_NAME'),
  dicShipmentReceiptType: dictionary('SHIPMENT_RECEIPT_TYPE'),
  dicMessageType: dictionary('MESSAGE_TYPE'),
};

/** Every dictionary's declaration by its name. */
export const DICTIONARY_ENDPOINTS = {
  RETURN_EXPRESS: ordersEndpoints.dicReturnExpress,
  PLATFORM_TYPE: ordersEndpoints.dicPlatformType,
  SITE_NAME: ordersEndpoints.dicSiteName,
  SHIPMENT_RECEIPT_TYPE: ordersEndpoints.dicShipmentReceiptType,
  MESSAGE_TYPE: ordersEndpoints.dicMessageType,
} satisfies Record<(typeof DICTIONARY_NAMES)[number], unknown>;
