import type { SandboxPlatform } from '../marketplace/platform';
import { createShopeeSandboxApp } from './shopee.api';
import {
  buildOrder,
  buildProduct,
  ORDER_STATUSES,
  PRODUCT_STATUSES,
  SELLERS,
  withOrderStatus,
} from './shopee.records';

/** Shopee in the sandbox: mounted under /shopee, so the client's base is <sandbox>/shopee. */
export const shopeeSandbox: SandboxPlatform = {
  platform: 'shopee',
  orderStatuses: ORDER_STATUSES,
  productStatuses: PRODUCT_STATUSES,
  sellers: SELLERS,
  buildOrder,
  withOrderStatus,
  buildProduct,
  createApp: createShopeeSandboxApp,
};
