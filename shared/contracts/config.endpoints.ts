import { AppDownloadSchema, CustomerValueListSchema, DownloadAppQuerySchema } from './config';
import { defineEndpoint } from './define-endpoint';

export const configEndpoints = {
  /** Customer-service entries (official account, WeChat, mail, hotline). */
  customerValues: defineEndpoint({
    method: 'GET',
    path: '/user-center/dic/getCustomerValue',
    access: 'session',
    response: CustomerValueListSchema,
  }),
  /** The app's download address and its QR code. */
  downloadApp: defineEndpoint({
    method: 'GET',
    path: '/api-user/public/toDownloadApp',
    access: 'public',
    query: DownloadAppQuerySchema,
    response: AppDownloadSchema,
  }),
};
