import type { Language } from '@shared/contracts/languages';
import type { Announcement, NoticeListQuery, NoticePage } from '@shared/contracts/notices';
import { and, asc, count, eq, inArray, lte, notExists, sql } from 'drizzle-orm';
import type { Actor, AppDeps } from '../../context';
import { announcements, announcementViews } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { keyset } from '../../lib/keyset';
import { assertOperator } from '../../lib/operators';
import { sanitizeHtml } from '../../lib/sanitize-html';

type AnnouncementRow = typeof announcements.$inferSelect;

function toAnnouncement(row: AnnouncementRow): Announcement {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    updateTime: row.updatedAt.toISOString(),
    showTime: row.showTime.toISOString(),
    isPopup: row.isPopup,
  };
}

/** What may be stored as an announcement; the content is sanitised here, whoever calls. */
export interface AnnouncementInput {
  /** Edits this announcement; a new one when absent. */
  id?: number | undefined;
  language: Language;
  title: string;
  content: string;
  isPopup?: boolean | undefined;
  /** When it becomes visible; now when absent. */
  showTime?: Date | string | undefined;
}

/** Creates or edits an announcement. Its HTML is sanitised before it is stored. */
export async function saveAnnouncement(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  actor: Pick<Actor, 'roles'> | null,
  input: AnnouncementInput,
): Promise<Announcement> {
  const { db, clock } = deps;
  if (actor) assertOperator(actor);
  const now = clock.now();
  const values = {
    language: input.language,
    title: input.title.trim(),
    content: sanitizeHtml(input.content),
    isPopup: input.isPopup ?? false,
    showTime: input.showTime === undefined ? now : new Date(input.showTime),
    updatedAt: now,
  };
  if (input.id !== undefined) {
    const [row] = await db
      .update(announcements)
      .set(values)
      .where(eq(announcements.id, input.id))
      .returning();
    if (!row) throw new AppError('RECORD_NOT_FOUND');
    return toAnnouncement(row);
  }
  const [row] = await db
    .insert(announcements)
    .values({ ...values, createdAt: now })
    .returning();
  if (!row) throw new AppError('OPERATION_FAILED');
  return toAnnouncement(row);
}

/** Announcements of a language that are already shown. */
const shownIn = (language: Language, now: Date) =>
  and(eq(announcements.language, language), lte(announcements.showTime, now));

/** Shown announcements in the reader's language, newest first, one page. */
export async function listAnnouncements(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  _actor: null,
  query: NoticeListQuery & { language: Language },
): Promise<NoticePage> {
  const { db, clock } = deps;
  const { language } = query;
  const where = shownIn(language, clock.now());
  const page = keyset(
    [
      { column: announcements.showTime, order: 'desc' },
      { column: announcements.id, order: 'desc' },
    ],
    query,
  );
  const [found, [total]] = await Promise.all([
    db
      .select({ notice: announcements, cursorKey: page.key })
      .from(announcements)
      .where(and(where, page.where))
      .orderBy(...page.orderBy)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(announcements).where(where),
  ]);
  const { rows, next, previous } = page.finish(found);
  return {
    records: rows.map((row) => toAnnouncement(row.notice)),
    total: total?.value ?? 0,
    next,
    previous,
  };
}

/** A popup announcement this account has not seen yet. */
const unseenBy = (userId: string) =>
  notExists(
    sql`(select 1 from ${announcementViews} where ${announcementViews.announcementId} = ${announcements.id} and ${announcementViews.userId} = ${userId})`,
  );

/** The shown popup announcements in the reader's language that this account has not seen, oldest first. */
export async function listUnseenPopups(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  actor: Pick<Actor, 'userId'>,
  input: { language: Language },
): Promise<Announcement[]> {
  const { db, clock } = deps;
  const { userId } = actor;
  const { language } = input;
  const rows = await db
    .select()
    .from(announcements)
    .where(and(shownIn(language, clock.now()), eq(announcements.isPopup, true), unseenBy(userId)))
    .orderBy(asc(announcements.showTime), asc(announcements.id))
    // A popup pages through them; more than this many waiting is an operator's mistake.
    .limit(100);
  return rows.map(toAnnouncement);
}

/**
 * Records that these popups were shown to the account, so they never pop up again. Each language
 * has its own rows; an operator publishes the translations of one announcement at the same show
 * time, so the other languages' popups of that moment count as seen too (switching language
 * does not bring the same news back). Ids that are not shown popups are ignored.
 */
export async function markPopupsSeen(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  actor: Pick<Actor, 'userId'>,
  announcementIds: readonly number[],
): Promise<{ marked: number }> {
  const { db, clock } = deps;
  const { userId } = actor;
  const now = clock.now();
  const seen = await db
    .select({ showTime: announcements.showTime })
    .from(announcements)
    .where(
      and(
        inArray(announcements.id, [...announcementIds]),
        eq(announcements.isPopup, true),
        lte(announcements.showTime, now),
      ),
    );
  if (seen.length === 0) return { marked: 0 };
  const popups = await db
    .select({ id: announcements.id })
    .from(announcements)
    .where(
      and(
        eq(announcements.isPopup, true),
        unseenBy(userId),
        sql`(${inArray(announcements.id, [...announcementIds])} or ${inArray(
          announcements.showTime,
          seen.map((row) => row.showTime),
        )})`,
      ),
    );
  if (popups.length === 0) return { marked: 0 };
  const inserted = await db
    .insert(announcementViews)
    .values(popups.map((row) => ({ userId, announcementId: row.id, seenAt: now })))
    .onConflictDoNothing()
    .returning({ id: announcementViews.announcementId });
  return { marked: inserted.length };
}
