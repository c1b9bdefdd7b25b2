import { DEMO_ACCOUNT, seedDemo } from '@server/seed/demo';
import { createApiClient } from '@shared/api/client';
import { ApiError } from '@shared/api/errors';
import { signInWithPassword, signOut } from '@shared/api/session-actions';
import { API_CLIENTS } from '@shared/contracts/protocol';
import { createSessionStore, selectSession } from '@shared/session/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { readLocale } from '../support/locales';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t);
});
afterAll(() => t.close());

function client(language = 'en') {
  const store = createSessionStore({
    load: () => ({ session: null, updatedAt: 0 }),
    save: () => undefined,
  });
  const api = createApiClient({
    baseUrl: 'http://console.test',
    client: API_CLIENTS.extension,
    getToken: () => selectSession(store.getState())?.token ?? null,
    getLocale: () => ({ site: 'th', language }),
    fetch: ((input: RequestInfo | URL, init?: RequestInit) =>
      t.app.fetch(new Request(input, init))) as typeof fetch,
  });
  return { api, store };
}

describe('the shared client against the real app', () => {
  it('signs in, reads userInfo with the new token, and signs out for good', async () => {
    const { api, store } = client('th');
    const { session, message } = await signInWithPassword(api, store, {
      username: DEMO_ACCOUNT.email,
      password: DEMO_ACCOUNT.password,
    });
    expect(message).toBe(readLocale('th', 'api').loginSuccess);
    expect(session.user.email).toBe(DEMO_ACCOUNT.email);
    expect(selectSession(store.getState())?.token).toBe(session.token);
    expect((await api.users.userInfo()).id).toBe(session.user.id);
    expect(await signOut(api, store)).toEqual({ error: null });
    expect(store.getState().snapshot.session).toBeNull();
    const stale = createApiClient({
      baseUrl: 'http://console.test',
      client: API_CLIENTS.console,
      getToken: () => session.token,
      getLocale: () => ({ site: 'th', language: 'en' }),
      fetch: ((input: RequestInfo | URL, init?: RequestInit) =>
        t.app.fetch(new Request(input, init))) as typeof fetch,
    });
    const error = await stale.users.userInfo().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'auth', key: 'TOKEN_INVALID', status: 401 });
  });

  it('raises the server’s translated business error for a wrong password', async () => {
    const { api, store } = client('zh');
    const error = await signInWithPassword(api, store, {
      username: DEMO_ACCOUNT.email,
      password: 'nope-1234',
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      kind: 'business',
      key: 'BAD_CREDENTIALS',
      serverMessage: readLocale('zh', 'errors').BAD_CREDENTIALS,
    });
  });

  it('lists sites without a session', async () => {
    const { api } = client();
    expect((await api.sites.list()).map((s) => s.site)).toContain('th');
    expect(await api.sites.list({ all: true })).toHaveLength(11);
  });
});
