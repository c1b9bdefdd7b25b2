import { startConsole } from '@console/app/bootstrap';
import { announcements, announcementViews, guideProgress, users } from '@server/db/schema/index';
import { writeCookie } from '@shared/session/web-port';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from './app';
import { fetchWithBrowserCookies } from './browser-cookies';
import { signInByApi } from './stored-session';

interface RenderOptions {
  app?: TestApp;
  /**
   * Show what a first visit shows (the popup announcement, the guided tours). Off by default:
   * tests of other screens start as someone who has seen them.
   */
  firstVisit?: boolean;
}

/** Everyone in the app has seen the popup announcements and finished the tours. */
async function settleFirstVisit(app: TestApp) {
  const now = app.clock.now();
  const people = await app.db.select({ id: users.id }).from(users);
  const popups = await app.db
    .select({ id: announcements.id })
    .from(announcements)
    .where(eq(announcements.isPopup, true));
  for (const { id } of people) {
    await app.db
      .insert(guideProgress)
      .values(
        ['main', 'dashboard'].map((guide) => ({ userId: id, guide, outcome: 'finished', at: now })),
      )
      .onConflictDoNothing();
    if (popups.length > 0) {
      await app.db
        .insert(announcementViews)
        .values(popups.map((popup) => ({ userId: id, announcementId: popup.id, seenAt: now })))
        .onConflictDoNothing();
    }
  }
}

/** A fresh app holding the demo seller, copied from the database the run's setup seeded. */
const createDemoApp = () => createTestApp({ from: 'demo' });

/** The real console in jsdom, talking to the real app in-process (no network, no mocks). */
export async function renderConsole(path: string, options: RenderOptions = {}) {
  const app = options.app ?? (await createDemoApp());
  if (!options.firstVisit) await settleFirstVisit(app);
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
  options: RenderOptions = {},
) {
  const app = options.app ?? (await createDemoApp());
  if (!options.firstVisit) await settleFirstVisit(app);
  const { token, cache } = await signInByApi(app.call, credentials);
  writeCookie(document, 'access_token', token);
  localStorage.setItem('cmp-session', cache);
  const running = await renderConsole(path, { app, firstVisit: options.firstVisit ?? false });
  return {
    ...running,
    token,
    close: async () => {
      await running.close();
      if (!options.app) await app.close();
    },
  };
}
