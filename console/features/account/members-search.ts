import type { SUB_ACCOUNT_STATUSES } from '@shared/contracts/sub-accounts';
import { cursorParam, keywordParam, oneOf } from '../../components/list-search';

// The route table reads this on the console's first load, so the statuses are a copy of the
// contract's list (the contract module would bring the schema library with it); the type below
// keeps the copy equal to it.

type Status = (typeof SUB_ACCOUNT_STATUSES)[number];
const STATUS_LIST = ['enabled', 'forbidden', 'expired'] as const satisfies readonly Status[];
type Exactly<List extends readonly string[], Union extends string> = [
  Exclude<Union, List[number]>,
] extends [never]
  ? List
  : never;

/** The statuses in the order the filter offers them. */
export const MEMBER_STATUSES: Exactly<typeof STATUS_LIST, Status> = STATUS_LIST;

/** User management's search, status filter and position, as its address carries them. */
export interface MembersSearch {
  keyword?: string;
  status?: Status;
  /** The server's keyset position; none on the first page. */
  cursor?: string;
}

/**
 * The router's validateSearch for /account/accountManage: keeps a keyword, a known status and a
 * page above 1; drops anything else, so a hand-edited address still opens the page.
 */
export function validateMembersSearch(search: Record<string, unknown>): MembersSearch {
  const status = oneOf(MEMBER_STATUSES, search.status);
  return {
    ...keywordParam(search.keyword),
    ...(status ? { status } : {}),
    ...cursorParam(search.cursor),
  };
}
