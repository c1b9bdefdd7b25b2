import { defineEndpoint } from './define-endpoint';
import {
  AnnouncementSchema,
  MarkPopupsSeenRequestSchema,
  MarkPopupsSeenResultSchema,
  NoticeListQuerySchema,
  NoticePageSchema,
  PopupNoticeListSchema,
  SaveAnnouncementRequestSchema,
} from './notices';

/**
 * Announcements are published to everyone: any signed-in account reads them in its language.
 * Popups are tracked per account (each pops up once). Publishing is for operators only.
 */
export const noticesEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/user-center/user/notice/list',
    access: 'session',
    query: NoticeListQuerySchema,
    response: NoticePageSchema,
    summary: 'Shown announcements in the request language, newest first, one page.',
    tag: 'notice',
  }),
  popups: defineEndpoint({
    method: 'GET',
    path: '/user-center/user/notice/popup',
    access: 'session',
    response: PopupNoticeListSchema,
    summary: 'Popup announcements the account has not seen yet, oldest first.',
    tag: 'notice',
  }),
  markPopupsSeen: defineEndpoint({
    method: 'POST',
    path: '/user-center/user/notice/popup/seen',
    access: 'session',
    json: MarkPopupsSeenRequestSchema,
    response: MarkPopupsSeenResultSchema,
    summary: 'Marks popup announcements seen for the signed-in account: they never pop up again.',
    tag: 'notice',
  }),
  save: defineEndpoint({
    method: 'POST',
    path: '/user-center/user/notice/save',
    access: 'session',
    json: SaveAnnouncementRequestSchema,
    response: AnnouncementSchema,
    summary:
      'Operators (PURCHASER, STOREKEEPER): creates or edits an announcement; its HTML is sanitised.',
    tag: 'notice',
  }),
};
