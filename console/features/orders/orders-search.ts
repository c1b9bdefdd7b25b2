// Read by the route table on the console's first load: plain functions, no schema library. The
// lists below are copies of the contract's, kept equal to them by the types.
import type { ORDER_TABS, ORDER_TYPES } from '@shared/contracts/orders';
import type { RETURN_STATUSES } from '@shared/contracts/returns';
import type { PLATFORMS } from '@shared/contracts/shops';
import type { SITE_CODES } from '@shared/contracts/site-codes';
import { cursorParam, keywordParam, oneOf } from '../../components/list-search';

type Exactly<List extends readonly string[], Union extends string> = [
  Exclude<Union, List[number]>,
] extends [never]
  ? List
  : never;

type OrderTab = (typeof ORDER_TABS)[number];
type OrderType = (typeof ORDER_TYPES)[number];
type Platform = (typeof PLATFORMS)[number];
type SiteCode = (typeof SITE_CODES)[number];
type ReturnStatus = (typeof RETURN_STATUSES)[number];

const TAB_LIST = [
  'all',
  'waitDeal',
  'waitShip',
  'shipping',
  'shipped',
  'complete',
  'fail',
  'cancel',
  'other',
] as const satisfies readonly OrderTab[];
export const TABS: Exactly<typeof TAB_LIST, OrderTab> = TAB_LIST;
const TYPE_LIST = ['crossBorder', 'local'] as const satisfies readonly OrderType[];
export const TYPES: Exactly<typeof TYPE_LIST, OrderType> = TYPE_LIST;
const PLATFORM_LIST = ['lazada', 'shopee', 'tiktok'] as const satisfies readonly Platform[];
export const PLATFORM_CHOICES: Exactly<typeof PLATFORM_LIST, Platform> = PLATFORM_LIST;
const SITE_LIST = [
  'my',
  'th',
  'vn',
  'sg',
  'id',
  'ph',
  'cn',
  'tw',
  'pl',
  'br',
  'gb',
] as const satisfies readonly SiteCode[];
export const SITES: Exactly<typeof SITE_LIST, SiteCode> = SITE_LIST;
const RETURN_LIST = [
  'toSign',
  'pending',
  'completed',
  'cancelled',
] as const satisfies readonly ReturnStatus[];
export const RETURN_TABS: Exactly<typeof RETURN_LIST, ReturnStatus> = RETURN_LIST;

const DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function dateTime(value: unknown): string | undefined {
  return typeof value === 'string' && DATE_TIME.test(value) ? value : undefined;
}

function uuid(value: unknown): string | undefined {
  return typeof value === 'string' && UUID.test(value) ? value : undefined;
}

/** The orders page's tab, filters, position and the order a drawer shows, as its address carries them. */
export interface OrdersSearch {
  tab?: Exclude<OrderTab, 'all'>;
  shopId?: string;
  site?: SiteCode;
  platform?: Platform;
  orderType?: OrderType;
  orderNo?: string;
  beginTime?: string;
  endTime?: string;
  cursor?: string;
  /** The order whose details are open (a message's target, spec section 2). */
  orderId?: string | number;
}

/** The router's validateSearch for /thirdPartyPlatform/orderManage: drops what it does not know. */
export function validateOrdersSearch(search: Record<string, unknown>): OrdersSearch {
  const tab = oneOf(TABS, search.tab);
  const shopId = uuid(search.shopId);
  const site = oneOf(SITES, search.site);
  const platform = oneOf(PLATFORM_CHOICES, search.platform);
  const orderType = oneOf(TYPES, search.orderType);
  const orderNo = keywordParam(search.orderNo).keyword?.slice(0, 64);
  const beginTime = dateTime(search.beginTime);
  const endTime = dateTime(search.endTime);
  const ordered = !beginTime || !endTime || beginTime <= endTime;
  const orderId =
    (typeof search.orderId === 'string' && search.orderId !== '') ||
    (typeof search.orderId === 'number' && Number.isFinite(search.orderId))
      ? search.orderId
      : undefined;
  return {
    ...(tab && tab !== 'all' ? { tab } : {}),
    ...(shopId ? { shopId } : {}),
    ...(site ? { site } : {}),
    ...(platform ? { platform } : {}),
    ...(orderType ? { orderType } : {}),
    ...(orderNo ? { orderNo } : {}),
    ...(beginTime && ordered ? { beginTime } : {}),
    ...(endTime && ordered ? { endTime } : {}),
    ...cursorParam(search.cursor),
    ...(orderId !== undefined ? { orderId } : {}),
  };
}

export interface ReturnsSearch {
  status?: Exclude<ReturnStatus, 'toSign'>;
  shopId?: string;
  keyword?: string;
  cursor?: string;
}

/** The router's validateSearch for /thirdPartyPlatform/returnManage. */
export function validateReturnsSearch(search: Record<string, unknown>): ReturnsSearch {
  const status = oneOf(RETURN_TABS, search.status);
  const shopId = uuid(search.shopId);
  return {
    ...(status && status !== 'toSign' ? { status } : {}),
    ...(shopId ? { shopId } : {}),
    ...keywordParam(search.keyword),
    ...cursorParam(search.cursor),
  };
}
