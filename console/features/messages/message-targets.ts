import type { Message } from '@shared/contracts/messages';

/** Where a click on a message leads (spec section 2, message-click targets; section 4, types). */
export type MessageTarget = { kind: 'route'; href: string } | { kind: 'dialog' };

/** The page of each routed type, and the query parameter that carries the message's jumpId. */
const ROUTES = {
  1: { path: '/thirdPartyPlatform/orderManage', param: 'orderId' },
  2: { path: '/purchaseAndWarehouse/purchaseManageDetail', param: 'purchaseNo' },
  3: { path: '/order/serviceProgress', param: 'serviceNo' },
  4: { path: '/other/historyMoney', param: null },
  5: { path: '/other/couponCenter', param: null },
} as const;

/**
 * What a message opens: types 1 to 5 a console page (1 to 3 with the jumpId in the query; without
 * one, the page's list), type 6 the detail dialog of its datas.
 */
export function messageTarget(message: Pick<Message, 'type' | 'jumpId'>): MessageTarget {
  if (message.type === 6) return { kind: 'dialog' };
  const { path, param } = ROUTES[message.type];
  if (!param || !message.jumpId) return { kind: 'route', href: path };
  return { kind: 'route', href: `${path}?${new URLSearchParams({ [param]: message.jumpId })}` };
}
