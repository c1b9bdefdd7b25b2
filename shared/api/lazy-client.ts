import type { ApiClient } from './client';
import { ApiError } from './errors';

type Method = (...args: unknown[]) => Promise<unknown>;

/**
 * An ApiClient whose code (ky, the contracts and zod) loads on its first call or on `preload()`,
 * so a first screen that makes no call does not download it. Every method of the real client
 * returns a promise, so the stand-in behaves the same; a failed load is a network failure.
 */
export function createLazyApiClient(load: () => Promise<ApiClient>): {
  api: ApiClient;
  preload(): void;
} {
  let loading: Promise<ApiClient> | undefined;
  const client = () => {
    loading ??= load().catch((cause: unknown) => {
      loading = undefined;
      throw new ApiError({ kind: 'network', key: 'NETWORK_ERROR', cause });
    });
    return loading;
  };
  const groups = new Map<string, unknown>();
  const api = new Proxy({} as ApiClient, {
    get: (_target, group) => {
      if (typeof group !== 'string') return undefined;
      let stand = groups.get(group);
      if (!stand) {
        stand = new Proxy(
          {},
          {
            get: (_inner, method) =>
              typeof method !== 'string'
                ? undefined
                : (...args: unknown[]) =>
                    client().then((real) => {
                      const fn = (real as unknown as Record<string, Record<string, Method>>)[
                        group
                      ]?.[method];
                      if (!fn) throw new TypeError(`No API call ${group}.${method}`);
                      return fn(...args);
                    }),
          },
        );
        groups.set(group, stand);
      }
      return stand;
    },
  });
  return { api, preload: () => void client().catch(() => undefined) };
}
