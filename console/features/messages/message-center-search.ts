import { MESSAGE_READ, MESSAGE_TYPES, MESSAGE_UNREAD } from '@shared/contracts/message-kinds';
import { cursorParam, wholeNumber } from '../../components/list-search';

/** The message center's filters and position, as its address carries them. */
export interface MessageCenterSearch {
  type?: number;
  isRead?: 1 | 2;
  /** The server's keyset position; none on the first page. */
  cursor?: string;
}

/**
 * The router's validateSearch for /account/messageCenter: keeps a known type, a read state of 1
 * (unread) or 2 (read), and a page's position (the server's cursor); drops anything else, so a hand-edited address still
 * opens the page.
 */
export function validateMessageCenterSearch(search: Record<string, unknown>): MessageCenterSearch {
  const type = wholeNumber(search.type);
  const isRead = wholeNumber(search.isRead);
  return {
    ...(type !== undefined && (MESSAGE_TYPES as readonly number[]).includes(type) ? { type } : {}),
    ...(isRead === MESSAGE_UNREAD || isRead === MESSAGE_READ ? { isRead } : {}),
    ...cursorParam(search.cursor),
  };
}
