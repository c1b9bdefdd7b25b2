import { endpoints } from '../contracts/endpoints';
import type { SaveAnnouncementRequest } from '../contracts/notices';
import type { Http } from './http';

type Options = { signal?: AbortSignal };

const calls = endpoints.notices;

export function createNoticesApi(http: Http) {
  return {
    /** Shown announcements in the interface language, newest first. */
    list: async (query: { page: number; limit: number }, options: Options = {}) =>
      (await http.call(calls.list, { query, ...options })).datas,
    /** Popup announcements this account has not seen yet. */
    popups: async (options: Options = {}) => (await http.call(calls.popups, options)).datas,
    /** Never pop these up again for this account. */
    markPopupsSeen: async (announcementIds: number[]) =>
      (await http.call(calls.markPopupsSeen, { json: { announcementIds } })).datas,
    /** Operators only: the content is sanitised before it is stored. */
    save: (input: SaveAnnouncementRequest) => http.call(calls.save, { json: input }),
  };
}
