import { startConsole } from '@console/app/bootstrap';
import { announcements, announcementViews, guideProgress, users } from '@server/db/schema/index';
import { verifyPassword } from '@server/lib/passwords';
import { findUserByIdentifier } from '@server/modules/accounts/accounts.service';
import { startSession } from '@server/modules/auth/auth.service';
import { authEndpoints } from '@shared/contracts/auth.endpoints';
import { API_CLIENTS } from '@shared/contracts/protocol';
import { writeCookie } from '@shared/session/web-port';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from './app';
import { fetchWithBrowserCookies } from './browser-cookies';
import { type PageHarnessOptions, renderPages } from './page-harness';
import { type SessionCall, signInByApi } from './stored-session';

interface RenderOptions {
  app?: TestApp;
  /**
   * Show what a first visit shows (the popup announcement, the guided tours). Off by default:
   * tests of other screens start as someone who has seen them.
   */
  firstVisit?: boolean;
}

/**
 * Everyone in the app has seen the popup announcements and finished the tours: two statements,
 * whatever the number of accounts.
 */
async function settleFirstVisit(app: TestApp) {
  const at = app.clock.now().toISOString();
  await app.db.execute(sql`
    insert into ${guideProgress} (user_id, guide, outcome, at)
    select ${users.id}, guide, 'finished', ${at}::timestamptz
    from ${users} cross join (values ('main'), ('dashboard')) as tours (guide)
    on conflict do nothing`);
  await app.db.execute(sql`
    insert into ${announcementViews} (user_id, announcement_id, seen_at)
    select ${users.id}, ${announcements.id}, ${at}::timestamptz
    from ${users} join ${announcements} on ${announcements.isPopup}
    on conflict do nothing`);
}

/**
 * Password checks already made in this worker, by stored hash (salted: one per account and
 * password set) and the password given. Argon2 takes a tenth of a second or more of a busy
 * machine, and a test opening the console several times would check the same pair each time.
 */
const passwordChecks = new Map<string, Promise<boolean>>();

/**
 * The app's calls, except that signing in with a password opens the session as the login does
 * once the password is right (`startSession`, as the console's client would be recorded), with
 * the check of that account's password made once per worker. The tests of login itself go
 * through the login screen and the real endpoint.
 */
function signInCalls(app: TestApp): SessionCall {
  return async (method, path, options) => {
    if (method !== 'POST' || path !== authEndpoints.loginByPassword.path) {
      return app.call(method, path, options);
    }
    const { username, password } = options.json as { username: string; password: string };
    const user = await findUserByIdentifier(app.deps, null, username);
    const stored = user?.passwordHash ?? null;
    const key = `${stored}\n${password}`;
    let valid = passwordChecks.get(key);
    if (!valid) {
      valid = verifyPassword(stored, password);
      if (stored !== null) passwordChecks.set(key, valid);
    }
    if (!user || !(await valid)) {
      const text = `wrong e-mail, phone or password: ${username}`;
      return { body: { resp_code: 1, resp_msg: text }, text };
    }
    const datas = await startSession(app.deps, null, {
      user,
      meta: { clientId: API_CLIENTS.console.id, ip: null, userAgent: null },
    });
    const body = { resp_code: 0, datas };
    return { body, text: JSON.stringify(body) };
  };
}

/**
 * Signs in as the login does (without its form, the password checked once per worker): the
 * token and the routes it answers, for a test that puts a session of its own making in place.
 */
export async function signInAs(app: TestApp, credentials: { username: string; password: string }) {
  const { body, text } = await signInCalls(app)('POST', authEndpoints.loginByPassword.path, {
    json: credentials,
  });
  if (body.resp_code !== 0) throw new Error(`login failed: ${text}`);
  const login = body.datas as Awaited<ReturnType<typeof startSession>>;
  return { token: login.access_token, routes: login.routerInfoList };
}

/** A fresh app holding the demo seller, copied from the database the run's setup seeded. */
const createDemoApp = () => createTestApp({ from: 'demo' });

/** The real console in jsdom, talking to the real app in-process (no network, no mocks). */
export async function renderConsole(path: string, options: RenderOptions = {}) {
  const app = options.app ?? (await createDemoApp());
  if (!options.firstVisit) await settleFirstVisit(app);
  return mount(path, app, !options.app);
}

/** The console started at `path` on `app` (closed with it when `ownsApp`). */
async function mount(path: string, app: TestApp, ownsApp: boolean) {
  window.history.replaceState(null, '', path);
  const element = document.createElement('div');
  document.body.append(element);
  // The console's calls carry the page's cookies as a browser's would (the server's HttpOnly
  // browser key of WeChat sign-in and binding among them).
  const fetch = fetchWithBrowserCookies((request) => app.app.fetch(request));
  const running = await startConsole({
    win: window,
    element,
    apiBase: window.location.origin,
    fetch: fetch as typeof globalThis.fetch,
    // As production renders it: StrictMode's double renders and effects are for the dev server,
    // and doubled the processor time of these tests.
    strictMode: false,
  });
  return {
    ...running,
    app,
    close: async () => {
      // A navigation still loading would finish its transition after jsdom is gone: let it end.
      for (let waited = 0; waited < 5_000; waited += 20) {
        const { status, isLoading } = running.router.state;
        if (status === 'idle' && !isLoading) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      running.stop();
      element.remove();
      if (ownsApp) await app.close();
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
  options: RenderOptions = {},
) {
  const app = options.app ?? (await createDemoApp());
  if (!options.firstVisit) await settleFirstVisit(app);
  const { token, cache } = await signInByApi(signInCalls(app), credentials);
  writeCookie(document, 'access_token', token);
  localStorage.setItem('cmp-session', cache);
  return { ...(await mount(path, app, !options.app)), token };
}

/**
 * One page of the console on its route alone (address and search as the console's), opened by
 * someone signed in with the menus and buttons their sign-in answered, in place of the whole
 * console: for tests about the page, not the shell around it, which took most of their
 * rendering. Its route's guard and words are what the whole console's tests cover.
 */
export async function renderPageSignedIn(
  path: string,
  credentials: { username: string; password: string },
  options: Pick<PageHarnessOptions, 'app' | 'pages' | 'validateSearch' | 'language'>,
) {
  const { token, routes } = await signInAs(options.app, credentials);
  const harness = await renderPages({
    ...options,
    path: path.replace(/^\/cmp(?=\/|$)/, ''),
    token,
    routes,
  });
  return {
    router: harness.router,
    session: harness.session,
    app: options.app,
    token,
    close: async () => harness.view.unmount(),
  };
}
