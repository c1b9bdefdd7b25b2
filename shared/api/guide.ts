import { endpoints } from '../contracts/endpoints';
import type { GuideRecordRequest } from '../contracts/guide';
import type { Http } from './http';

export function createGuideApi(http: Http) {
  return {
    /** How each guided tour ended for the signed-in account. */
    status: async (options: { signal?: AbortSignal } = {}) =>
      (await http.call(endpoints.guide.status, options)).datas,
    /** A tour was finished or skipped; it is not shown again. */
    record: async (input: GuideRecordRequest) =>
      (await http.call(endpoints.guide.record, { json: input })).datas,
  };
}
