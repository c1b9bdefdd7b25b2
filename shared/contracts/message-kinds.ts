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

/** The page of each routed type, and the query parameter that carries the message's jumpId. */
const MESSAGE_PAGES = {
  1: { path: '/thirdPartyPlatform/orderManage', param: 'orderId' },
  2: { path: '/purchaseAndWarehouse/purchaseManageDetail', param: 'purchaseNo' },
  3: { path: '/order/serviceProgress', param: 'serviceNo' },
  4: { path: '/other/historyMoney', param: null },
  5: { path: '/other/couponCenter', param: null },
} as const;

/**
 * The console page a message of types 1 to 5 opens (spec section 2, message-click targets), with
 * the jumpId in the query for types 1 to 3 (without one, the page's list); null for type 6, whose
 * datas a dialog shows.
 */
export function messagePage(message: { type: MessageType; jumpId: string | null }): string | null {
  if (message.type === 6) return null;
  const { path, param } = MESSAGE_PAGES[message.type];
  if (!param || !message.jumpId) return path;
  return `${path}?${new URLSearchParams({ [param]: message.jumpId })}`;
}
