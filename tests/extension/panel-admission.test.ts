import {
  ADMISSION_WAIT_MS,
  type AdmissionWindow,
  admitPanel,
} from '@extension/pages/panel-admission';
import { describe, expect, it } from 'vitest';

/**
 * Whether the side panel page works where it was loaded: on a page of its own, or framed as the
 * collector's in-page panel holding its nonce; framed anywhere else it refuses.
 */

const NONCE = 'abcdefghijklmnopqrstuvwxyz012345';
const nonceMessage = { channel: 'cmp-collector-panel', nonce: NONCE };

interface Options {
  framed?: boolean;
  search?: string;
  /** The frame's ancestors as Chromium names them; undefined where the browser does not. */
  ancestors?: string[] | undefined;
}

/** A window for the panel page, with a clock the test moves and messages it posts. */
function panelWindow(options: Options = {}) {
  const self = {};
  const parent = {};
  const listeners = new Set<(event: MessageEvent) => void>();
  const timers: { at: number; run(): void }[] = [];
  let now = 0;
  const win: AdmissionWindow = {
    self,
    top: options.framed === false ? self : parent,
    parent: options.framed === false ? self : parent,
    location: {
      search: options.search ?? '?tab=7&inpage=1',
      ...('ancestors' in options
        ? options.ancestors === undefined
          ? {}
          : { ancestorOrigins: options.ancestors }
        : { ancestorOrigins: ['https://detail.1688.com'] }),
    },
    addEventListener: (_type, listener) => listeners.add(listener),
    removeEventListener: (_type, listener) => listeners.delete(listener),
    setTimeout: (run, ms) => {
      const timer = { at: now + ms, run };
      timers.push(timer);
      return timer;
    },
    clearTimeout: (handle) => {
      timers.splice(timers.indexOf(handle as (typeof timers)[number]), 1);
    },
  };
  return {
    win,
    parent,
    listening: () => listeners.size,
    post(data: unknown, from: { source?: unknown; origin?: string } = {}) {
      const event = {
        data,
        source: from.source ?? parent,
        origin: from.origin ?? 'https://detail.1688.com',
      } as MessageEvent;
      for (const listener of [...listeners]) listener(event);
    },
    advance(ms: number) {
      now += ms;
      for (const timer of timers.filter((each) => each.at <= now)) timer.run();
    },
  };
}

/** The background's `panel:attach`: takes NONCE for tab 7, once. */
function background() {
  const asked: { tabId: number; nonce: string }[] = [];
  let spent = false;
  return {
    asked,
    attach: async (request: { tabId: number; nonce: string }) => {
      asked.push(request);
      if (spent || request.tabId !== 7 || request.nonce !== NONCE) return false;
      spent = true;
      return true;
    },
  };
}

/** Lets the admission's pending promises run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the side panel page', () => {
  it('works on a page of its own (the side panel, the popup, a tab) without asking', async () => {
    const page = panelWindow({ framed: false, search: '' });
    const { attach, asked } = background();
    await expect(admitPanel(page.win, attach)).resolves.toBe('top');
    expect(asked).toEqual([]);
  });

  it('framed as the in-page panel, works once the background took its nonce back', async () => {
    const page = panelWindow();
    const { attach, asked } = background();
    const admission = admitPanel(page.win, attach);
    // What the page posts itself, and what comes from elsewhere, changes nothing.
    page.post({ channel: 'cmp-collector-panel', nonce: 'z'.repeat(32) });
    page.post(nonceMessage, { source: {} });
    page.post(nonceMessage, { origin: 'https://evil.example' });
    page.post('hello');
    await settle();
    page.post(nonceMessage);
    await expect(admission).resolves.toBe('in-page');
    expect(asked).toEqual([
      { tabId: 7, nonce: 'z'.repeat(32) },
      { tabId: 7, nonce: NONCE },
    ]);
    expect(page.listening()).toBe(0);
  });

  it('framed where the browser names no ancestors (Firefox), still needs the nonce', async () => {
    const page = panelWindow({ ancestors: undefined });
    const { attach } = background();
    const admission = admitPanel(page.win, attach);
    page.post(nonceMessage, { origin: 'https://detail.1688.com' });
    await expect(admission).resolves.toBe('in-page');
  });

  it('refuses when no nonce it could trade came in time', async () => {
    const page = panelWindow();
    const { attach } = background();
    const admission = admitPanel(page.win, attach);
    page.post({ channel: 'cmp-collector-panel', nonce: 'z'.repeat(32) });
    await settle();
    page.advance(ADMISSION_WAIT_MS);
    await expect(admission).resolves.toBe('refused');
    expect(page.listening()).toBe(0);
  });

  it.each([
    ['without inpage', { search: '?tab=7' }],
    ['without its tab', { search: '?inpage=1' }],
    ['inside a page over http', { ancestors: ['http://detail.1688.com'] }],
    ['inside a page of another site', { ancestors: ['https://supplier.example'] }],
    [
      'inside a frame inside a source page',
      { ancestors: ['https://ads.example', 'https://detail.1688.com'] },
    ],
  ])('framed %s, refuses at once', async (_name, options: Options) => {
    const page = panelWindow(options);
    const { attach, asked } = background();
    await expect(admitPanel(page.win, attach)).resolves.toBe('refused');
    page.post(nonceMessage);
    expect(asked).toEqual([]);
  });
});
