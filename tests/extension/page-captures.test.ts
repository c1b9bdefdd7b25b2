import { CAPTURE_CHANNEL, SHOPEE_CAPTURE_PATTERNS } from '@extension/collector/capture-channel';
import { installCaptureHook } from '@extension/collector/capture-hook';
import { watchPageCaptures } from '@extension/collector/page-captures';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const PDP = 'https://shopee.co.th/api/v4/pdp/get_pc?item_id=22&shop_id=11';
const PRODUCT = 'https://shopee.co.th/Glass-Cup-i.11.22';

/**
 * A window as both worlds see it: one event target, window.postMessage delivering asynchronously
 * with the window as the source, and the page's own fetch.
 */
class PageWindow extends EventTarget {
  location = { origin: 'https://shopee.co.th', href: PRODUCT };
  chrome?: { runtime?: { id?: string } };
  asked: string[] = [];
  fetch = async (input: RequestInfo | URL) => {
    const url = String(input);
    this.asked.push(url);
    return new Response(url.includes('get_pc') ? '{"data":{"item":{"item_id":22}}}' : '{}', {
      headers: { 'content-type': 'application/json' },
    });
  };
  postMessage(data: unknown) {
    setTimeout(() => {
      const event = new Event('message') as Event & { data: unknown; source: unknown };
      Object.assign(event, { data, source: this });
      this.dispatchEvent(event);
    }, 0);
  }
}

// The page's messages and the watcher's pauses run on a fake clock: `settle` moves it past them.
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});
const settle = (ms = 5) => vi.advanceTimersByTimeAsync(ms);

function watch(win: PageWindow, inject: (() => Promise<unknown>) | null = null) {
  return watchPageCaptures(win as unknown as Window, {
    patterns: SHOPEE_CAPTURE_PATTERNS,
    inject,
    injectAfterMs: 20,
    setTimeout: (handler, ms) => setTimeout(handler, ms),
    onInvalidated: () => undefined,
  });
}

describe('page captures', () => {
  it('hands the product answers the page fetches to the content script, the page unchanged', async () => {
    const win = new PageWindow();
    installCaptureHook(win as unknown as Window, SHOPEE_CAPTURE_PATTERNS);
    const captures = watch(win);
    const answer = await win.fetch(PDP);
    expect(await answer.json()).toEqual({ data: { item: { item_id: 22 } } });
    await win.fetch('https://shopee.co.th/api/v4/recommend/recommend?x=1');
    await vi.waitFor(() => expect(captures.list()).toHaveLength(1));
    await settle();
    expect(captures.list()).toEqual([{ url: PDP, body: '{"data":{"item":{"item_id":22}}}' }]);
    expect(win.asked).toEqual([PDP, 'https://shopee.co.th/api/v4/recommend/recommend?x=1']);
  });

  it('sends again what it caught before the content script listened', async () => {
    const win = new PageWindow();
    installCaptureHook(win as unknown as Window, SHOPEE_CAPTURE_PATTERNS);
    await win.fetch('/api/v4/pdp/get_pc?item_id=22&shop_id=11');
    await settle();
    const captures = watch(win);
    await vi.waitFor(() =>
      expect(captures.list().map((answer) => answer.url)).toEqual([
        'https://shopee.co.th/api/v4/pdp/get_pc?item_id=22&shop_id=11',
      ]),
    );
  });

  it('wakes a reader waiting for the next answer', async () => {
    const win = new PageWindow();
    installCaptureHook(win as unknown as Window, SHOPEE_CAPTURE_PATTERNS);
    const captures = watch(win);
    // Far beyond the test's own time limit: only the answer can end the wait in time.
    const next = captures.next(600_000);
    await win.fetch(PDP);
    // The page's message delivered (a few milliseconds of the fake clock, never the 600 s).
    await settle();
    await next;
    expect(captures.list()).toHaveLength(1);
  });

  it('stays out of the extension world, where the content script then injects it into the page', async () => {
    const win = new PageWindow();
    win.chrome = { runtime: { id: 'abcdefghijklmnop' } };
    const ownFetch = win.fetch;
    installCaptureHook(win as unknown as Window, SHOPEE_CAPTURE_PATTERNS);
    expect(win.fetch).toBe(ownFetch);
    let injected = 0;
    watch(win, async () => {
      injected++;
    });
    await vi.waitFor(() => expect(injected).toBe(1));
    await settle(60);
    expect(injected).toBe(1);
    // Installed in the page: no second injection.
    const page = new PageWindow();
    installCaptureHook(page as unknown as Window, SHOPEE_CAPTURE_PATTERNS);
    let again = 0;
    watch(page, async () => {
      again++;
    });
    await settle(60);
    expect(again).toBe(0);
  });

  it('ignores messages that are not answers of the product API', async () => {
    const win = new PageWindow();
    const captures = watch(win);
    win.postMessage({
      channel: CAPTURE_CHANNEL,
      type: 'answer',
      url: 'https://x.test/a',
      body: '{}',
    });
    win.postMessage({ channel: 'other', type: 'answer', url: PDP, body: '{}' });
    win.postMessage({ channel: CAPTURE_CHANNEL, type: 'answer', url: PDP, body: 42 });
    await settle();
    expect(captures.list()).toEqual([]);
  });
});
