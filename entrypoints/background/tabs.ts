import { tabMessenger } from '@extension/messaging/messengers';
import { type ExtractOutcome, ExtractOutcomeSchema } from '@extension/messaging/schemas';
import { browser } from 'wxt/browser';

/** How long a tab may take to load before its reading is tried anyway. */
const LOAD_TIMEOUT_MS = 45_000;
/** How long a content script gets to answer `collect:read` (it waits for late data itself). */
const READ_TIMEOUT_MS = 25_000;
/** How long an opened page's content script may take to start listening. */
const ANSWER_WINDOW_MS = 15_000;

function withTimeout<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  return new Promise<T>((resolve) => {
    const timer = setTimeout(() => resolve(fallback), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      () => {
        clearTimeout(timer);
        resolve(fallback);
      },
    );
  });
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Asks the content script in a tab's top frame to read its page. Null when nothing answers: no
 * content script there (not a source site), or it did not answer in time. What it answers is
 * checked: a page of a supplier site is no trusted place.
 */
export async function readTab(tabId: number): Promise<ExtractOutcome | null> {
  const answer = await withTimeout<unknown>(
    tabMessenger.sendMessage('collect:read', undefined, { tabId, frameId: 0 }),
    READ_TIMEOUT_MS,
    null,
  );
  const parsed = ExtractOutcomeSchema.safeParse(answer);
  return parsed.success ? parsed.data : null;
}

/** Resolves when the tab has loaded (or is gone, or after the timeout). */
function loaded(tabId: number, timeoutMs: number): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      browser.tabs.onUpdated.removeListener(onUpdated);
      browser.tabs.onRemoved.removeListener(onRemoved);
      resolve();
    };
    const onUpdated = (id: number, change: { status?: string }) => {
      if (id === tabId && change.status === 'complete') done();
    };
    const onRemoved = (id: number) => {
      if (id === tabId) done();
    };
    const timer = setTimeout(done, timeoutMs);
    browser.tabs.onUpdated.addListener(onUpdated);
    browser.tabs.onRemoved.addListener(onRemoved);
    // It may have loaded before the listeners were there.
    browser.tabs.get(tabId).then(
      (tab) => {
        if (tab.status === 'complete') done();
      },
      () => done(),
    );
  });
}

export interface OpenedReading {
  /** The page's reading, or null when it never answered. */
  reading: ExtractOutcome | null;
  /** False when the tab could not be opened at all. */
  opened: boolean;
}

/**
 * Opens an address in an inactive tab, waits for it to load, asks its content script to read it
 * (again for a while when the script is not listening yet), and closes the tab. `remember` keeps
 * the tab's id where a restarted background finds it, to close a tab it left open.
 */
export async function openAndRead(
  url: string,
  options: {
    onReading(): void;
    remember(tabId: number | null): Promise<void>;
  },
): Promise<OpenedReading> {
  let tabId: number | undefined;
  try {
    tabId = (await browser.tabs.create({ url, active: false })).id;
  } catch {
    return { reading: null, opened: false };
  }
  if (tabId === undefined) return { reading: null, opened: false };
  const id = tabId;
  await options.remember(id).catch(() => undefined);
  try {
    await loaded(id, LOAD_TIMEOUT_MS);
    options.onReading();
    const deadline = Date.now() + ANSWER_WINDOW_MS;
    for (;;) {
      const alive = await browser.tabs.get(id).then(
        () => true,
        () => false,
      );
      if (!alive) return { reading: null, opened: true };
      const reading = await readTab(id);
      if (reading || Date.now() >= deadline) return { reading, opened: true };
      await pause(1000);
    }
  } finally {
    await browser.tabs.remove(id).catch(() => undefined);
    await options.remember(null).catch(() => undefined);
  }
}
