import { endpoints } from '../contracts/endpoints';
import { IDEMPOTENCY_HEADER } from '../contracts/payments';
import type { PurchaseCreate, PurchaseListQuery, PurchaseShip } from '../contracts/purchases';
import type { Http } from './http';

type Options = { signal?: AbortSignal };
const calls = endpoints.purchases;
const no = (purchaseNo: string) => ({ json: { purchaseNo } });

/** Purchase requests: the seller's steps and the operators'. Creating carries an idempotency key. */
export function createPurchasesApi(http: Http) {
  return {
    list: async (query: Partial<PurchaseListQuery>, options: Options = {}) =>
      (await http.call(calls.list, { query, ...options })).datas,
    detail: async (purchaseNo: string, options: Options = {}) =>
      (await http.call(calls.detail, { query: { purchaseNo }, ...options })).datas,
    create: async (input: PurchaseCreate, idempotencyKey: string) =>
      (
        await http.call(calls.create, {
          json: input,
          headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
        })
      ).datas,
    cancel: async (purchaseNo: string) => (await http.call(calls.cancel, no(purchaseNo))).datas,
    accept: async (purchaseNo: string) => (await http.call(calls.accept, no(purchaseNo))).datas,
    approve: async (purchaseNo: string) => (await http.call(calls.approve, no(purchaseNo))).datas,
    reject: async (purchaseNo: string, reason: string) =>
      (await http.call(calls.reject, { json: { purchaseNo, reason } })).datas,
    ship: async (input: PurchaseShip) => (await http.call(calls.ship, { json: input })).datas,
    receive: async (purchaseNo: string) => (await http.call(calls.receive, no(purchaseNo))).datas,
    fail: async (purchaseNo: string, reason: string) =>
      (await http.call(calls.fail, { json: { purchaseNo, reason } })).datas,
    /** A PDF of at most 2 MB. */
    attach: async (file: Blob) => {
      const form = new FormData();
      form.set('file', file);
      return (await http.call(calls.attachment, { form })).datas;
    },
    customer: async (options: Options = {}) => (await http.call(calls.customer, options)).datas,
  };
}
