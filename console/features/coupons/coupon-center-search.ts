import type { CouponScope, CouponState } from '@shared/contracts/coupons';
import { cursorParam, oneOf } from '../../components/list-search';

// The route table reads these on the console's first load, so they check by hand against copies
// of the contract's lists (the contract module would bring the schema library with it). The types
// below keep the copies equal to the contract's lists.

type Exactly<List extends readonly string[], Union extends string> = [
  Exclude<Union, List[number]>,
] extends [never]
  ? List
  : never;

const STATE_LIST = [
  'unused',
  'used',
  'expired',
  'freezing',
] as const satisfies readonly CouponState[];
const SCOPE_LIST = [
  'general',
  'recharge',
  'openWarehouse',
  'upgradeWarehouse',
  'purchaseFee',
  'domesticFreight',
  'internationalFreight',
  'serviceFee',
  'consumablesFee',
] as const satisfies readonly CouponScope[];

/** The tabs in the order the page shows them (spec section 4). */
export const COUPON_TABS: Exactly<typeof STATE_LIST, CouponState> = STATE_LIST;
/** The nine scopes of spec section 9. */
export const COUPON_SCOPE_LIST: Exactly<typeof SCOPE_LIST, CouponScope> = SCOPE_LIST;

/** The coupon centre's tab, scope filter and position, as its address carries them. */
export interface CouponCenterSearch {
  /** Absent for the default tab, the unused coupons. */
  status?: Exclude<CouponState, 'unused'>;
  scope?: CouponScope;
  /** The server's keyset position; none on the first page. */
  cursor?: string;
}

/**
 * The router's validateSearch for /other/couponCenter: keeps a tab other than the default, a
 * known scope and a page's position (the server's cursor); drops anything else, so a hand-edited address still opens.
 */
export function validateCouponCenterSearch(search: Record<string, unknown>): CouponCenterSearch {
  const status = oneOf(COUPON_TABS, search.status);
  const scope = oneOf(COUPON_SCOPE_LIST, search.scope);
  return {
    ...(status && status !== 'unused' ? { status } : {}),
    ...(scope ? { scope } : {}),
    ...cursorParam(search.cursor),
  };
}
