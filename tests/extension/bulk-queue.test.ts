import {
  type BulkQueueDeps,
  createBulkQueue,
  DEFAULT_PER_MINUTE,
  queueAddress,
} from '@entrypoints/background/bulk-queue';
import type { BulkQueue, CollectOutcome } from '@extension/messaging/schemas';
import { describe, expect, it, vi } from 'vitest';

const T0 = Date.parse('2026-11-21T10:00:00.000Z');
const offer = (n: number) => `https://detail.1688.com/offer/${600000000000 + n}.html`;

const collected = (url: string): CollectOutcome => ({
  ok: true,
  id: `row-${url.slice(-17, -5)}`,
  title: 'A product',
  created: true,
});

interface HarnessOptions {
  stored?: unknown;
  perMinute?: number | null;
  signedIn?: boolean;
  work?: (url: string) => Promise<CollectOutcome>;
}

/** A queue on a fake clock, a fake timer and in-memory storage (kept as a copy, as storage does). */
function harness(options: HarnessOptions = {}) {
  const state = {
    now: T0,
    stored: structuredClone(options.stored ?? null) as unknown,
    armedAt: null as number | null,
    signedIn: options.signedIn ?? true,
  };
  const worked: { url: string; at: number }[] = [];
  const changes: BulkQueue[] = [];
  const progress: [string, string, string][] = [];
  const results: [string, string, CollectOutcome][] = [];
  const deps: BulkQueueDeps = {
    load: async () => structuredClone(state.stored),
    save: async (queue) => {
      state.stored = structuredClone(queue);
    },
    now: () => state.now,
    arm: (at) => {
      state.armedAt = at;
    },
    signedIn: async () => state.signedIn,
    perMinute: async () => (options.perMinute === undefined ? 12 : options.perMinute),
    work: async (url, step) => {
      worked.push({ url, at: state.now });
      step('reading');
      step('saving');
      return options.work ? options.work(url) : collected(url);
    },
    words: async () => ({
      cleared: 'cleared words',
      interrupted: 'interrupted words',
      unsupported: 'unsupported words',
      failed: 'failed words',
    }),
    changed: (queue) => changes.push(queue),
    progress: (requestId, url, step) => progress.push([requestId, url, step]),
    result: (requestId, url, outcome) => results.push([requestId, url, outcome]),
  };
  const queue = createBulkQueue(deps);

  /** Lets the armed timer fire, moving the clock to it, until nothing is armed. */
  async function runTimer(limit = 50): Promise<void> {
    while (state.armedAt !== null && limit-- > 0) {
      state.now = Math.max(state.now, state.armedAt);
      state.armedAt = null;
      await queue.tick();
    }
  }
  const stored = () => state.stored as BulkQueue;
  return { queue, state, worked, changes, progress, results, runTimer, stored, deps };
}

describe('bulk queue', () => {
  it('opens one page at a time at the seller rate, then is done', async () => {
    const h = harness({ perMinute: 12 });
    await h.queue.add([offer(1), offer(2), offer(3)], null);
    expect(h.stored().state).toBe('running');
    expect(h.state.armedAt).toBe(T0);
    await h.runTimer();
    expect(h.worked).toEqual([
      { url: offer(1), at: T0 },
      { url: offer(2), at: T0 + 5_000 },
      { url: offer(3), at: T0 + 10_000 },
    ]);
    const final = h.stored();
    expect(final.state).toBe('done');
    expect(final.items.map((item) => item.status)).toEqual(['done', 'done', 'done']);
    expect(final.items[0]?.outcome).toEqual(collected(offer(1)));
    expect(h.state.armedAt).toBeNull();
  });

  it('follows a faster rate, and falls back to 12 a minute when the settings cannot be read', async () => {
    const fast = harness({ perMinute: 60 });
    await fast.queue.add([offer(1), offer(2)], null);
    await fast.runTimer();
    expect(fast.worked.map((w) => w.at - T0)).toEqual([0, 1_000]);

    const unknown = harness({ perMinute: null });
    await unknown.queue.add([offer(1), offer(2)], null);
    await unknown.runTimer();
    expect(unknown.worked.map((w) => w.at - T0)).toEqual([0, 60_000 / DEFAULT_PER_MINUTE]);
  });

  it('keeps the rate across separate additions (nextAt is stored)', async () => {
    const h = harness({ perMinute: 12 });
    await h.queue.add([offer(1)], null);
    await h.runTimer();
    h.state.now = T0 + 1_000;
    await h.queue.add([offer(2)], null);
    expect(h.state.armedAt).toBe(T0 + 5_000);
    await h.runTimer();
    expect(h.worked.map((w) => w.at - T0)).toEqual([0, 5_000]);
  });

  it('queues each source-site address once and drops other addresses', async () => {
    const h = harness();
    const queue = await h.queue.add(
      [
        offer(1),
        `${offer(1)}#reviews`,
        'https://example.com/item/1.html',
        'not an address',
        'ftp://detail.1688.com/offer/1.html',
        'https://www.aliexpress.com/item/1005001.html',
      ],
      null,
    );
    expect(queue.items.map((item) => item.url)).toEqual([
      offer(1),
      'https://www.aliexpress.com/item/1005001.html',
    ]);
    await h.queue.add([offer(1)], null);
    expect(h.stored().items).toHaveLength(2);
    expect(queueAddress(`${offer(9)}#x`)).toBe(offer(9));
    expect(queueAddress('https://example.com/')).toBeNull();
  });

  it('collects an address again when it is added after it finished', async () => {
    const h = harness();
    await h.queue.add([offer(1)], null);
    await h.runTimer();
    h.state.now += 60_000;
    await h.queue.add([offer(1)], null);
    expect(h.stored().items.map((item) => [item.url, item.status])).toEqual([[offer(1), 'queued']]);
    expect(h.stored().state).toBe('running');
    await h.runTimer();
    expect(h.worked).toHaveLength(2);
  });

  it('resumes after a restart from the stored state: an interrupted item is retried once', async () => {
    const nextAt = new Date(T0 + 3_000).toISOString();
    const stored: BulkQueue = {
      state: 'running',
      nextAt,
      items: [
        { url: offer(1), requestId: null, status: 'done', outcome: collected(offer(1)) },
        { url: offer(2), requestId: 'req-1', status: 'working', outcome: null, attempts: 1 },
        { url: offer(3), requestId: null, status: 'queued', outcome: null },
      ],
    };
    const h = harness({ stored });
    await h.queue.start();
    expect(h.stored().items[1]?.status).toBe('queued');
    expect(h.state.armedAt).toBe(T0 + 3_000);
    await h.runTimer();
    expect(h.worked.map((w) => [w.url, w.at - T0])).toEqual([
      [offer(2), 3_000],
      [offer(3), 8_000],
    ]);
    expect(h.stored().items[1]).toMatchObject({ status: 'done', attempts: 2 });
    expect(h.stored().state).toBe('done');
    expect(h.results.map(([requestId, url]) => [requestId, url])).toEqual([['req-1', offer(2)]]);
  });

  it('fails an item that was interrupted twice, tells its console request, and goes on', async () => {
    const stored: BulkQueue = {
      state: 'running',
      nextAt: null,
      items: [
        { url: offer(1), requestId: 'req-9', status: 'working', outcome: null, attempts: 2 },
        { url: offer(2), requestId: null, status: 'queued', outcome: null },
      ],
    };
    const h = harness({ stored });
    await h.queue.start();
    expect(h.stored().items[0]).toMatchObject({
      status: 'failed',
      outcome: { ok: false, message: 'interrupted words' },
    });
    expect(h.results).toEqual([
      [
        'req-9',
        offer(1),
        { ok: false, failure: null, errorKey: null, message: 'interrupted words' },
      ],
    ]);
    await h.runTimer();
    expect(h.worked.map((w) => w.url)).toEqual([offer(2)]);
  });

  it('recovers on the first use too (a timer that woke a stopped background)', async () => {
    const stored: BulkQueue = {
      state: 'running',
      nextAt: null,
      items: [{ url: offer(1), requestId: null, status: 'working', outcome: null, attempts: 1 }],
    };
    const h = harness({ stored });
    await h.queue.tick();
    expect(h.worked.map((w) => w.url)).toEqual([offer(1)]);
    expect(h.stored().items[0]?.status).toBe('done');
  });

  it('pauses and resumes', async () => {
    const h = harness({ perMinute: 12 });
    await h.queue.add([offer(1), offer(2), offer(3)], null);
    await h.queue.tick();
    const paused = await h.queue.pause();
    expect(paused.state).toBe('paused');
    expect(h.state.armedAt).toBeNull();
    h.state.now = T0 + 60_000;
    await h.queue.tick();
    expect(h.worked).toHaveLength(1);
    // Added while paused: queued, still paused.
    await h.queue.add([offer(4)], null);
    expect(h.stored().state).toBe('paused');
    const resumed = await h.queue.resume();
    expect(resumed.state).toBe('running');
    expect(h.state.armedAt).toBe(T0 + 60_000);
    await h.runTimer();
    expect(h.worked.map((w) => w.url)).toEqual([offer(1), offer(2), offer(3), offer(4)]);
    expect(h.stored().state).toBe('done');
  });

  it('waits for a session and goes on when it returns', async () => {
    const h = harness({ signedIn: false });
    const queue = await h.queue.add([offer(1), offer(2)], null);
    expect(queue.state).toBe('waitingSession');
    expect(h.state.armedAt).toBeNull();
    await h.queue.tick();
    expect(h.worked).toEqual([]);
    // Another change that is still no session: nothing happens.
    await h.queue.sessionChanged();
    expect(h.stored().state).toBe('waitingSession');
    h.state.signedIn = true;
    await h.queue.sessionChanged();
    expect(h.stored().state).toBe('running');
    await h.runTimer();
    expect(h.worked.map((w) => w.url)).toEqual([offer(1), offer(2)]);
  });

  it('puts an item back and waits when the session ends while it is collected', async () => {
    let calls = 0;
    const h = harness({
      work: async (url) => {
        calls++;
        return calls === 1
          ? { ok: false, failure: null, errorKey: 'TOKEN_EXPIRED', message: 'sign in again' }
          : collected(url);
      },
    });
    await h.queue.add([offer(1), offer(2)], 'req-2');
    await h.runTimer();
    expect(h.stored().state).toBe('waitingSession');
    expect(h.stored().items.map((item) => item.status)).toEqual(['queued', 'queued']);
    expect(h.results).toEqual([]);
    // The session is back once the user signed in again.
    await h.queue.sessionChanged();
    await h.runTimer();
    expect(h.stored().items.map((item) => item.status)).toEqual(['done', 'done']);
    expect(h.results.map(([, url]) => url)).toEqual([offer(1), offer(2)]);
  });

  it('never stops on a failing item', async () => {
    const h = harness({
      work: async (url) => {
        if (url === offer(1)) throw new Error('tab crashed');
        if (url === offer(2))
          return { ok: false, failure: 'captcha', errorKey: null, message: 'captcha words' };
        return collected(url);
      },
    });
    await h.queue.add([offer(1), offer(2), offer(3)], null);
    await h.runTimer();
    const final = h.stored();
    expect(final.items.map((item) => item.status)).toEqual(['failed', 'failed', 'done']);
    expect(final.items[0]?.outcome).toEqual({
      ok: false,
      failure: null,
      errorKey: null,
      message: 'failed words',
    });
    expect(final.items[1]?.outcome).toMatchObject({ failure: 'captcha' });
    expect(final.state).toBe('done');
  });

  it('reports console requests step by step, and refuses addresses of other sites', async () => {
    const h = harness();
    await h.queue.add([offer(1), 'https://example.com/x'], 'req-3');
    expect(h.results).toEqual([
      [
        'req-3',
        'https://example.com/x',
        {
          ok: false,
          failure: null,
          errorKey: 'COLLECT_URL_UNSUPPORTED',
          message: 'unsupported words',
        },
      ],
    ]);
    await h.runTimer();
    expect(h.progress).toEqual([
      ['req-3', offer(1), 'queued'],
      ['req-3', offer(1), 'opening'],
      ['req-3', offer(1), 'reading'],
      ['req-3', offer(1), 'saving'],
    ]);
    expect(h.results[1]).toEqual(['req-3', offer(1), collected(offer(1))]);
  });

  it('lets a console request adopt an address a page already queued', async () => {
    const h = harness();
    await h.queue.add([offer(1)], null);
    await h.queue.add([offer(1)], 'req-4');
    expect(h.stored().items).toEqual([
      expect.objectContaining({ url: offer(1), requestId: 'req-4', status: 'queued' }),
    ]);
    await h.runTimer();
    expect(h.results.map(([requestId]) => requestId)).toEqual(['req-4']);
  });

  it('clears: waiting console addresses hear it, and an item being worked is dropped', async () => {
    let release: (() => void) | undefined;
    const h = harness({
      work: (url) =>
        new Promise((resolve) => {
          release = () => resolve(collected(url));
        }),
    });
    await h.queue.add([offer(1), offer(2)], 'req-5');
    const working = h.queue.tick();
    await vi.waitFor(() => expect(h.stored().items[0]?.status).toBe('working'));
    const cleared = await h.queue.clear();
    expect(cleared).toMatchObject({ state: 'idle', items: [] });
    expect(h.results.map(([, url, outcome]) => [url, outcome.ok ? '' : outcome.message])).toEqual([
      [offer(1), 'cleared words'],
      [offer(2), 'cleared words'],
    ]);
    release?.();
    await working;
    expect(h.stored()).toMatchObject({ state: 'idle', items: [] });
    expect(h.results).toHaveLength(2);
  });

  it('stores every step and tells the extension pages', async () => {
    const h = harness();
    await h.queue.add([offer(1)], null);
    await h.runTimer();
    expect(h.changes.map((queue) => queue.items[0]?.status)).toEqual(['queued', 'working', 'done']);
    expect(h.changes.at(-1)).toEqual(h.stored());
  });
});
