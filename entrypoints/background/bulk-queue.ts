import { type BulkQueue, BulkQueueSchema, type CollectOutcome } from '@extension/messaging/schemas';
import { TOKEN_ERROR_KEYS } from '@shared/contracts/errors';
import { sourceSiteOf } from '@shared/contracts/source-sites';

type BulkItem = BulkQueue['items'][number];

/** What a console request hears about an address while it is worked. */
export type BulkStep = 'queued' | 'opening' | 'reading' | 'saving';

/** Pages opened per minute when the seller's settings cannot be read. */
export const DEFAULT_PER_MINUTE = 12;
/** The most items kept: finished ones go first when more arrive. */
const BULK_ITEMS_MAX = 1000;

export interface BulkQueueDeps {
  /** The stored queue (anything: it is parsed), and where each change is stored. */
  load(): Promise<unknown>;
  save(queue: BulkQueue): Promise<void>;
  /** Milliseconds since the epoch. */
  now(): number;
  /** Arms the one timer that calls tick() at `at` (ms since the epoch); null disarms it. */
  arm(at: number | null): void;
  signedIn(): Promise<boolean>;
  /** The seller's bulk rate (pages per minute), or null when it cannot be read. */
  perMinute(): Promise<number | null>;
  /**
   * Opens the address, reads it and collects it, telling each step. It should not throw; if it
   * does, the item fails and the queue goes on.
   */
  work(url: string, step: (step: Exclude<BulkStep, 'queued'>) => void): Promise<CollectOutcome>;
  /** The words of the outcomes the queue makes itself, in the extension's language. */
  words(): Promise<{ cleared: string; interrupted: string; unsupported: string; failed: string }>;
  /** The queue changed (stored already): tell the extension's pages. */
  changed(queue: BulkQueue): void;
  /** For items that came from the console: where one is, and how it ended. */
  progress(requestId: string, url: string, step: BulkStep): void;
  result(requestId: string, url: string, outcome: CollectOutcome): void;
}

const EMPTY: BulkQueue = { state: 'idle', items: [], nextAt: null };
const SESSION_KEYS: readonly string[] = TOKEN_ERROR_KEYS;

/** An address as the queue keeps it (no fragment), or null when it is not on a source site. */
export function queueAddress(url: string): string | null {
  if (!sourceSiteOf(url)) return null;
  const parsed = new URL(url);
  parsed.hash = '';
  return parsed.href;
}

/** Whether an outcome says the session is missing or gone (the item waits for a sign-in). */
function sessionGone(outcome: CollectOutcome): boolean {
  return !outcome.ok && outcome.errorKey !== null && SESSION_KEYS.includes(outcome.errorKey);
}

const pending = (item: BulkItem) => item.status === 'queued' || item.status === 'working';

/**
 * The bulk queue: product addresses opened one at a time at the seller's rate, each read and
 * collected, every step stored, so that a restarted background resumes where it stopped (an item
 * caught `working` is tried once more, then fails). One item failing never stops the queue;
 * without a session it waits for one.
 */
export function createBulkQueue(deps: BulkQueueDeps) {
  let queue: BulkQueue | null = null;
  /** The item being worked by this background, if any. */
  let working: BulkItem | null = null;
  let rate = DEFAULT_PER_MINUTE;
  let rateKnown = false;
  let chain: Promise<unknown> = Promise.resolve();

  /** Runs `task` after every earlier one: the queue changes one step at a time. */
  function serial<T>(task: () => Promise<T>): Promise<T> {
    const run = chain.then(task);
    chain = run.catch(() => undefined);
    return run;
  }

  const iso = (ms: number) => new Date(ms).toISOString();
  const nextAtMs = (q: BulkQueue) => (q.nextAt ? Date.parse(q.nextAt) || 0 : 0);
  const armSoon = (q: BulkQueue) => deps.arm(Math.max(deps.now(), nextAtMs(q)));

  function failedOutcome(message: string): CollectOutcome {
    return { ok: false, failure: null, errorKey: null, message };
  }

  /** The queue, loaded once; items a stopped background left `working` are recovered. */
  async function current(): Promise<BulkQueue> {
    if (queue) return queue;
    const parsed = BulkQueueSchema.safeParse(await deps.load());
    const loaded: BulkQueue = parsed.success ? parsed.data : structuredClone(EMPTY);
    queue = loaded;
    const interrupted = loaded.items.filter((item) => item.status === 'working');
    if (!interrupted.length) return loaded;
    const words = await deps.words();
    for (const item of interrupted) {
      if ((item.attempts ?? 1) < 2) {
        item.status = 'queued';
        continue;
      }
      item.status = 'failed';
      item.outcome = failedOutcome(words.interrupted);
      if (item.requestId) deps.result(item.requestId, item.url, item.outcome);
    }
    await commit(loaded);
    return loaded;
  }

  async function commit(q: BulkQueue): Promise<void> {
    await deps.save(structuredClone(q));
    deps.changed(structuredClone(q));
  }

  /** Goes on with the queued items: at once, or when the rate allows. */
  async function run(q: BulkQueue): Promise<void> {
    rateKnown = false;
    if (!(await deps.signedIn())) {
      q.state = 'waitingSession';
      deps.arm(null);
      return;
    }
    q.state = 'running';
    armSoon(q);
  }

  /** Keeps the list bounded: the oldest finished items leave first. */
  function trim(q: BulkQueue): void {
    let extra = q.items.length - BULK_ITEMS_MAX;
    if (extra <= 0) return;
    q.items = q.items.filter((item) => {
      if (extra > 0 && !pending(item)) {
        extra--;
        return false;
      }
      return true;
    });
  }

  async function add(urls: string[], requestId: string | null): Promise<BulkQueue> {
    return serial(async () => {
      const q = await current();
      const added: BulkItem[] = [];
      const rejected: string[] = [];
      let adopted = false;
      for (const raw of urls) {
        const url = queueAddress(raw);
        if (!url) {
          rejected.push(raw);
          continue;
        }
        const same = q.items.filter((item) => item.url === url && pending(item));
        if (same.some((item) => item.requestId === requestId || requestId === null)) continue;
        const unclaimed = same.find((item) => item.requestId === null);
        if (unclaimed && requestId !== null) {
          // Already queued from a page: the console hears about it too.
          unclaimed.requestId = requestId;
          adopted = true;
          deps.progress(requestId, url, unclaimed.status === 'working' ? 'opening' : 'queued');
          continue;
        }
        // Collected or failed before: collected again, in a new item at the end.
        q.items = q.items.filter((item) => item.url !== url || pending(item));
        const item: BulkItem = { url, requestId, status: 'queued', outcome: null, attempts: 0 };
        q.items.push(item);
        added.push(item);
      }
      if (requestId !== null && rejected.length) {
        const { unsupported } = await deps.words();
        for (const url of rejected) {
          deps.result(requestId, url, {
            ok: false,
            failure: null,
            errorKey: 'COLLECT_URL_UNSUPPORTED',
            message: unsupported,
          });
        }
      }
      if (!added.length && !adopted) return structuredClone(q);
      trim(q);
      for (const item of added) {
        if (item.requestId) deps.progress(item.requestId, item.url, 'queued');
      }
      if (added.length && q.state !== 'paused' && q.state !== 'running') await run(q);
      await commit(q);
      return structuredClone(q);
    });
  }

  async function pause(): Promise<BulkQueue> {
    return serial(async () => {
      const q = await current();
      if (q.state === 'running' || q.state === 'waitingSession') {
        q.state = 'paused';
        deps.arm(null);
        await commit(q);
      }
      return structuredClone(q);
    });
  }

  async function resume(): Promise<BulkQueue> {
    return serial(async () => {
      const q = await current();
      if (q.state !== 'running' && q.items.some((item) => item.status === 'queued')) {
        await run(q);
        await commit(q);
      }
      return structuredClone(q);
    });
  }

  /** Empties the queue; console requests hear that their waiting addresses were dropped. */
  async function clear(): Promise<BulkQueue> {
    return serial(async () => {
      const q = await current();
      const dropped = q.items.filter((item) => pending(item) && item.requestId);
      if (dropped.length) {
        const outcome = failedOutcome((await deps.words()).cleared);
        for (const item of dropped) deps.result(item.requestId as string, item.url, outcome);
      }
      q.items = [];
      q.state = 'idle';
      deps.arm(null);
      await commit(q);
      return structuredClone(q);
    });
  }

  async function get(): Promise<BulkQueue> {
    return serial(async () => structuredClone(await current()));
  }

  /** After a restart: recover, and arm the timer again from what was stored. */
  async function start(): Promise<void> {
    await serial(async () => {
      const q = await current();
      if (q.state === 'running') armSoon(q);
      else if (q.state === 'waitingSession' && (await deps.signedIn())) {
        q.state = 'running';
        armSoon(q);
        await commit(q);
      }
    });
  }

  /** The session changed: a queue waiting for one goes on. */
  async function sessionChanged(): Promise<void> {
    await serial(async () => {
      const q = await current();
      if (q.state !== 'waitingSession' || !(await deps.signedIn())) return;
      await run(q);
      await commit(q);
    });
  }

  /** Takes the next queued item when the rate allows; null when there is nothing to do now. */
  function take(): Promise<BulkItem | null> {
    return serial(async () => {
      const q = await current();
      if (q.state !== 'running' || working) return null;
      const now = deps.now();
      if (now < nextAtMs(q)) {
        deps.arm(nextAtMs(q));
        return null;
      }
      const item = q.items.find((candidate) => candidate.status === 'queued');
      if (!item) {
        q.state = q.items.length ? 'done' : 'idle';
        deps.arm(null);
        await commit(q);
        return null;
      }
      if (!(await deps.signedIn())) {
        q.state = 'waitingSession';
        deps.arm(null);
        await commit(q);
        return null;
      }
      if (!rateKnown) {
        const perMinute = await deps.perMinute().catch(() => null);
        rate = Math.min(60, Math.max(1, Math.round(perMinute ?? DEFAULT_PER_MINUTE)));
        rateKnown = true;
      }
      item.status = 'working';
      item.attempts = (item.attempts ?? 0) + 1;
      q.nextAt = iso(now + Math.ceil(60_000 / rate));
      working = item;
      await commit(q);
      return item;
    });
  }

  /** Stores how an item ended and arms the timer for the next one. */
  function finish(item: BulkItem, outcome: CollectOutcome): Promise<void> {
    return serial(async () => {
      working = null;
      const q = await current();
      // Cleared while it was worked: nothing to store.
      if (!q.items.includes(item)) {
        if (q.state === 'running') armSoon(q);
        return;
      }
      if (sessionGone(outcome)) {
        item.status = 'queued';
        item.attempts = Math.max(0, (item.attempts ?? 1) - 1);
        if (q.state === 'running') q.state = 'waitingSession';
        deps.arm(null);
        await commit(q);
        return;
      }
      item.status = outcome.ok ? 'done' : 'failed';
      item.outcome = outcome;
      if (q.state === 'running') {
        if (q.items.some((candidate) => candidate.status === 'queued')) armSoon(q);
        else {
          q.state = 'done';
          deps.arm(null);
        }
      }
      await commit(q);
      if (item.requestId) deps.result(item.requestId, item.url, outcome);
    });
  }

  /** What the timer calls: works the next item, if the rate and the state allow. */
  async function tick(): Promise<void> {
    const item = await take();
    if (!item) return;
    const { requestId, url } = item;
    if (requestId) deps.progress(requestId, url, 'opening');
    let outcome: CollectOutcome;
    try {
      outcome = await deps.work(url, (step) => {
        if (requestId) deps.progress(requestId, url, step);
      });
    } catch {
      outcome = failedOutcome((await deps.words().catch(() => null))?.failed ?? 'failed');
    }
    await finish(item, outcome);
  }

  return { add, get, pause, resume, clear, start, sessionChanged, tick };
}
