import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../api/client';

const dashboardKeys = {
  all: ['dashboard'] as const,
  summaries: () => [...dashboardKeys.all, 'summary'] as const,
  productSummary: () => [...dashboardKeys.summaries(), 'products'] as const,
  orderSummary: () => [...dashboardKeys.summaries(), 'orders'] as const,
  purchaseSummary: () => [...dashboardKeys.summaries(), 'purchases'] as const,
  orderTrend: (timeZone: string) => [...dashboardKeys.all, 'orderTrend', timeZone] as const,
};

/**
 * queryOptions factories for the dashboard; each takes the program's API client (`useApi()`):
 * `useQuery(dashboardQueries.orderSummary(api))`. The dashboard shows each failure on its card,
 * with a retry, so the failures are inline.
 */
export const dashboardQueries = {
  productSummary: (api: ApiClient) =>
    queryOptions({
      queryKey: dashboardKeys.productSummary(),
      queryFn: ({ signal }) => api.dashboard.productSummary({}, { signal }),
      meta: { inlineErrors: true },
    }),
  orderSummary: (api: ApiClient) =>
    queryOptions({
      queryKey: dashboardKeys.orderSummary(),
      queryFn: ({ signal }) => api.dashboard.orderSummary({}, { signal }),
      meta: { inlineErrors: true },
    }),
  purchaseSummary: (api: ApiClient) =>
    queryOptions({
      queryKey: dashboardKeys.purchaseSummary(),
      queryFn: ({ signal }) => api.dashboard.purchaseSummary({ signal }),
      meta: { inlineErrors: true },
    }),
  /** Orders and sales per shop per day, the last 14 days in `timeZone` (the reader's). */
  orderTrend: (api: ApiClient, timeZone: string) =>
    queryOptions({
      queryKey: dashboardKeys.orderTrend(timeZone),
      queryFn: ({ signal }) => api.dashboard.orderTrend(timeZone, { signal }),
      meta: { inlineErrors: true },
    }),
};
