import { defineEndpoint } from './define-endpoint';
import {
  PurchaseAttachmentSchema,
  PurchaseCreateSchema,
  PurchaseCustomerSchema,
  PurchaseFailSchema,
  PurchaseListQuerySchema,
  PurchaseNoQuerySchema,
  PurchasePageSchema,
  PurchaseRejectSchema,
  PurchaseSchema,
  PurchaseShipSchema,
} from './purchases';

const LIST = '/purchaseAndWarehouse/purchaseManage' as const;
const DETAIL = '/purchaseAndWarehouse/purchaseManageDetail' as const;

/** Purchase requests: the seller creates, cancels and answers a returned request; operators audit, ship and receive. */
export const purchasesEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/order/purchaseorder/list',
    access: 'session',
    query: PurchaseListQuerySchema,
    permission: { menu: LIST },
    response: PurchasePageSchema,
    summary:
      "One tab of the purchase requests (of the account's shops; every seller's for an operator), newest first, one keyset page, with each tab's count",
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: '/order/purchaseorder/detail',
    access: 'session',
    query: PurchaseNoQuerySchema,
    permission: { menu: DETAIL },
    response: PurchaseSchema,
    summary: 'One purchase request with its items, fees, attachments and every step',
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/order/purchaseorder/create',
    access: 'session',
    json: PurchaseCreateSchema,
    permission: { menu: LIST, button: 'create' },
    response: PurchaseSchema,
    summary:
      'Submits a purchase request: its estimate frozen in the wallet (less a purchase-fee or freight coupon); Idempotency-Key',
  }),
  cancel: defineEndpoint({
    method: 'POST',
    path: '/order/purchaseorder/cancel',
    access: 'session',
    json: PurchaseNoQuerySchema,
    permission: {
      anyOf: [
        { menu: LIST, button: 'cancel' },
        { menu: DETAIL, button: 'cancel' },
      ],
    },
    response: PurchaseSchema,
    summary: 'Withdraws a request not shipped yet: the freeze and the coupon are released',
  }),
  accept: defineEndpoint({
    method: 'POST',
    path: '/order/purchaseorder/accept',
    access: 'session',
    json: PurchaseNoQuerySchema,
    permission: { menu: DETAIL, button: 'accept' },
    response: PurchaseSchema,
    summary:
      'Accepts the actual cost of a returned request: the difference is frozen and the goods ship',
  }),
  attachment: defineEndpoint({
    method: 'POST',
    path: '/order/purchaseorder/attachment',
    access: 'session',
    upload: true,
    permission: { menu: LIST, button: 'create' },
    response: PurchaseAttachmentSchema,
    summary: 'A PDF attachment (at most 2 MB, the type read from its bytes), as the field `file`',
  }),
  approve: defineEndpoint({
    method: 'POST',
    path: '/order/purchaseorder/audit/approve',
    access: 'session',
    json: PurchaseNoQuerySchema,
    permission: { menu: DETAIL, button: 'audit' },
    response: PurchaseSchema,
    summary: 'Operator (purchaser): approves a request waiting for audit',
  }),
  reject: defineEndpoint({
    method: 'POST',
    path: '/order/purchaseorder/audit/reject',
    access: 'session',
    json: PurchaseRejectSchema,
    permission: { menu: DETAIL, button: 'audit' },
    response: PurchaseSchema,
    summary: 'Operator (purchaser): rejects a request with a reason; its freeze is released',
  }),
  ship: defineEndpoint({
    method: 'POST',
    path: '/order/purchaseorder/ship',
    access: 'session',
    json: PurchaseShipSchema,
    permission: { menu: DETAIL, button: 'ship' },
    response: PurchaseSchema,
    summary:
      'Operator (purchaser): records the actual prices and fees and the tracking number; returned to its creator above the estimate plus the float amount',
  }),
  receive: defineEndpoint({
    method: 'POST',
    path: '/order/purchaseorder/receive',
    access: 'session',
    json: PurchaseNoQuerySchema,
    permission: { menu: DETAIL, button: 'receive' },
    response: PurchaseSchema,
    summary:
      'Operator (storekeeper): the goods arrived; the actual cost is settled and the rest released',
  }),
  fail: defineEndpoint({
    method: 'POST',
    path: '/order/purchaseorder/fail',
    access: 'session',
    json: PurchaseFailSchema,
    permission: { menu: DETAIL, button: 'abnormal' },
    response: PurchaseSchema,
    summary: 'Operator: marks a request abnormal with a reason; its freeze is released',
  }),
  customer: defineEndpoint({
    method: 'GET',
    path: '/app/public/getPurchaseCustomer',
    access: 'session',
    response: PurchaseCustomerSchema,
    summary: 'Who answers questions about purchases',
  }),
};
