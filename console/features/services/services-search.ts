// Read by the route table on the console's first load: plain functions, no schema library.
import { cursorParam, keywordParam, oneOf } from '../../components/list-search';

/** The tabs of service progress (spec section 4: all, pending, complete, cancel, abort). */
export const SERVICE_TABS = ['all', 'pending', 'complete', 'cancel', 'abort'] as const;
type ServiceTab = (typeof SERVICE_TABS)[number];

/** The type filter: the four order service types and the market's purchases. */
export const SERVICE_TYPE_FILTERS = [
  'crossSale',
  'giftShipment',
  'crossSupplement',
  'crossStoreSale',
  'valueAdded',
] as const;
type ServiceTypeFilter = (typeof SERVICE_TYPE_FILTERS)[number];

/** The two views of the page: the seller's list, and the operator's queue across sellers. */
const VIEWS = ['list', 'queue'] as const;

const DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

function dateTime(value: unknown): string | undefined {
  return typeof value === 'string' && DATE_TIME.test(value) ? value : undefined;
}

/** Service progress's tab, filters, position and the service a drawer shows, as the address carries them. */
export interface ServiceProgressSearch {
  tab?: Exclude<ServiceTab, 'all'>;
  type?: ServiceTypeFilter;
  /** A service number to look for (the open drawer's is `serviceNo`). */
  number?: string;
  /** A platform order number to look for. */
  orderNo?: string;
  beginTime?: string;
  endTime?: string;
  cursor?: string;
  /** The seller's list or the operator's queue (an operator opens on the queue). */
  view?: (typeof VIEWS)[number];
  /** The service whose details are open (a type-3 message's target, spec section 2). */
  serviceNo?: string;
}

function text(value: unknown, max: number): string | undefined {
  return keywordParam(value).keyword?.slice(0, max);
}

/** The router's validateSearch for /order/serviceProgress: drops what it does not know. */
export function validateServiceProgressSearch(
  search: Record<string, unknown>,
): ServiceProgressSearch {
  const tab = oneOf(SERVICE_TABS, search.tab);
  const type = oneOf(SERVICE_TYPE_FILTERS, search.type);
  const number = text(search.number, 40);
  const orderNo = text(search.orderNo, 64);
  const beginTime = dateTime(search.beginTime);
  const endTime = dateTime(search.endTime);
  const ordered = !beginTime || !endTime || beginTime <= endTime;
  const view = oneOf(VIEWS, search.view);
  const serviceNo = text(search.serviceNo, 40);
  return {
    ...(tab && tab !== 'all' ? { tab } : {}),
    ...(type ? { type } : {}),
    ...(number ? { number } : {}),
    ...(orderNo ? { orderNo } : {}),
    ...(beginTime && ordered ? { beginTime } : {}),
    ...(endTime && ordered ? { endTime } : {}),
    ...cursorParam(search.cursor),
    ...(view ? { view } : {}),
    ...(serviceNo ? { serviceNo } : {}),
  };
}
