import { MESSAGE_READ, MESSAGE_TYPES, MESSAGE_UNREAD } from '@shared/contracts/message-kinds';

/** The message center's filters and page, as its address carries them. */
export interface MessageCenterSearch {
  type?: number;
  isRead?: 1 | 2;
  page?: number;
}

/** Past this, an address names no page the server serves. */
const MAX_PAGE = 10_000;

/** A whole number from the address ("3" or 3), or undefined. */
function wholeNumber(value: unknown): number | undefined {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) ? number : undefined;
}

/**
 * The router's validateSearch for /account/messageCenter: keeps a known type, a read state of 1
 * (unread) or 2 (read), and a page above 1; drops anything else, so a hand-edited address still
 * opens the page.
 */
export function validateMessageCenterSearch(search: Record<string, unknown>): MessageCenterSearch {
  const type = wholeNumber(search.type);
  const isRead = wholeNumber(search.isRead);
  const page = wholeNumber(search.page);
  return {
    ...(type !== undefined && (MESSAGE_TYPES as readonly number[]).includes(type) ? { type } : {}),
    ...(isRead === MESSAGE_UNREAD || isRead === MESSAGE_READ ? { isRead } : {}),
    ...(page !== undefined && page > 1 && page <= MAX_PAGE ? { page } : {}),
  };
}
