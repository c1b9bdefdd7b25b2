import { endpoints } from '../contracts/endpoints';
import { IDEMPOTENCY_HEADER } from '../contracts/payments';
import type {
  OperatorQueueQuery,
  ServiceAbort,
  ServiceBuy,
  ServiceComplete,
  ServiceExportQuery,
  ServiceListQuery,
  ServiceMove,
} from '../contracts/services';
import type { Http } from './http';

type Options = { signal?: AbortSignal };
const calls = endpoints.services;

/** Services: the market, the seller's progress and the operators' steps. Buying carries an idempotency key. */
export function createServicesApi(http: Http) {
  return {
    prices: async (options: Options = {}) => (await http.call(calls.prices, options)).datas,
    buy: async (input: ServiceBuy, idempotencyKey: string) =>
      (
        await http.call(calls.buy, {
          json: input,
          headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
        })
      ).datas,
    list: async (query: Partial<ServiceListQuery>, options: Options = {}) =>
      (await http.call(calls.list, { query, ...options })).datas,
    /** The list's tab and filters as an .xlsx file. */
    export: (query: Partial<ServiceExportQuery>, options: Options = {}) =>
      http.call(calls.export, { query, filename: 'services.xlsx', ...options }),
    detail: async (serviceNo: string, options: Options = {}) =>
      (await http.call(calls.detail, { query: { serviceNo }, ...options })).datas,
    cancel: async (serviceNo: string) =>
      (await http.call(calls.cancel, { json: { serviceNo } })).datas,
    queue: async (query: Partial<OperatorQueueQuery>, options: Options = {}) =>
      (await http.call(calls.queue, { query, ...options })).datas,
    operatorDetail: async (serviceNo: string, options: Options = {}) =>
      (await http.call(calls.operatorDetail, { query: { serviceNo }, ...options })).datas,
    /** A JPG or PNG photo proving a step. */
    proof: async (file: Blob) => {
      const form = new FormData();
      form.set('file', file);
      return (await http.call(calls.proof, { form })).datas;
    },
    proofFile: async ({ key }: { key: string }, options: Options = {}) =>
      (await http.call(calls.proofFile, { params: { key }, ...options })).blob,
    move: async (input: Partial<ServiceMove> & Pick<ServiceMove, 'serviceNo' | 'step'>) =>
      (await http.call(calls.move, { json: input as ServiceMove })).datas,
    complete: async (
      input: Partial<ServiceComplete> & Pick<ServiceComplete, 'serviceNo' | 'actualFees'>,
    ) => (await http.call(calls.complete, { json: input as ServiceComplete })).datas,
    abort: async (input: ServiceAbort) => (await http.call(calls.abort, { json: input })).datas,
  };
}
