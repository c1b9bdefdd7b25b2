import { endpoints } from '../contracts/endpoints';
import type {
  CreateOrder,
  OrderFilters,
  OrderListQuery,
  OrderTab,
  ProcessOrderRequest,
} from '../contracts/orders';
import { DICTIONARY_ENDPOINTS } from '../contracts/orders.endpoints';
import type { CreateReturn, ReturnListQuery, ReturnOutcome } from '../contracts/returns';
import type { Http } from './http';

type Options = { signal?: AbortSignal };

const calls = endpoints.orders;
const returns = endpoints.returns;

/** Platform orders, their processing, manual orders, returns and the order dictionaries. */
export function createOrdersApi(http: Http) {
  return {
    list: async (query: Partial<OrderListQuery>, options: Options = {}) =>
      (await http.call(calls.list, { query, ...options })).datas,
    statistics: async (filters: OrderFilters, options: Options = {}) =>
      (await http.call(calls.statistics, { json: filters, ...options })).datas,
    detail: async (orderId: string, options: Options = {}) =>
      (await http.call(calls.detail, { query: { orderId }, ...options })).datas,
    virtualDetail: async (orderId: string, options: Options = {}) =>
      (await http.call(calls.virtualDetail, { query: { orderId }, ...options })).datas,
    dealDetail: async (orderId: string, options: Options = {}) =>
      (await http.call(calls.dealDetail, { query: { orderId }, ...options })).datas,
    process: async (input: ProcessOrderRequest) =>
      (await http.call(calls.process, { json: input })).datas,
    cancelService: async (input: { orderId: string; serviceNo: string }) =>
      (await http.call(calls.cancelService, { json: input })).datas,
    savePurchaseLink: async (input: {
      orderId: string;
      orderItemId: string;
      url: string;
      supplierSku?: string;
      price: number;
    }) => (await http.call(calls.savePurchaseLink, { json: input })).datas,
    productChoices: async (query: { orderId: string; keyword?: string }, options: Options = {}) =>
      (await http.call(calls.productChoices, { query, ...options })).datas,
    create: async (input: CreateOrder) => (await http.call(calls.create, { json: input })).datas,
    /** The list's tab and filters as an .xlsx file. */
    export: (query: OrderFilters & { tab?: OrderTab }, options: Options = {}) =>
      http.call(calls.export, { query, filename: 'orders.xlsx', ...options }),
    returnExpress: async (options: Options = {}) =>
      (await http.call(DICTIONARY_ENDPOINTS.RETURN_EXPRESS, options)).datas,
    platformTypes: async (options: Options = {}) =>
      (await http.call(DICTIONARY_ENDPOINTS.PLATFORM_TYPE, options)).datas,
    siteNames: async (options: Options = {}) =>
      (await http.call(DICTIONARY_ENDPOINTS.SITE_NAME, options)).datas,
    shipmentReceiptTypes: async (options: Options = {}) =>
      (await http.call(DICTIONARY_ENDPOINTS.SHIPMENT_RECEIPT_TYPE, options)).datas,
    messageTypes: async (options: Options = {}) =>
      (await http.call(DICTIONARY_ENDPOINTS.MESSAGE_TYPE, options)).datas,
  };
}

/** Returns: the seller registers and decides, the warehouse signs (an operator). */
export function createReturnsApi(http: Http) {
  return {
    list: async (query: Partial<ReturnListQuery>, options: Options = {}) =>
      (await http.call(returns.list, { query, ...options })).datas,
    create: async (input: CreateReturn) => (await http.call(returns.create, { json: input })).datas,
    sign: async (returnId: string) => (await http.call(returns.sign, { json: { returnId } })).datas,
    process: async (input: { returnId: string; outcome: ReturnOutcome }) =>
      (await http.call(returns.process, { json: input })).datas,
    cancel: async (returnId: string) =>
      (await http.call(returns.cancel, { json: { returnId } })).datas,
  };
}
