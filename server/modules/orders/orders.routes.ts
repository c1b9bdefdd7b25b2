import enOrders from '@locales/en/orders.json';
import thOrders from '@locales/th/orders.json';
import zhOrders from '@locales/zh/orders.json';
import { endpoints } from '@shared/contracts/endpoints';
import type { Language } from '@shared/contracts/languages';
import { MESSAGE_TYPE_NAMES, MESSAGE_TYPES } from '@shared/contracts/message-kinds';
import type { Dictionary, DictionaryName, PlatformOrder } from '@shared/contracts/orders';
import { DICTIONARY_ENDPOINTS } from '@shared/contracts/orders.endpoints';
import { RETURN_EXPRESS } from '@shared/contracts/returns';
import { PLATFORMS } from '@shared/contracts/shops';
import { SITE_CODES } from '@shared/contracts/site-codes';
import { EXPORT_ROW_LIMIT, XLSX_MEDIA_TYPE } from '@shared/contracts/wallet';
import type { Context } from 'hono';
import type { AppEnv } from '../../context';
import { AppError } from '../../lib/errors';
import type { Translator } from '../../lib/i18n';
import { ok } from '../../lib/respond';
import { defineRoute, type RouteParts } from '../../lib/route';
import { validationError } from '../../lib/validate';
import { attachment, fill, sheetFile } from '../wallet/xlsx';
import { InputIssues } from './input-issues';
import {
  createManualOrder,
  listOrders,
  orderDetail,
  orderStatistics,
  ordersForExport,
} from './orders.service';
import {
  cancelService,
  dealOrderDetail,
  processOrder,
  productChoices,
  savePurchaseLink,
} from './processing.service';

/** The orders pages' words, also on the server: dictionaries and exported files. */
const ORDER_WORDS = { zh: zhOrders, th: thOrders, en: enOrders } satisfies Record<
  Language,
  typeof enOrders
>;

/** A service's input problems answered as the schema's are: each field named, in the reader's language. */
export async function answering<T>(c: Context<AppEnv>, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof InputIssues) throw validationError(c.var.t, error.zodIssues());
    throw error;
  }
}

/** Logistics companies known by their brand in every language. */
const EXPRESS_BRANDS = {
  flash: 'Flash Express',
  kerry: 'Kerry Express',
  jt: 'J&T Express',
  ninjavan: 'Ninja Van',
  lex: 'LEX (Lazada)',
  spx: 'SPX (Shopee)',
  best: 'BEST Express',
  dhl: 'DHL eCommerce',
} as const;

const PLATFORM_NAMES = { lazada: 'Lazada', shopee: 'Shopee', tiktok: 'TikTok Shop' } as const;

/** A dictionary's table in the reader's language. */
function dictionaryOf(name: DictionaryName, t: Translator): Dictionary {
  const words = ORDER_WORDS[t.language];
  switch (name) {
    case 'RETURN_EXPRESS':
      return RETURN_EXPRESS.map((value) => ({
        value,
        label:
          value === 'thaipost' || value === 'other' ? words.express[value] : EXPRESS_BRANDS[value],
      }));
    case 'PLATFORM_TYPE':
      return PLATFORMS.map((value) => ({ value, label: PLATFORM_NAMES[value] }));
    case 'SITE_NAME':
      return SITE_CODES.map((value) => ({ value, label: t.site(value) }));
    case 'SHIPMENT_RECEIPT_TYPE':
      return (['homeDelivery', 'selfPickup'] as const).map((value) => ({
        value,
        label: words.shipmentReceipt[value],
      }));
    case 'MESSAGE_TYPE':
      return MESSAGE_TYPES.map((value) => ({
        value: String(value),
        label: words.messageTypes[MESSAGE_TYPE_NAMES[value]],
      }));
  }
}

/** An order of the owner's fresh shop, for the authorization matrix's requests. */
const orderObject: RouteParts = {
  objects: [{ type: 'order', field: 'orderId' }],
};

/** The orders of the list's tab and filters as one sheet. */
async function exportAnswer(
  c: Context<AppEnv>,
  found: Awaited<ReturnType<typeof ordersForExport>>,
): Promise<Response> {
  const words = ORDER_WORDS[c.var.t.language];
  const { range } = found;
  const heads = words.fields;
  let file: Buffer;
  try {
    file = await sheetFile<PlatformOrder>({
      name: words.export.sheet,
      zone: range.zone,
      rows: found.records,
      note:
        found.total > found.records.length
          ? fill(words.export.truncated, { kept: found.records.length, total: found.total })
          : undefined,
      columns: [
        { header: heads.orderNo, width: 22, kind: 'text', value: (row) => row.orderNo },
        {
          header: fill(words.export.timeZone, { zone: range.zone }),
          width: 21,
          kind: 'time',
          value: (row) => new Date(row.createdAt),
        },
        {
          header: heads.platform,
          width: 12,
          kind: 'text',
          value: (row) => PLATFORM_NAMES[row.platform],
        },
        { header: heads.shop, width: 22, kind: 'text', value: (row) => row.shopName },
        { header: heads.site, width: 12, kind: 'text', value: (row) => c.var.t.site(row.site) },
        {
          header: heads.orderType,
          width: 12,
          kind: 'text',
          value: (row) => words.orderTypes[row.orderType],
        },
        { header: heads.status, width: 14, kind: 'text', value: (row) => words.status[row.status] },
        {
          header: heads.platformStatus,
          width: 20,
          kind: 'text',
          value: (row) => row.platformStatus,
        },
        {
          header: heads.payment,
          width: 10,
          kind: 'text',
          value: (row) => words.payment[row.paymentStatus],
        },
        {
          header: heads.total,
          width: 14,
          kind: 'money',
          value: (row) => row.total,
          currency: (row) => row.currency,
        },
        {
          header: heads.service,
          width: 22,
          kind: 'text',
          value: (row) =>
            row.service
              ? `${row.service.serviceNo} ${words.serviceTypes[row.service.type]} ${words.serviceStatus[row.service.status]}`
              : null,
        },
        { header: heads.receiver, width: 18, kind: 'text', value: (row) => row.receiver },
        { header: heads.phone, width: 16, kind: 'text', value: (row) => row.phone },
        { header: heads.address, width: 40, kind: 'text', value: (row) => row.address },
        {
          header: heads.items,
          width: 50,
          kind: 'text',
          value: (row) =>
            row.items.map((item) => `${item.sku ?? item.name} x${item.quantity}`).join('; '),
        },
      ],
    });
  } catch (cause) {
    throw new AppError('ORDER_EXPORT_FAILED', { cause });
  }
  const name = `${fill(words.export.file, { from: range.firstDay, to: range.lastDay })}.xlsx`;
  return new Response(new Uint8Array(file), {
    status: 200,
    headers: {
      'content-type': XLSX_MEDIA_TYPE,
      'content-disposition': attachment(name, `orders-${range.firstDay}-${range.lastDay}.xlsx`),
      'content-length': String(file.length),
      'cache-control': 'no-store',
      'x-total-count': String(found.total),
      'x-export-count': String(found.records.length),
    },
  });
}

export const ordersRoutes = [
  defineRoute(
    endpoints.orders.list,
    { notObjects: ['shopId'] },
    async ({ c, deps, actor, query }) =>
      ok(c, await answering(c, () => listOrders(deps, actor, query))),
  ),
  defineRoute(
    endpoints.orders.statistics,
    { notObjects: ['shopId'] },
    async ({ c, deps, actor, json }) =>
      ok(c, await answering(c, () => orderStatistics(deps, actor, json))),
  ),
  defineRoute(
    endpoints.orders.detail,
    { ...orderObject, example: (ids) => ({ query: { orderId: ids.orderId } }) },
    async ({ c, deps, actor, query }) =>
      ok(c, await orderDetail(deps, actor, { orderId: query.orderId })),
  ),
  defineRoute(
    endpoints.orders.virtualDetail,
    { ...orderObject, example: (ids) => ({ query: { orderId: ids.manualOrderId } }) },
    async ({ c, deps, actor, query }) =>
      ok(c, await orderDetail(deps, actor, { orderId: query.orderId, manual: true })),
  ),
  defineRoute(
    endpoints.orders.dealDetail,
    { ...orderObject, example: (ids) => ({ query: { orderId: ids.orderId } }) },
    async ({ c, deps, actor, query }) => ok(c, await dealOrderDetail(deps, actor, query.orderId)),
  ),
  defineRoute(
    endpoints.orders.process,
    {
      objects: [{ type: 'order', field: 'orderId' }],
      notObjects: ['couponId'],
      example: (ids) => ({
        json: {
          orderId: ids.orderId,
          items: [{ orderItemId: ids.orderItemId, type: 'crossStoreSale' }],
          idempotencyKey: `matrix-${ids.orderId}`,
          estimateOnly: true,
        },
      }),
    },
    async ({ c, deps, actor, json }) =>
      ok(c, await answering(c, () => processOrder(deps, actor, json))),
  ),
  defineRoute(
    endpoints.orders.cancelService,
    {
      ...orderObject,
      example: (ids) => ({ json: { orderId: ids.orderId, serviceNo: ids.serviceNo } }),
    },
    async ({ c, deps, actor, json }) => ok(c, await cancelService(deps, actor, json)),
  ),
  defineRoute(
    endpoints.orders.savePurchaseLink,
    {
      objects: [{ type: 'order', field: 'orderId' }],
      notObjects: ['orderItemId'],
      example: (ids) => ({
        json: {
          orderId: ids.orderId,
          orderItemId: ids.orderItemId,
          url: 'https://detail.1688.com/offer/610000000001.html',
          price: 1250,
        },
      }),
    },
    async ({ c, deps, actor, json }) =>
      ok(c, await answering(c, () => savePurchaseLink(deps, actor, json)), 'saved'),
  ),
  defineRoute(
    endpoints.orders.productChoices,
    { ...orderObject, example: (ids) => ({ query: { orderId: ids.orderId } }) },
    async ({ c, deps, actor, query }) => ok(c, await productChoices(deps, actor, query)),
  ),
  defineRoute(
    endpoints.orders.create,
    {
      objects: [{ type: 'shop', field: 'shopId' }],
      example: (ids) => ({
        json: {
          shopId: ids.shopId,
          site: 'th',
          orderType: 'crossBorder',
          platform: 'shopee',
          orderNo: `240612${crypto.randomUUID().replace(/-/g, '').slice(0, 8).toUpperCase()}`,
          items: [{ sku: 'MX-1', name: 'Matrix item', quantity: 1, price: 1000 }],
          receiver: 'Somchai',
          phone: '0812345678',
          address: '99 Sukhumvit Road, Bangkok 10110',
        },
      }),
    },
    async ({ c, deps, actor, json }) =>
      ok(c, await answering(c, () => createManualOrder(deps, actor, json))),
  ),
  defineRoute(
    endpoints.orders.export,
    { notObjects: ['shopId'] },
    async ({ c, deps, actor, query }) => {
      const found = await answering(c, () => ordersForExport(deps, actor, query, EXPORT_ROW_LIMIT));
      return exportAnswer(c, found);
    },
  ),
  ...Object.entries(DICTIONARY_ENDPOINTS).map(([name, endpoint]) =>
    defineRoute(endpoint, ({ c }) => ok(c, dictionaryOf(name as DictionaryName, c.var.t))),
  ),
];
