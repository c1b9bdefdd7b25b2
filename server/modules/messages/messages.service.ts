import enNotifications from '@locales/en/notifications.json';
import thNotifications from '@locales/th/notifications.json';
import zhNotifications from '@locales/zh/notifications.json';
import { LANGUAGES, type Language } from '@shared/contracts/languages';
import {
  DEFAULT_SUBSCRIPTION,
  MESSAGE_CHANNELS,
  MESSAGE_READ,
  MESSAGE_TYPES,
  MESSAGE_UNREAD,
  type Message,
  type MessageChannel,
  type MessageDetail,
  type MessageListQuery,
  type MessagePage,
  type MessageType,
  messagePage,
  type Subscription,
  type SubscriptionRow,
} from '@shared/contracts/messages';
import { isSiteCode, SITE_LANGUAGES } from '@shared/contracts/site-codes';
import { and, eq, sql } from 'drizzle-orm';
import type { Actor, AppDeps } from '../../context';
import type { Database } from '../../db/client';
import { messageSubscriptions, messages, users } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { keyset } from '../../lib/keyset';
import {
  issueShortLink,
  SHARED_LINK_TTL_SECONDS,
  shortLinkUrl,
} from '../short-links/short-links.service';

/** The server's message texts (titles and the e-mail around them), in every language. */
const TEXTS = {
  zh: zhNotifications,
  th: thNotifications,
  en: enNotifications,
} satisfies Record<Language, typeof enNotifications>;

/** A title of the notifications namespace; a message stores it with its values, not its words. */
type NotificationKey = keyof typeof enNotifications.titles;
type Params = Record<string, string | number>;

/** Fills `{{name}}` placeholders, as i18next and the server's other texts do. */
function interpolate(template: string, params: Params): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

/** A stored title in the reader's language; a key that no longer exists reads as itself. */
function titleIn(language: Language, key: string, params: Params): string {
  const titles: Record<string, string> = TEXTS[language].titles;
  return interpolate(titles[key] ?? key, params);
}

const isLanguageMap = (value: unknown): value is Partial<Record<Language, string>> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.keys(value).length > 0 &&
  Object.entries(value).every(
    ([key, text]) => (LANGUAGES as readonly string[]).includes(key) && typeof text === 'string',
  );

/**
 * A message's `datas` for one reader: a top-level field written in several languages
 * (`{ zh, th, en }`) becomes the reader's text (English when theirs is missing).
 */
function datasIn(language: Language, datas: unknown): unknown {
  if (typeof datas !== 'object' || datas === null || Array.isArray(datas)) return datas;
  return Object.fromEntries(
    Object.entries(datas).map(([key, value]) => [
      key,
      isLanguageMap(value) ? (value[language] ?? value.en ?? Object.values(value)[0]) : value,
    ]),
  );
}

type MessageRow = typeof messages.$inferSelect;

function toMessage(row: Omit<MessageRow, 'datas' | 'userId'>, language: Language): Message {
  return {
    id: row.id,
    type: row.type as MessageType,
    title: titleIn(language, row.titleKey, row.params),
    createTime: row.createdAt.toISOString(),
    isRead: row.isRead === MESSAGE_READ ? MESSAGE_READ : MESSAGE_UNREAD,
    jumpId: row.jumpId,
    pushType: row.pushType,
  };
}

/** Whether an account receives a type on each channel: its saved choices over the defaults. */
async function channelsOf(
  db: Database,
  userId: string,
  type: MessageType,
): Promise<Record<MessageChannel, boolean>> {
  const saved = await db
    .select({ channel: messageSubscriptions.channel, enabled: messageSubscriptions.enabled })
    .from(messageSubscriptions)
    .where(and(eq(messageSubscriptions.userId, userId), eq(messageSubscriptions.type, type)));
  const channels: Record<MessageChannel, boolean> = { ...DEFAULT_SUBSCRIPTION };
  for (const row of saved) {
    if ((MESSAGE_CHANNELS as readonly string[]).includes(row.channel))
      channels[row.channel as MessageChannel] = row.enabled;
  }
  return channels;
}

export interface NotifyInput {
  /** The account the message is for. */
  userId: string;
  type: MessageType;
  /** The title, from locales/<lng>/notifications.json `titles`; each reader sees it in their language. */
  titleKey: NotificationKey;
  /** Values of the title's placeholders (numbers, ids, amounts already formatted with their currency). */
  params?: Params;
  /** What a click opens: order id (type 1), purchase number (2), service number (3). */
  jumpId?: string | null;
  /**
   * What a type-6 message's dialog shows, as JSON: `title` and `content` are shown as such, other
   * fields listed. A top-level field may be written in several languages: `{ zh, th, en }`.
   */
  datas?: unknown;
}

export interface NotifyResult {
  /** The message in the console, or null when the account turned this type off there. */
  messageId: number | null;
  /** Whether it also went out by e-mail. */
  mailed: boolean;
}

/**
 * The one way a feature tells an account something. It respects the account's subscription:
 * the console channel (on by default) stores a message; the e-mail channel (off by default) also
 * mails it, in the language of the account's site, when deps hold the app's mailer and config,
 * with a short link to what the message is about (its page, or the message center for a notice)
 * that only this account can open, for 30 days. A mail that cannot be sent stays in the outbox
 * with its error; the message stands. No actor: the feature or job that tells names the account
 * (`userId`).
 */
export async function notify(
  deps: Pick<AppDeps, 'db' | 'clock'> & Partial<Pick<AppDeps, 'mailer' | 'config'>>,
  _actor: null,
  input: NotifyInput,
): Promise<NotifyResult> {
  const { db, clock } = deps;
  const mail = deps.mailer && deps.config ? { mailer: deps.mailer, config: deps.config } : null;
  const channels = await channelsOf(db, input.userId, input.type);
  const params = input.params ?? {};
  let recipient: { email: string; language: Language } | null = null;
  if (channels.email && mail) {
    const [user] = await db
      .select({ email: users.email, site: users.site })
      .from(users)
      .where(eq(users.id, input.userId))
      .limit(1);
    if (user?.email)
      recipient = {
        email: user.email,
        language: isSiteCode(user.site) ? SITE_LANGUAGES[user.site] : 'en',
      };
  }
  let messageId: number | null = null;
  if (channels.site) {
    const [row] = await db
      .insert(messages)
      .values({
        userId: input.userId,
        type: input.type,
        titleKey: input.titleKey,
        params,
        jumpId: input.jumpId ?? null,
        datas: input.datas ?? null,
        pushType: recipient ? 'site,email' : 'site',
        createdAt: clock.now(),
      })
      .returning({ id: messages.id });
    if (!row) throw new AppError('OPERATION_FAILED');
    messageId = row.id;
  }
  if (!recipient || !mail) return { messageId, mailed: false };
  const texts = TEXTS[recipient.language].mail;
  const title = titleIn(recipient.language, input.titleKey, params);
  const base = `${mail.config.publicUrl}/cmp/account`;
  const link = await issueShortLink(deps, null, {
    target: `/cmp${messagePage({ type: input.type, jumpId: input.jumpId ?? null }) ?? '/account/messageCenter'}`,
    userId: input.userId,
    ttlSeconds: SHARED_LINK_TTL_SECONDS,
  });
  try {
    await mail.mailer.send({
      to: recipient.email,
      subject: interpolate(texts.subject, { title }),
      text: interpolate(texts.body, {
        title,
        url: shortLinkUrl(mail.config, link.id),
        settingsUrl: `${base}/messageSubscribe`,
      }),
    });
    return { messageId, mailed: true };
  } catch {
    // The mailer logged it and kept it in the outbox with its error.
    return { messageId, mailed: false };
  }
}

/**
 * getMessageList: one page of the actor's newest messages, the number matching, and the unread
 * count over all of them. Two statements whatever the filters: the page walks the (user, created)
 * index, or the (user, read, created) index under a read filter, newest first, and stops at the
 * page; the counts are two scalar subqueries, each reading only its index (unread: only the
 * unread entries). The order names `nulls last` as the indexes do, or Postgres would sort.
 */
export async function listMessages(
  deps: Pick<AppDeps, 'db'>,
  actor: Actor,
  query: MessageListQuery & { language: Language },
): Promise<MessagePage> {
  const { db } = deps;
  const { language } = query;
  const mine = eq(messages.userId, actor.userId);
  const filters = and(
    mine,
    query.type === undefined ? undefined : eq(messages.type, query.type),
    query.isRead === undefined ? undefined : eq(messages.isRead, query.isRead),
  );
  const page = keyset(
    [
      { column: messages.createdAt, order: 'desc' },
      { column: messages.id, order: 'desc' },
    ],
    query,
  );
  const [found, [counts]] = await Promise.all([
    db
      .select({
        cursorKey: page.key,
        id: messages.id,
        type: messages.type,
        titleKey: messages.titleKey,
        params: messages.params,
        jumpId: messages.jumpId,
        pushType: messages.pushType,
        isRead: messages.isRead,
        createdAt: messages.createdAt,
        readAt: messages.readAt,
      })
      .from(messages)
      .where(and(filters, page.where))
      .orderBy(...page.orderBy)
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({
        total: db.$count(messages, filters),
        unread: db.$count(messages, and(mine, eq(messages.isRead, MESSAGE_UNREAD))),
      })
      .from(sql`(values (1)) as one (x)`),
  ]);
  const { rows, next, previous } = page.finish(found);
  return {
    records: rows.map((row) => toMessage(row, language)),
    total: counts?.total ?? 0,
    next,
    previous,
    unread: counts?.unread ?? 0,
  };
}

/**
 * getUserMessage: one of the account's messages, now read, with its datas. Another account's
 * message is "not found", whether it exists or not.
 */
export async function openMessage(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  actor: Pick<Actor, 'userId'>,
  input: { messageId: number; language: Language },
): Promise<MessageDetail> {
  const { db, clock } = deps;
  const { userId } = actor;
  const { messageId, language } = input;
  const [row] = await db
    .update(messages)
    .set({
      isRead: MESSAGE_READ,
      readAt: sql`coalesce(${messages.readAt}, ${clock.now().toISOString()}::timestamptz)`,
    })
    .where(and(eq(messages.id, messageId), eq(messages.userId, userId)))
    .returning();
  if (!row) throw new AppError('RECORD_NOT_FOUND');
  return {
    ...toMessage(row, language),
    readTime: row.readAt?.toISOString() ?? null,
    datas: datasIn(language, row.datas),
  };
}

/** readAll: every unread message of the actor becomes read; answers how many did. */
export async function readAllMessages(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  actor: Pick<Actor, 'userId'>,
): Promise<{ count: number }> {
  const { db, clock } = deps;
  const changed = await db
    .update(messages)
    .set({ isRead: MESSAGE_READ, readAt: clock.now() })
    .where(and(eq(messages.userId, actor.userId), eq(messages.isRead, MESSAGE_UNREAD)))
    .returning({ id: messages.id });
  return { count: changed.length };
}

/** Which types reach the account on which channel: every type, saved choices over the defaults. */
export async function getSubscription(
  deps: Pick<AppDeps, 'db'>,
  actor: Pick<Actor, 'userId'>,
): Promise<Subscription> {
  const { db } = deps;
  const { userId } = actor;
  const saved = await db
    .select()
    .from(messageSubscriptions)
    .where(eq(messageSubscriptions.userId, userId));
  return {
    rows: MESSAGE_TYPES.map((type) => {
      const row: SubscriptionRow = { type, ...DEFAULT_SUBSCRIPTION };
      for (const choice of saved) {
        if (choice.type !== type) continue;
        if (choice.channel === 'site') row.site = choice.enabled;
        if (choice.channel === 'email') row.email = choice.enabled;
      }
      return row;
    }),
  };
}

/** Saves the account's choices for the types given (others keep theirs), then answers the whole table. */
export async function saveSubscription(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  actor: Pick<Actor, 'userId'>,
  input: Subscription,
): Promise<Subscription> {
  const { db, clock } = deps;
  const { userId } = actor;
  const now = clock.now();
  const values = input.rows.flatMap((row) =>
    MESSAGE_CHANNELS.map((channel) => ({
      userId,
      type: row.type,
      channel,
      enabled: row[channel],
      updatedAt: now,
    })),
  );
  if (values.length > 0) {
    await db
      .insert(messageSubscriptions)
      .values(values)
      .onConflictDoUpdate({
        target: [
          messageSubscriptions.userId,
          messageSubscriptions.type,
          messageSubscriptions.channel,
        ],
        set: { enabled: sql`excluded.enabled`, updatedAt: now },
      });
  }
  return getSubscription(deps, actor);
}
