import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../api/client';
import type { AppType } from '../contracts/config';

const configKeys = {
  all: ['config'] as const,
  customerValues: () => [...configKeys.all, 'customer'] as const,
  appDownload: (type: AppType) => [...configKeys.all, 'appDownload', type] as const,
};

/** Configuration changes rarely (an operator edits it); five minutes of freshness is plenty. */
const CONFIG_STALE_MS = 5 * 60_000;

/**
 * queryOptions factories for server configuration; each takes the program's API client:
 * `useQuery(configQueries.customerValues(api))`. Failures show where the values would.
 */
export const configQueries = {
  /** Customer service: official account, WeChat, mail and hotline. */
  customerValues: (api: ApiClient) =>
    queryOptions({
      queryKey: configKeys.customerValues(),
      queryFn: ({ signal }) => api.config.customerValues({ signal }),
      staleTime: CONFIG_STALE_MS,
      meta: { inlineErrors: true },
    }),
  /** Where the Android or iPhone app downloads from, with its QR code. */
  appDownload: (api: ApiClient, type: AppType) =>
    queryOptions({
      queryKey: configKeys.appDownload(type),
      queryFn: ({ signal }) => api.config.downloadApp(type, { signal }),
      staleTime: CONFIG_STALE_MS,
      meta: { inlineErrors: true },
    }),
};
