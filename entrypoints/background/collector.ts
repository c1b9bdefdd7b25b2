import { notify } from '@extension/messaging/messengers';
import type { BulkQueue, CollectOutcome } from '@extension/messaging/schemas';
import { clientErrorWords, collectWords, failureWords } from '@extension/words';
import { createApiClient } from '@shared/api/client';
import { PLUGIN_HEADER } from '@shared/contracts/collector';
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  type Language,
  parseLanguage,
} from '@shared/contracts/languages';
import { API_CLIENTS } from '@shared/contracts/protocol';
import type { Session } from '@shared/contracts/session';
import { SessionSnapshotSchema } from '@shared/contracts/session';
import { DEFAULT_SITE } from '@shared/contracts/site-codes';
import { sourceSiteOf } from '@shared/contracts/source-sites';
import type { BridgeMessage } from '@shared/session/bridge';
import { BRIDGE_CHANNEL } from '@shared/session/bridge-channel';
import { SIGNED_OUT } from '@shared/session/snapshot';
import { browser } from 'wxt/browser';
import { type BulkStep, createBulkQueue } from './bulk-queue';
import { createCollectService } from './collect-service';
import { fetchDescription } from './description';
import { createPanelFrames } from './panel-frames';
import type { MessageSenderLike } from './requests';
import { openAndRead, readTab } from './tabs';

/** Where the session hub keeps the session and the console's language (the hub's own keys). */
const SESSION_KEY = 'session';
const LANGUAGE_KEY = 'language';
/** The collector's own storage keys. */
const RECENT_KEY = 'collectRecent';
const BULK_KEY = 'bulkQueue';
const BULK_TAB_KEY = 'bulkTab';
const BULK_ALARM = 'bulk-queue';
const PANELS_KEY = 'inPagePanels';
/** Alarms fire no sooner than this; the alarm only wakes a background that was stopped. */
const ALARM_FLOOR_MS = 30_000;

interface CollectorBackgroundOptions {
  extensionId: string;
  extensionOrigin: string;
  consoleOrigin: string;
}

/**
 * The background's collecting: the collect service (answering content scripts, extension pages
 * and the console bridge) and the bulk queue, on the browser's tabs, alarms and storage. The
 * returned handlers answer the collector's requests; the session hub answers the rest.
 */
export function startCollectorBackground(options: CollectorBackgroundOptions) {
  const storage = browser.storage.local;
  const read = async (key: string): Promise<unknown> => (await storage.get(key))[key];
  const version = browser.runtime.getManifest().version;

  const session = async () => {
    const stored = SessionSnapshotSchema.safeParse(await read(SESSION_KEY));
    return stored.success ? stored.data : SIGNED_OUT;
  };
  const storedLanguage = async (): Promise<Language | null> => {
    const stored = await read(LANGUAGE_KEY);
    return (LANGUAGES as readonly unknown[]).includes(stored) ? (stored as Language) : null;
  };
  const language = async (): Promise<Language> =>
    (await storedLanguage()) ?? parseLanguage(browser.i18n.getUILanguage()) ?? DEFAULT_LANGUAGE;

  /** A client signed in with the session, naming the plug-in and its version. */
  const apiFor = (signedIn: Session, speaking: Language) =>
    createApiClient({
      baseUrl: options.consoleOrigin,
      client: API_CLIENTS.extension,
      getToken: () => signedIn.token,
      getLocale: () => ({ site: signedIn.user.site ?? DEFAULT_SITE, language: speaking }),
      headers: { [PLUGIN_HEADER]: version },
    });

  /** Sends a collect-progress or collect-result to every console tab's bridge. */
  const toConsole = async (message: BridgeMessage) => {
    const tabs = await browser.tabs.query({ url: `${options.consoleOrigin}/*` }).catch(() => []);
    await Promise.all(
      tabs.map((tab) =>
        tab.id === undefined ? undefined : notify('collect:console', message, tab.id),
      ),
    );
  };

  /** The tab an extension page means: the given one, its own tab when it is a source page, or the active one. */
  const targetTab = async (sender: MessageSenderLike, tabId: number | undefined) => {
    if (tabId !== undefined) return tabId;
    const own = sender.tab;
    if (own?.id !== undefined && own.url && sourceSiteOf(own.url)) return own.id;
    const [active] = await browser.tabs.query({ active: true, lastFocusedWindow: true });
    return active?.id ?? null;
  };

  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = (at: number | null) => {
    clearTimeout(timer);
    if (at === null) {
      void browser.alarms?.clear(BULK_ALARM).catch(() => undefined);
      return;
    }
    timer = setTimeout(() => void bulk.tick(), Math.max(0, at - Date.now()));
    // alarms.create answers a promise only where the browser's own API does (Chrome 111+).
    void Promise.resolve(
      browser.alarms?.create(BULK_ALARM, { when: Math.max(at, Date.now() + ALARM_FLOOR_MS) }),
    ).catch(() => undefined);
  };

  // The in-page panels' nonces and admitted frames: in session storage where the browser has it,
  // else in local storage, cleared when the browser starts (tab ids start again).
  const panelStorage = browser.storage.session ?? storage;
  const panels = createPanelFrames({
    storage: {
      get: async () => (await panelStorage.get(PANELS_KEY))[PANELS_KEY],
      set: (records) => panelStorage.set({ [PANELS_KEY]: records }),
    },
    now: () => Date.now(),
    nonce: () => {
      const bytes = crypto.getRandomValues(new Uint8Array(24));
      return btoa(String.fromCharCode(...bytes))
        .replaceAll('+', '-')
        .replaceAll('/', '_');
    },
  });

  const service = createCollectService({
    ids: options,
    session,
    storedLanguage,
    language,
    collectApi: (signedIn, speaking) => apiFor(signedIn, speaking).collector,
    fetchDescription: (url) => fetchDescription(url, { fetch: (...args) => fetch(...args) }),
    readTab,
    targetTab,
    recent: {
      get: () => read(RECENT_KEY),
      set: (list) => storage.set({ [RECENT_KEY]: list }),
    },
    sidePanel: typeof browser.sidePanel?.open === 'function',
    panels,
    bulk: {
      add: (urls, requestId) => ready.then(() => bulk.add(urls, requestId)),
      get: () => ready.then(() => bulk.get()),
      pause: () => ready.then(() => bulk.pause()),
      resume: () => ready.then(() => bulk.resume()),
      clear: () => ready.then(() => bulk.clear()),
    },
    now: () => new Date(),
  });

  const bulk = createBulkQueue({
    load: () => read(BULK_KEY),
    save: (queue) => storage.set({ [BULK_KEY]: queue }),
    now: () => Date.now(),
    arm,
    signedIn: async () => (await session()).session !== null,
    perMinute: async () => {
      const { session: signedIn } = await session();
      if (!signedIn) return null;
      return (await apiFor(signedIn, await language()).collector.settings()).bulkPerMinute;
    },
    work: async (url, step) => {
      const { reading, opened } = await openAndRead(url, {
        onReading: () => step('reading'),
        remember: (tabId) =>
          tabId === null ? storage.remove(BULK_TAB_KEY) : storage.set({ [BULK_TAB_KEY]: tabId }),
      });
      const speaking = await language();
      const words = collectWords(speaking);
      if (!reading) {
        return failed(opened ? words.noAnswer : words.notOpened);
      }
      if (!reading.ok) {
        return {
          ok: false,
          failure: reading.failure,
          errorKey: null,
          message: failureWords(speaking, reading.failure, reading.missing).message,
        };
      }
      step('saving');
      return service.collectDraft(reading.draft);
    },
    words: async () => {
      const speaking = await language();
      const words = collectWords(speaking);
      return {
        cleared: words.cleared,
        interrupted: words.interrupted,
        failed: words.failed,
        unsupported: clientErrorWords(speaking, 'COLLECT_URL_UNSUPPORTED'),
      };
    },
    changed: (queue: BulkQueue) => {
      void notify('bulk:changed', queue);
    },
    progress: (requestId: string, url: string, state: BulkStep) => {
      void toConsole({
        channel: BRIDGE_CHANNEL,
        from: 'extension',
        type: 'collect-progress',
        requestId,
        url,
        state,
      });
    },
    result: (requestId: string, url: string, outcome: CollectOutcome) => {
      void toConsole({
        channel: BRIDGE_CHANNEL,
        from: 'extension',
        type: 'collect-result',
        requestId,
        url,
        id: outcome.ok ? outcome.id : null,
        title: outcome.ok ? outcome.title : null,
        failure: outcome.ok ? null : outcome.failure,
        errorKey: outcome.ok ? null : outcome.errorKey,
        message: outcome.ok ? null : outcome.message,
      });
    },
  });

  // A tab the previous background left open while it worked an item is closed (the item is
  // retried), then the queue goes on from what was stored; everything else waits for that.
  const ready: Promise<void> = read(BULK_TAB_KEY)
    .then(async (left) => {
      if (typeof left === 'number') await browser.tabs.remove(left).catch(() => undefined);
      await storage.remove(BULK_TAB_KEY);
    })
    .catch(() => undefined)
    .then(() => bulk.start())
    .catch(() => undefined);

  // Listeners now, synchronously, so that the events that wake a stopped background reach them.
  browser.alarms?.onAlarm.addListener((alarm) => {
    if (alarm.name === BULK_ALARM) void ready.then(() => bulk.tick());
  });
  browser.storage.onChanged.addListener((changes, area) => {
    if (area === 'local' && SESSION_KEY in changes) void ready.then(() => bulk.sessionChanged());
  });
  browser.tabs.onRemoved.addListener((tabId) => void panels.forget(tabId));
  browser.runtime.onStartup.addListener(() => void panelStorage.remove(PANELS_KEY));

  return { handlers: service.handlers, panels };
}

function failed(message: string): CollectOutcome {
  return { ok: false, failure: null, errorKey: null, message };
}
