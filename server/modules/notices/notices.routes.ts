import {
  AnnouncementSchema,
  MarkPopupsSeenRequestSchema,
  MarkPopupsSeenResultSchema,
  NoticeListQuerySchema,
  NoticePageSchema,
  PopupNoticeListSchema,
  SaveAnnouncementRequestSchema,
} from '@shared/contracts/notices';
import { ok } from '../../lib/respond';
import { defineRoute } from '../../lib/route';
import {
  listAnnouncements,
  listUnseenPopups,
  markPopupsSeen,
  saveAnnouncement,
} from './notices.service';

/**
 * Announcements are published to everyone: any signed-in account reads them in its language.
 * Popups are tracked per account (each pops up once). Publishing is for operators only.
 */
export const noticesRoutes = [
  defineRoute(
    {
      method: 'GET',
      path: '/user-center/user/notice/list',
      access: 'session',
      query: NoticeListQuerySchema,
      response: NoticePageSchema,
      summary: 'Shown announcements in the request language, newest first, one page.',
      tag: 'notice',
    },
    async ({ c, deps, query }) =>
      ok(c, await listAnnouncements(deps, null, { ...query, language: c.var.t.language })),
  ),
  defineRoute(
    {
      method: 'GET',
      path: '/user-center/user/notice/popup',
      access: 'session',
      response: PopupNoticeListSchema,
      summary: 'Popup announcements the account has not seen yet, oldest first.',
      tag: 'notice',
    },
    async ({ c, deps, actor }) =>
      ok(c, await listUnseenPopups(deps, actor, { language: c.var.t.language })),
  ),
  defineRoute(
    {
      method: 'POST',
      path: '/user-center/user/notice/popup/seen',
      access: 'session',
      json: MarkPopupsSeenRequestSchema,
      // Announcements belong to no account: anyone may mark one seen for itself only.
      notObjects: ['announcementIds'],
      response: MarkPopupsSeenResultSchema,
      summary: 'Marks popup announcements seen for the signed-in account: they never pop up again.',
      tag: 'notice',
    },
    async ({ c, deps, actor, json }) =>
      ok(c, await markPopupsSeen(deps, actor, json.announcementIds)),
  ),
  defineRoute(
    {
      method: 'POST',
      path: '/user-center/user/notice/save',
      access: 'session',
      json: SaveAnnouncementRequestSchema,
      // Announcements are global content edited by operators, not objects an account owns.
      notObjects: ['id'],
      response: AnnouncementSchema,
      summary:
        'Operators (PURCHASER, STOREKEEPER): creates or edits an announcement; its HTML is sanitised.',
      tag: 'notice',
    },
    async ({ c, deps, actor, json }) => ok(c, await saveAnnouncement(deps, actor, json), 'saved'),
  ),
];
