import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../api/client';
import type { CouponListQuery } from '../contracts/coupons';
import { useApi } from './api-context';

/** One page of a coupon centre tab, as the screen asks for it. */
type CouponListParams = Pick<CouponListQuery, 'limit' | 'status'> &
  Partial<Pick<CouponListQuery, 'page' | 'cursor' | 'scope'>>;

/** Every coupon query starts with ['coupons']: using or releasing a coupon invalidates that prefix. */
const couponKeys = {
  all: ['coupons'] as const,
  lists: () => [...couponKeys.all, 'list'] as const,
  list: (params: CouponListParams) => [...couponKeys.lists(), params] as const,
};

function couponListQuery(api: ApiClient, { page, cursor, limit, status, scope }: CouponListParams) {
  const query: CouponListParams = {
    ...(page !== undefined ? { page } : {}),
    ...(cursor ? { cursor } : {}),
    limit,
    status,
    ...(scope ? { scope } : {}),
  };
  return queryOptions({
    queryKey: couponKeys.list(query),
    queryFn: ({ signal }) => api.coupons.list(query, { signal }),
  });
}

/**
 * A page of one coupon centre tab with every tab's count. The previous page stays on screen while
 * the next loads; the screen shows a failure itself (with a retry).
 */
export function useCoupons(params: CouponListParams) {
  return useQuery({
    ...couponListQuery(useApi(), params),
    placeholderData: keepPreviousData,
    meta: { inlineErrors: true },
  });
}
