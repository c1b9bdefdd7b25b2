import { readCookie, writeCookie } from '@shared/session/web-port';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Screens answer after real round trips to the app (and its database and mail server): on a busy
// machine that takes longer than testing-library's default second.
configure({ asyncUtilTimeout: 10_000 });

// jsdom lacks what Mantine measures the page with.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
window.HTMLElement.prototype.scrollIntoView ??= () => undefined;
// jsdom has no layout: the router's scroll restoration has nothing to scroll.
window.scrollTo = () => undefined;

afterEach(() => {
  cleanup();
  for (const name of ['access_token', 'cmp-language', 'cmp-site', 'cmp-targetUrl']) {
    if (readCookie(document, name) !== null) writeCookie(document, name, null);
  }
  localStorage.clear();
  sessionStorage.clear();
});
