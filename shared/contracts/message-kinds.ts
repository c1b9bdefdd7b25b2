// The message kinds without a schema library: the console's route table reads them on its first load.

/**
 * Message types of spec section 4, each with the name its words use: 1 order, 2 purchase,
 * 3 service progress, 4 balance history, 5 coupon centre, 6 a notice shown in a dialog.
 */
export const MESSAGE_TYPES = [1, 2, 3, 4, 5, 6] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];
export const MESSAGE_TYPE_NAMES = {
  1: 'order',
  2: 'purchase',
  3: 'service',
  4: 'balance',
  5: 'coupon',
  6: 'notice',
} as const satisfies Record<MessageType, string>;

/** isRead of spec section 3. */
export const MESSAGE_UNREAD = 1;
export const MESSAGE_READ = 2;
