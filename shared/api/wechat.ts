import { endpoints } from '../contracts/endpoints';
import type { Http } from './http';

const calls = endpoints.wechat;

export function createWechatApi(http: Http) {
  return {
    /** A QR code that binds the WeChat scanning it. */
    bindQrcode: async () => (await http.call(calls.bindQrcode)).datas,
    /** Where a binding QR code stands. */
    bindStatus: async (sceneId: string) =>
      (await http.call(calls.bindStatus, { query: { sceneId } })).datas.status,
    /** Mails the code that confirms unbinding. */
    sendUnbindCode: () => http.call(calls.sendUnbindCode),
    unbind: (code: string) => http.call(calls.unbind, { query: { code } }),
  };
}
