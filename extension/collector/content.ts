import { extensionConfig } from '@extension/config';
import { backgroundMessenger, tabMessenger } from '@extension/messaging/messengers';
import type { BulkQueue, CollectOutcome, ExtractOutcome } from '@extension/messaging/schemas';
import { type CollectWords, collectWords, failureWords, fill } from '@extension/words';
import { DEFAULT_LANGUAGE, type Language, parseLanguage } from '@shared/contracts/languages';
import { type ExtractResult, isFailure, type SiteAdapter } from '@shared/sites/common/draft';
import { browser } from 'wxt/browser';
import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import { injectScript, type ScriptPublicPath } from 'wxt/utils/inject-script';
import { type CollectorView, createCollectorUi } from './content-ui';
import { mountInPagePanel } from './in-page-panel';
import { type PageCaptures, watchPageCaptures } from './page-captures';
import { gatherProductLinks, PAGE_LINKS_MAX, productIdOf } from './product-links';

/** How one source site is collected: its adapter, and the page answers it needs captured. */
export interface CollectorSite {
  adapter: SiteAdapter;
  capture?: {
    patterns: readonly RegExp[];
    /** The page-world script, injected by hand where the browser ignores `world: MAIN`. */
    script: ScriptPublicPath;
  };
}

/** How long a click waits for data a page is still loading (a single-page site's API answer). */
const CLICK_PATIENCE_MS = 4_000;
/** How long a reading asked by the background waits (a page it has just opened). */
const READ_PATIENCE_MS = 12_000;
/** How often a list page's product links are counted again (lists grow as they scroll). */
const RECOUNT_MS = 3_000;

/** The console page of a collected product. */
function collectedLink(id: string): string {
  return `${extensionConfig.consoleOrigin}/cmp/product/collectorDetails?id=${encodeURIComponent(id)}`;
}

/**
 * The collector on a source site's pages: on a product page a "Collect" button, on a list, search
 * or shop page "Collect N products on this page", both in a closed shadow root and pressed by the
 * user alone (the page's script can neither reach nor press them); the page read fresh at each
 * click, and again whenever a single-page site changes the address. It also answers the
 * background's `collect:read`. It never sees the session: the background collects.
 */
export function startCollector(ctx: ContentScriptContext, site: CollectorSite): void {
  const doc = document;
  const win = window;
  const { adapter, capture } = site;

  const captures: PageCaptures | null = capture
    ? watchPageCaptures(win, {
        patterns: capture.patterns,
        inject: () => injectScript(capture.script),
        setTimeout: (handler, ms) => ctx.setTimeout(handler, ms),
        onInvalidated: (cleanup) => ctx.onInvalidated(cleanup),
      })
    : null;

  let language: Language = parseLanguage(browser.i18n.getUILanguage()) ?? DEFAULT_LANGUAGE;
  let words: CollectWords = collectWords(language);
  let sidePanel = true;
  /**
   * The in-page panel is offered only where the browser has no side panel, and on pages over
   * https (the side panel page may be framed there alone).
   */
  const panelOffered = () => !sidePanel && location.protocol === 'https:';
  /** Grows at each address change, so a late answer about the previous page is dropped. */
  let generation = 0;
  let panel: { close(): void } | null = null;
  let view: CollectorView = {
    mode: 'product',
    state: 'idle',
    count: 0,
    panel: false,
    message: null,
    hint: null,
    link: null,
    collectedId: null,
  };

  const pause = (ms: number) => new Promise<void>((resolve) => ctx.setTimeout(resolve, ms));

  /**
   * The adapter's reading of the page as it is now (with the answers captured so far, unless
   * `documentOnly`); a reading that broke is a layout not understood.
   */
  function extractNow(url: string, documentOnly = false): ExtractResult {
    try {
      const captured = documentOnly ? [] : (captures?.list() ?? []);
      return adapter.extract({ url, document: doc, captured });
    } catch {
      return { failure: 'layoutUnknown', site: adapter.site, missing: [] };
    }
  }

  /** Reads the page now; a product page still loading its data is read again for a while. */
  async function readPage(patienceMs: number): Promise<ExtractOutcome> {
    const deadline = Date.now() + patienceMs;
    for (;;) {
      const url = location.href;
      const result = extractNow(url);
      if (!isFailure(result)) return { ok: true, draft: result };
      const late =
        (result.failure === 'layoutUnknown' || result.failure === 'notProduct') &&
        productIdOf(adapter.site, url) !== null;
      if (!late || Date.now() >= deadline || ctx.isInvalid) {
        return { ok: false, failure: result.failure, missing: result.missing };
      }
      await (captures ? captures.next(500) : pause(500));
    }
  }

  const ui = createCollectorUi(doc, {
    collect: () => void collect(),
    collectPage: () => void collectPage(),
    panel: () => void togglePanel(),
  });
  ui.setWords(words);

  const render = (patch: Partial<CollectorView>) => {
    view = { ...view, ...patch };
    ui.render(view);
  };
  const failed = (message: string, hint: string | null = null) =>
    render({ state: 'failed', message, hint, link: null, collectedId: null });
  const lostExtension = () => failed(words.reloadPage);

  async function collect(): Promise<void> {
    if (view.state === 'working') return;
    const started = generation;
    render({ state: 'working', message: null, hint: null, link: null, collectedId: null });
    const reading = await readPage(CLICK_PATIENCE_MS);
    if (started !== generation) return;
    if (!reading.ok) {
      const { message, hint } = failureWords(language, reading.failure, reading.missing);
      failed(message, hint);
      return;
    }
    let outcome: CollectOutcome;
    try {
      outcome = await backgroundMessenger.sendMessage('collect:draft', reading.draft);
    } catch {
      if (started === generation) lostExtension();
      return;
    }
    if (started !== generation) return;
    if (outcome.ok) {
      render({
        state: 'collected',
        message: outcome.created ? words.collected : words.refreshed,
        hint: outcome.title,
        link: collectedLink(outcome.id),
        collectedId: outcome.id,
      });
      return;
    }
    failed(outcome.message, outcome.failure ? failureWords(language, outcome.failure).hint : null);
  }

  async function collectPage(): Promise<void> {
    if (view.state === 'working') return;
    const urls = gatherProductLinks(doc, adapter.site, PAGE_LINKS_MAX);
    if (!urls.length) {
      failed(words.noLinks);
      return;
    }
    const started = generation;
    render({ state: 'working', message: null, hint: null, link: null, collectedId: null });
    let state: BulkQueue['state'];
    try {
      state = (await backgroundMessenger.sendMessage('bulk:add', { urls })).state;
    } catch {
      if (started === generation) lostExtension();
      return;
    }
    if (started !== generation) return;
    render({
      state: 'queued',
      message: fill(state === 'waitingSession' ? words.queuedSignIn : words.queued, {
        count: urls.length,
      }),
      hint: null,
      link: null,
      collectedId: null,
    });
  }

  /** The in-page panel, only where the browser has no side panel of its own. */
  async function togglePanel(): Promise<void> {
    if (panel) {
      panel.close();
      panel = null;
      return;
    }
    if (!panelOffered()) return;
    let opened: { tabId: number; nonce: string };
    try {
      opened = await backgroundMessenger.sendMessage('panel:open');
    } catch {
      lostExtension();
      return;
    }
    if (panel) return;
    const extension = new URL(browser.runtime.getURL('/'));
    panel = mountInPagePanel(doc, {
      src: `${browser.runtime.getURL('/sidepanel.html')}?tab=${opened.tabId}&inpage=1`,
      title: words.panelFrame,
      closeLabel: words.closePanel,
      nonce: opened.nonce,
      extensionOrigin: `${extension.protocol}//${extension.host}`,
      onClose: () => {
        panel = null;
        ui.focusPrimary();
      },
    });
  }

  /** Decides what the page is (product, list, or neither) and shows or hides the button row. */
  function evaluate(): void {
    const url = location.href;
    let mode: CollectorView['mode'] | null = null;
    let count = 0;
    if (productIdOf(adapter.site, url) !== null) mode = 'product';
    // Answers captured on earlier pages of a single-page site say nothing about this one.
    else if (!isFailure(extractNow(url, true))) mode = 'product';
    else {
      count = gatherProductLinks(doc, adapter.site, PAGE_LINKS_MAX).length;
      if (count > 0) mode = 'list';
    }
    if (!mode) {
      ui.detach();
      return;
    }
    render(idle(mode, count));
    ui.attach();
  }

  /** The row at rest on a product page, or on a list page with this many products. */
  function idle(mode: 'product' | 'list', count: number) {
    return {
      mode,
      count,
      panel: panelOffered(),
      state: 'idle' as const,
      message: null,
      hint: null,
      link: null,
      collectedId: null,
    };
  }

  /** Lists grow as they scroll: the count follows (and a page that had none may get some). */
  function recount(): void {
    if (view.state === 'working') return;
    const shown = ui.host.isConnected;
    if ((shown && view.mode === 'product') || productIdOf(adapter.site, location.href) !== null)
      return;
    const count = gatherProductLinks(doc, adapter.site, PAGE_LINKS_MAX).length;
    if (count === (shown ? view.count : 0)) return;
    if (count === 0) {
      ui.detach();
      return;
    }
    render(shown ? { count } : idle('list', count));
    ui.attach();
  }

  // The background's `collect:read`: a fresh reading of this page.
  const stopReading = tabMessenger.onMessage(
    'collect:read',
    (): Promise<ExtractOutcome> =>
      readPage(READ_PATIENCE_MS).catch(() => ({
        ok: false,
        failure: 'layoutUnknown',
        missing: [],
      })),
  );
  ctx.onInvalidated(() => {
    stopReading();
    panel?.close();
    ui.detach();
  });

  // The extension's language and whether the browser has a side panel.
  void backgroundMessenger
    .sendMessage('collect:context')
    .then((context) => {
      if (context.language) {
        language = context.language;
        words = collectWords(language);
        ui.setWords(words);
      }
      sidePanel = context.sidePanel;
      if (ui.host.isConnected) render({ panel: panelOffered() });
    })
    .catch(() => undefined);

  const begin = () => {
    evaluate();
    // The change is announced as the navigation starts, before the address is updated: the page
    // is looked at again right after.
    ctx.addEventListener(win, 'wxt:locationchange', () => {
      generation++;
      ctx.setTimeout(evaluate, 50);
    });
    ctx.setInterval(() => {
      recount();
      // A single-page site may replace the body: the row is put back.
      if (view.mode === 'product' && productIdOf(adapter.site, location.href) !== null) ui.attach();
    }, RECOUNT_MS);
  };
  if (doc.readyState === 'loading') {
    ctx.addEventListener(doc, 'DOMContentLoaded', begin, { once: true });
  } else begin();
}
