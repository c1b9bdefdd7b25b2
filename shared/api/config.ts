import { AppDownloadSchema, type AppType, CustomerValueListSchema } from '../contracts/config';
import type { Http } from './http';

type Options = { signal?: AbortSignal };

export function createConfigApi(http: Http) {
  return {
    /** GET /user-center/dic/getCustomerValue: customer-service entries (official account, WeChat, mail, hotline). */
    customerValues: async (options: Options = {}) =>
      (
        await http.request({
          method: 'GET',
          path: '/user-center/dic/getCustomerValue',
          schema: CustomerValueListSchema,
          ...options,
        })
      ).datas,
    /** GET /api-user/public/toDownloadApp: the app's download address and its QR code. */
    downloadApp: async (type: AppType, options: Options = {}) =>
      (
        await http.request({
          method: 'GET',
          path: '/api-user/public/toDownloadApp',
          query: { type },
          schema: AppDownloadSchema,
          tokenless: true,
          ...options,
        })
      ).datas,
  };
}
