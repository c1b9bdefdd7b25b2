import {
  AnnouncementSchema,
  MarkPopupsSeenResultSchema,
  NoticePageSchema,
  PopupNoticeListSchema,
  type SaveAnnouncementRequest,
} from '../contracts/notices';
import type { Http } from './http';

type Options = { signal?: AbortSignal };

export function createNoticesApi(http: Http) {
  return {
    /** GET /user-center/user/notice/list: shown announcements in the interface language, newest first. */
    list: async (query: { page: number; limit: number }, options: Options = {}) =>
      (
        await http.request({
          method: 'GET',
          path: '/user-center/user/notice/list',
          query,
          schema: NoticePageSchema,
          ...options,
        })
      ).datas,
    /** GET /user-center/user/notice/popup: popup announcements this account has not seen yet. */
    popups: async (options: Options = {}) =>
      (
        await http.request({
          method: 'GET',
          path: '/user-center/user/notice/popup',
          schema: PopupNoticeListSchema,
          ...options,
        })
      ).datas,
    /** POST /user-center/user/notice/popup/seen: never pop these up again for this account. */
    markPopupsSeen: async (announcementIds: number[]) =>
      (
        await http.request({
          method: 'POST',
          path: '/user-center/user/notice/popup/seen',
          json: { announcementIds },
          schema: MarkPopupsSeenResultSchema,
        })
      ).datas,
    /** POST /user-center/user/notice/save (operators only): the content is sanitised before it is stored. */
    save: (input: SaveAnnouncementRequest) =>
      http.request({
        method: 'POST',
        path: '/user-center/user/notice/save',
        json: input,
        schema: AnnouncementSchema,
      }),
  };
}
