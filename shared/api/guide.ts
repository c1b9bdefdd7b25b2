import { type GuideRecordRequest, GuideStatusSchema } from '../contracts/guide';
import type { Http } from './http';

export function createGuideApi(http: Http) {
  return {
    /** GET /api-user/user/guide: how each guided tour ended for the signed-in account. */
    status: async (options: { signal?: AbortSignal } = {}) =>
      (
        await http.request({
          method: 'GET',
          path: '/api-user/user/guide',
          schema: GuideStatusSchema,
          ...options,
        })
      ).datas,
    /** POST /api-user/user/guide: a tour was finished or skipped; it is not shown again. */
    record: async (input: GuideRecordRequest) =>
      (
        await http.request({
          method: 'POST',
          path: '/api-user/user/guide',
          json: input,
          schema: GuideStatusSchema,
        })
      ).datas,
  };
}
