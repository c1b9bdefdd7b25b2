import * as z from 'zod/mini';
import { SendCodeResultSchema } from '../contracts/accounts';
import { TempQrcodeSchema } from '../contracts/third-party';
import type { Http } from './http';

const BindStatusSchema = z.object({ status: z.enum(['pending', 'bound', 'taken', 'expired']) });

export function createWechatApi(http: Http) {
  return {
    /** POST /api-user/user/get/tempQrcode: a QR code that binds the WeChat scanning it. */
    bindQrcode: async () =>
      (
        await http.request({
          method: 'POST',
          path: '/api-user/user/get/tempQrcode',
          schema: TempQrcodeSchema,
        })
      ).datas,
    /** Where a binding QR code stands. */
    bindStatus: async (sceneId: string) =>
      (
        await http.request({
          method: 'GET',
          path: '/api-user/user/wechatBindStatus',
          query: { sceneId },
          schema: BindStatusSchema,
        })
      ).datas.status,
    /** Mails the code that confirms unbinding. */
    sendUnbindCode: () =>
      http.request({
        method: 'POST',
        path: '/api-user/user/bind/sendUnbindCode',
        schema: SendCodeResultSchema,
      }),
    /** POST /api-user/user/bind/unboundWechatCode (query). */
    unbind: (code: string) =>
      http.request({
        method: 'POST',
        path: '/api-user/user/bind/unboundWechatCode',
        query: { code },
        schema: z.null(),
      }),
  };
}
