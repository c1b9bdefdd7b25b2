import { startConsole } from '@console/app/bootstrap';
import { seedDemo } from '@server/db/seed';
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
