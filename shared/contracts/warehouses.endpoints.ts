import { defineEndpoint } from './define-endpoint';
import {
  InventoryPageSchema,
  WarehouseDowngradeSchema,
  WarehouseForecastSchema,
  WarehouseIdQuerySchema,
  WarehouseIdSchema,
  WarehouseListQuerySchema,
  WarehouseListSchema,
  WarehouseOpenSchema,
  WarehouseOrderResultSchema,
  WarehouseQuoteQuerySchema,
  WarehouseQuoteSchema,
  WarehouseRenewSchema,
  WarehouseSchema,
  WarehouseUpgradeSchema,
} from './warehouses';

const PAGE = '/purchaseAndWarehouse/warehouseManage' as const;

/** Overseas warehouses: monthly subscriptions by the cubic metre, their stock and forecast. */
export const warehousesEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api-user/warehouse/list',
    access: 'session',
    query: WarehouseListQuerySchema,
    permission: { menu: PAGE },
    response: WarehouseListSchema,
    summary: "The main account's warehouses of a site (all without one), with every site's price",
  }),
  quote: defineEndpoint({
    method: 'GET',
    path: '/api-user/warehouse/quote',
    access: 'session',
    query: WarehouseQuoteQuerySchema,
    permission: { menu: PAGE },
    response: WarehouseQuoteSchema,
    summary: 'What opening this many CBM on a site costs now: the rest of this month by the day',
  }),
  open: defineEndpoint({
    method: 'POST',
    path: '/api-user/warehouse/open',
    access: 'main',
    json: WarehouseOpenSchema,
    permission: { menu: PAGE, button: 'open' },
    response: WarehouseOrderResultSchema,
    summary:
      'Opens a warehouse (at least 1 CBM): a trade order for the rest of this month, paid from the wallet with an opening coupon; Idempotency-Key',
  }),
  upgrade: defineEndpoint({
    method: 'POST',
    path: '/api-user/warehouse/upgrade',
    access: 'main',
    json: WarehouseUpgradeSchema,
    permission: { menu: PAGE, button: 'upgrade' },
    response: WarehouseOrderResultSchema,
    summary:
      'Upgrades at once: the added CBM charged by the day for the rest of this month, with an upgrade coupon; Idempotency-Key',
  }),
  renew: defineEndpoint({
    method: 'POST',
    path: '/api-user/warehouse/renew',
    access: 'main',
    json: WarehouseRenewSchema,
    permission: { menu: PAGE, button: 'renew' },
    response: WarehouseOrderResultSchema,
    summary: 'Renews an expired warehouse: the rest of this month by the day; Idempotency-Key',
  }),
  downgrade: defineEndpoint({
    method: 'POST',
    path: '/api-user/warehouse/downgrade',
    access: 'main',
    json: WarehouseDowngradeSchema,
    permission: { menu: PAGE, button: 'downgrade' },
    response: WarehouseSchema,
    summary:
      "Downgrades from next month (never below 1 CBM); the month's last downgrade is the one that counts",
  }),
  cancelMonthly: defineEndpoint({
    method: 'POST',
    path: '/api-user/warehouse/cancelMonthly',
    access: 'main',
    json: WarehouseIdSchema,
    permission: { menu: PAGE, button: 'cancelMonthly' },
    response: WarehouseSchema,
    summary: 'Stops the monthly renewal: the warehouse closes at the start of next month',
  }),
  resumeMonthly: defineEndpoint({
    method: 'POST',
    path: '/api-user/warehouse/resumeMonthly',
    access: 'main',
    json: WarehouseIdSchema,
    permission: { menu: PAGE, button: 'cancelMonthly' },
    response: WarehouseSchema,
    summary: 'Takes back a cancellation before the month ends: the warehouse renews again',
  }),
  inventory: defineEndpoint({
    method: 'GET',
    path: '/api-user/warehouse/inventory',
    access: 'session',
    query: WarehouseIdQuerySchema,
    permission: { menu: PAGE },
    response: InventoryPageSchema,
    summary:
      'Stock lines of a warehouse: available, in transit, occupied, volume, replenishment and the shop products selling each SKU',
  }),
  forecast: defineEndpoint({
    method: 'GET',
    path: '/api-user/warehouse/forecast',
    access: 'session',
    query: WarehouseIdQuerySchema,
    permission: { menu: PAGE },
    response: WarehouseForecastSchema,
    summary:
      'Usage and cost 30, 60 and 90 days out, the day capacity runs out, and a suggested upgrade or downgrade',
  }),
};
