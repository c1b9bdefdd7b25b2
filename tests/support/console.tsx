import { startConsole } from '@console/app/bootstrap';
import { seedDemo } from '@server/db/seed';
import { writeCookie } from '@shared/session/web-port';
import { createTestApp, type TestApp } from './app';

/** The real console in jsdom, talking to the real app in-process (no network, no mocks). */
export async function renderConsole(path: string, options: { app?: TestApp } = {}) {
  const app = options.app ?? (await createTestApp());
  if (!options.app) await seedDemo(app);
  window.history.replaceState(null, '', path);
  const element = document.createElement('div');
  document.body.append(element);
  const fetch = (input: RequestInfo | URL, init?: RequestInit) =>
    app.app.fetch(new Request(input, init));
  const running = await startConsole({
    win: window,
    element,
    apiBase: window.location.origin,
    fetch: fetch as typeof globalThis.fetch,
  });
  return {
    ...running,
    app,
    close: async () => {
      running.stop();
      element.remove();
      if (!options.app) await app.close();
    },
  };
}

/**
 * The console opened at `path` by someone already signed in: the session the login screen would
 * have stored (token cookie, cached routes and userInfo) is put where a page load finds it.
 */
export async function renderSignedIn(
  path: string,
  credentials: { username: string; password: string },
  options: { app?: TestApp } = {},
) {
  const app = options.app ?? (await createTestApp());
  if (!options.app) await seedDemo(app);
  const login = await app.call('POST', '/api-uaa/oauth/loginByPassword', { json: credentials });
  if (login.body.resp_code !== 0) throw new Error(`login failed: ${login.text}`);
  const token = login.body.datas.access_token as string;
  const [info, check] = await Promise.all([
    app.call('GET', '/api-user/user/userInfo', { token }),
    app.call('GET', '/api-user/user/loginCheck', { token }),
  ]);
  writeCookie(document, 'access_token', token);
  localStorage.setItem(
    'cmp-session',
    JSON.stringify({
      updatedAt: Date.now(),
      routes: login.body.datas.routerInfoList,
      user: info.body.datas,
      onboarded: check.body.datas !== null,
    }),
  );
  const running = await renderConsole(path, { app });
  return {
    ...running,
    token,
    close: async () => {
      await running.close();
      if (!options.app) await app.close();
    },
  };
}
