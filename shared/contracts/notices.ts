import * as z from 'zod/mini';
import { LANGUAGES } from './languages';
import { KeysetPageShape, KeysetQueryShape } from './paging';

/** An announcement (spec section 3). `content` is HTML, sanitised on save and again on render. */
export const AnnouncementSchema = z.object({
  id: z.int(),
  title: z.string(),
  content: z.string(),
  /** ISO 8601 instants. */
  updateTime: z.string(),
  showTime: z.string(),
  isPopup: z.boolean(),
});
export type Announcement = z.infer<typeof AnnouncementSchema>;

const Page = z._default(z.coerce.number().check(z.int(), z.minimum(1)), 1);
const Limit = z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(50)), 10);

/** GET /user-center/user/notice/list. */
export const NoticeListQuerySchema = z.object({ ...KeysetQueryShape, page: Page, limit: Limit });
export type NoticeListQuery = z.infer<typeof NoticeListQuerySchema>;
export const NoticePageSchema = z.object({
  records: z.array(AnnouncementSchema),
  total: z.int(),
  ...KeysetPageShape,
});
export type NoticePage = z.infer<typeof NoticePageSchema>;

/** The popup announcements the account has not seen yet, oldest first (the order they are read in). */
export const PopupNoticeListSchema = z.array(AnnouncementSchema);

/** POST /user-center/user/notice/popup/seen: these popups were shown and dismissed. */
export const MarkPopupsSeenRequestSchema = z.object({
  announcementIds: z.array(z.int().check(z.positive())).check(z.minLength(1), z.maxLength(100)),
});
export const MarkPopupsSeenResultSchema = z.object({ marked: z.int() });

/** Announcement HTML as sent to the save endpoint: generous, but within the 1 MB body limit. */
export const RICH_TEXT_MAX_LENGTH = 400_000;

/** POST /user-center/user/notice/save (operators): a new announcement, or an edit when `id` is given. */
export const SaveAnnouncementRequestSchema = z.object({
  id: z.optional(z.int().check(z.positive())),
  language: z.enum(LANGUAGES),
  title: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  content: z.string().check(z.minLength(1), z.maxLength(RICH_TEXT_MAX_LENGTH)),
  isPopup: z._default(z.boolean(), false),
  /** When it becomes visible (ISO 8601); now when absent. */
  showTime: z.optional(z.iso.datetime({ offset: true })),
});
export type SaveAnnouncementRequest = z.input<typeof SaveAnnouncementRequestSchema>;
