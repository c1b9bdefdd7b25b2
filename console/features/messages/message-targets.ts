import { messagePage } from '@shared/contracts/message-kinds';
import type { Message } from '@shared/contracts/messages';

/** Where a click on a message leads (spec section 2, message-click targets; section 4, types). */
export type MessageTarget = { kind: 'route'; href: string } | { kind: 'dialog' };

/**
 * What a message opens: types 1 to 5 a console page (1 to 3 with the jumpId in the query; without
 * one, the page's list), type 6 the detail dialog of its datas.
 */
export function messageTarget(message: Pick<Message, 'type' | 'jumpId'>): MessageTarget {
  const href = messagePage(message);
  return href === null ? { kind: 'dialog' } : { kind: 'route', href };
}
