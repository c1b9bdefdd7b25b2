import * as z from 'zod/mini';
import { MESSAGE_READ, MESSAGE_TYPES, MESSAGE_UNREAD } from './message-kinds';
import { KeysetPageShape, KeysetQueryShape } from './paging';

export {
  MESSAGE_READ,
  MESSAGE_TYPE_NAMES,
  MESSAGE_TYPES,
  MESSAGE_UNREAD,
  type MessageType,
  messagePage,
} from './message-kinds';

const ReadStateSchema = z.literal([MESSAGE_UNREAD, MESSAGE_READ]);
export type ReadState = z.infer<typeof ReadStateSchema>;

/** The ways a message reaches an account: the console's message center, and e-mail. */
export const MESSAGE_CHANNELS = ['site', 'email'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];
/** What an account receives before it changes anything: every type in the console, no e-mail. */
export const DEFAULT_SUBSCRIPTION = { site: true, email: false } as const satisfies Record<
  MessageChannel,
  boolean
>;

const MessageTypeSchema = z.literal(MESSAGE_TYPES);

/** A message as lists show it; the title is already in the reader's language. */
const MessageSchema = z.object({
  id: z.int(),
  type: MessageTypeSchema,
  title: z.string(),
  createTime: z.string(),
  isRead: ReadStateSchema,
  /** What a click opens: an order id, purchase number or service number. */
  jumpId: z.nullable(z.string()),
  /** The channels it went out on, comma-separated ("site", "site,email"). */
  pushType: z.string(),
});
export type Message = z.infer<typeof MessageSchema>;

/** One message opened (getUserMessage): with its `datas`, which the dialog of a type-6 message shows. */
export const MessageDetailSchema = z.extend(MessageSchema, {
  readTime: z.nullable(z.string()),
  datas: z.nullable(z.unknown()),
});
export type MessageDetail = z.infer<typeof MessageDetailSchema>;

/** What a notice's dialog shows when its datas has these fields; anything else is listed as is. */
export const NoticeDatasSchema = z.looseObject({
  title: z.optional(z.string()),
  content: z.optional(z.string()),
});

/** A number from the query string that must be one of a few values. */
const queryChoice = <S extends z.ZodMiniType<number, number>>(schema: S) =>
  z.optional(z.pipe(z.coerce.number(), schema));

const MESSAGE_PAGE_LIMIT_MAX = 50;

/** getMessageList: newest first, optionally one type and one read state. */
export const MessageListQuerySchema = z.object({
  ...KeysetQueryShape,
  page: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(10_000)), 1),
  limit: z._default(
    z.coerce.number().check(z.int(), z.minimum(1), z.maximum(MESSAGE_PAGE_LIMIT_MAX)),
    10,
  ),
  type: queryChoice(MessageTypeSchema),
  isRead: queryChoice(ReadStateSchema),
});
export type MessageListQuery = z.infer<typeof MessageListQuerySchema>;

/** A page of messages, how many match, and how many of all the account's messages are unread. */
export const MessagePageSchema = z.object({
  records: z.array(MessageSchema),
  total: z.int(),
  ...KeysetPageShape,
  unread: z.int(),
});
export type MessagePage = z.infer<typeof MessagePageSchema>;

export const MessageIdQuerySchema = z.object({
  messageId: z.coerce.number().check(z.int({ error: 'invalid' }), z.positive({ error: 'invalid' })),
});

export const ReadAllResultSchema = z.object({ count: z.int() });

/** Whether one type reaches the account in the console and by e-mail. */
const SubscriptionRowSchema = z.object({
  type: MessageTypeSchema,
  site: z.boolean(),
  email: z.boolean(),
});
export type SubscriptionRow = z.infer<typeof SubscriptionRowSchema>;

/** Every type, once each: the answer of the subscription call, and what saving it sends. */
export const SubscriptionSchema = z.object({
  rows: z.array(SubscriptionRowSchema).check(
    z.maxLength(MESSAGE_TYPES.length),
    z.refine((rows) => new Set(rows.map((row) => row.type)).size === rows.length, {
      error: 'invalid',
    }),
  ),
});
export type Subscription = z.infer<typeof SubscriptionSchema>;
