import type { ApiClient } from '@shared/api/client';
import { ApiError } from '@shared/api/errors';
import { createLazyApiClient } from '@shared/api/lazy-client';
import { describe, expect, it } from 'vitest';

function fakeClient(calls: unknown[][]): ApiClient {
  return {
    auth: {
      loginByPassword: async (input: unknown) => {
        calls.push(['login', input]);
        return { datas: { access_token: 't', expires_in: 1, routerInfoList: [] }, message: 'ok' };
      },
      logout: async () => ({ datas: null, message: 'bye' }),
    },
    users: { userInfo: async () => ({}) },
    sites: { list: async () => [] },
  } as unknown as ApiClient;
}

describe('lazy API client', () => {
  it('loads the real client once, on the first call or on preload, and forwards calls with their arguments', async () => {
    const calls: unknown[][] = [];
    let loads = 0;
    const { api, preload } = createLazyApiClient(async () => {
      loads += 1;
      return fakeClient(calls);
    });
    expect(loads).toBe(0);
    preload();
    preload();
    const [first, second] = await Promise.all([
      api.auth.loginByPassword({ username: 'a', password: 'b' }),
      api.auth.logout(),
    ]);
    expect(loads).toBe(1);
    expect(first.message).toBe('ok');
    expect(second.message).toBe('bye');
    expect(calls).toEqual([['login', { username: 'a', password: 'b' }]]);
  });

  it('turns a failed load into a network error and tries again on the next call', async () => {
    let attempts = 0;
    const { api } = createLazyApiClient(async () => {
      attempts += 1;
      if (attempts === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return fakeClient([]);
    });
    const error = await api.auth.logout().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'network', key: 'NETWORK_ERROR' });
    await expect(api.auth.logout()).resolves.toEqual({ datas: null, message: 'bye' });
    expect(attempts).toBe(2);
  });
});
