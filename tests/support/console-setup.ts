import { notifications } from '@mantine/notifications';
import { writeCookie } from '@shared/session/web-port';
import { cleanup, configure, prettyDOM } from '@testing-library/react';
import * as React from 'react';
import { afterEach } from 'vitest';
import type { StoreApi } from 'zustand';
import { clearBrowserCookies } from './browser-cookies';

// Screens answer after real round trips to the app (and its database and mail server): on a busy
// machine that takes longer than testing-library's default second.
configure({ asyncUtilTimeout: 10_000 });

/**
 * A query that finds nothing throws an error whose message prints the whole document. `findBy…`
 * and `waitFor` make and drop one such error on every try until the element appears: printing
 * the document each time was an eighth of the processor time of these tests. The message is
 * printed when it is read (a failure being reported, or `waitFor` giving up), from the document
 * as it is then.
 */
const PAGE_HEADER = 'The page (comments, <script> and <style> left out):';
configure({
  getElementError(message, container) {
    const error = new Error();
    error.name = 'TestingLibraryElementError';
    let text: string | undefined;
    Object.defineProperty(error, 'message', {
      configurable: true,
      enumerable: true,
      get: () => {
        // `waitFor` giving up passes the message of the last try, which already holds the page.
        const said = message ?? '';
        text ??= said.includes(PAGE_HEADER)
          ? said
          : [said, `${PAGE_HEADER}\n${prettyDOM(container)}`].filter(Boolean).join('\n\n');
        return text;
      },
      set: (value: string) => {
        text = value;
      },
    });
    return error;
  },
});

/**
 * React's development build records, for each element it creates, a stack trace and a console
 * task (its "owner stack", printed in warnings to say where a component was rendered): about a
 * tenth of the processor time of these tests. Past 10,000 elements in a second it stops and
 * names an unknown owner; this counter stays there. Warnings are still given, without that stack.
 */
Object.defineProperty(
  (React as unknown as Record<string, object>)
    .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE,
  'recentlyCreatedOwnerStacks',
  { configurable: true, get: () => 10_000, set: () => undefined },
);

/**
 * jsdom lacks what Mantine measures the page with. The page asks for less motion, as the browser
 * tests' Chromium does (`--force-prefers-reduced-motion`), which the console honours
 * (`respectReducedMotion` in the theme): dialogs, menus, drawers and toasts open and close at
 * once instead of over two animation frames and a timer, each step rendered again.
 */
const REDUCED_MOTION = /\(\s*prefers-reduced-motion\s*:\s*reduce\s*\)/;
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: REDUCED_MOTION.test(query),
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

/** The console's UI stores (one module per store), put back as a page load finds them. */
const stores = Object.values(
  import.meta.glob<Record<string, unknown>>('../../console/stores/*.ts', { eager: true }),
)
  .flatMap((module) => Object.values(module))
  .filter(
    (value): value is StoreApi<unknown> =>
      typeof value === 'function' && 'getInitialState' in value && 'setState' in value,
  );

// The files of a worker share one window and one set of modules: each test starts as a new page
// load would, with nothing left by the one before (in this file or another).
afterEach(() => {
  cleanup();
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=')[0]?.trim();
    if (name) writeCookie(document, name, null);
  }
  // The HttpOnly ones too, which document.cookie does not show.
  clearBrowserCookies();
  localStorage.clear();
  sessionStorage.clear();
  for (const store of stores) store.setState(store.getInitialState(), true);
  notifications.clean();
  notifications.cleanQueue();
  document.body.replaceChildren();
});
