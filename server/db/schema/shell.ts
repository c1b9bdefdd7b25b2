import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A message to one account (spec section 3): type 1 order, 2 purchase, 3 service progress,
 * 4 balance history, 5 coupon centre, 6 detail dialog. The title is a translation key with its
 * values, so each reader sees it in their own language.
 */
export const messages = pgTable(
  'messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: smallint('type').notNull(),
    /** Key in the server's message texts; its values in `params`. */
    titleKey: text('title_key').notNull(),
    params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
    /** Order id, purchase number, service number... that a click opens. */
    jumpId: text('jump_id'),
    /** What the detail dialog of a type-6 message shows. */
    datas: jsonb('datas'),
    /** The channel it came through: site, email. */
    pushType: text('push_type').notNull().default('site'),
    /** 1 unread, 2 read (spec section 3). */
    isRead: smallint('is_read').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    // The poll reads one account's newest messages, unread first: one index serves it.
    index('messages_user_read_created_idx').on(t.userId, t.isRead, t.createdAt.desc()),
    index('messages_user_created_idx').on(t.userId, t.createdAt.desc()),
    check('messages_type_known', sql`${t.type} between 1 and 6`),
    check('messages_read_known', sql`${t.isRead} in (1, 2)`),
  ],
);

/** Which message types an account receives on which channel; no row means the default (on). */
export const messageSubscriptions = pgTable(
  'message_subscriptions',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: smallint('type').notNull(),
    channel: text('channel').notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.type, t.channel] })],
);

/** An announcement in one language; its HTML is sanitised before it is stored. */
export const announcements = pgTable(
  'announcements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    language: text('language').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    isPopup: boolean('is_popup').notNull().default(false),
    /** Shown from this moment on. */
    showTime: timestamp('show_time', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('announcements_language_show_idx').on(t.language, t.showTime.desc())],
);

/** Popup announcements an account has seen (each pops up once per account). */
export const announcementViews = pgTable(
  'announcement_views',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    announcementId: bigint('announcement_id', { mode: 'number' })
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.announcementId] })],
);

/** A help-centre article in one language; its HTML is sanitised before it is stored. */
export const helpArticles = pgTable(
  'help_articles',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    language: text('language').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('help_articles_language_sort_idx').on(t.language, t.sort)],
);

/**
 * Configuration editable without a release (decisions.md): customer-service values
 * (CUSTOMER_OFFICIAL, CUSTOMER_WECHAT, CUSTOMER_MAIL), app download addresses, and the like.
 */
export const configValues = pgTable(
  'config_values',
  {
    /** A group of values, such as CUSTOMER or APP_VERSION. */
    dicType: text('dic_type').notNull(),
    keyName: text('key_name').notNull(),
    keyValue: text('key_value').notNull(),
    remark: text('remark'),
    sort: integer('sort').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.dicType, t.keyName] })],
);

/** One activity report (spec section 4): whether a watched page saw time, clicks or scrolling. */
export const activityEvents = pgTable(
  'activity_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    page: text('page').notNull(),
    /** The report's window, in seconds. */
    seconds: integer('seconds').notNull(),
    clicks: integer('clicks').notNull(),
    scrolls: integer('scrolls').notNull(),
    active: boolean('active').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('activity_events_page_created_idx').on(t.page, t.createdAt)],
);

/** A short link the server issued (in a message, a shared product...). */
export const shortLinks = pgTable('short_links', {
  id: text('id').primaryKey(),
  /** A console path (starting with /) or an https address. */
  target: text('target').notNull(),
  /** The one account that may open it (a message's link), if any. */
  userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
  /** The main account whose accounts (it and its sub-accounts) may open it (a shared product), if any. */
  ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** Guided tours an account finished or skipped (never shown again). */
export const guideProgress = pgTable(
  'guide_progress',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The tour: main (the console's menus) or dashboard. */
    guide: text('guide').notNull(),
    /** finished or skipped. */
    outcome: text('outcome').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.guide] })],
);
