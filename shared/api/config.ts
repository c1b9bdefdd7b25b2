import type { AppType } from '../contracts/config';
import { endpoints } from '../contracts/endpoints';
import type { Http } from './http';

type Options = { signal?: AbortSignal };

export function createConfigApi(http: Http) {
  return {
    /** Customer-service entries (official account, WeChat, mail, hotline). */
    customerValues: async (options: Options = {}) =>
      (await http.call(endpoints.config.customerValues, options)).datas,
    /** The app's download address and its QR code. */
    downloadApp: async (type: AppType, options: Options = {}) =>
      (await http.call(endpoints.config.downloadApp, { query: { type }, ...options })).datas,
  };
}
