import type { CollectWords } from '@extension/words';

/** What the floating collector shows on a source page. */
export interface CollectorView {
  /** A product page offers "Collect"; a list page "Collect N products on this page". */
  mode: 'product' | 'list';
  /** `queued`: a list page's products went to the bulk queue. */
  state: 'idle' | 'working' | 'collected' | 'queued' | 'failed';
  /** List pages: how many product links the page holds. */
  count: number;
  /** Whether to offer the in-page panel (browsers without a side panel). */
  panel: boolean;
  /** The line under the buttons: what happened, what to do, and where the product went. */
  message: string | null;
  hint: string | null;
  link: string | null;
  /** The collection box row of the product collected here. */
  collectedId: string | null;
}

export interface CollectorUiHandlers {
  collect(): void;
  collectPage(): void;
  panel(): void;
}

/** The host element's tag: a name no page stylesheet targets. */
const COLLECTOR_TAG = 'cmp-collector';

const STYLE = `
:host { all: initial; }
* { box-sizing: border-box; }
.card {
  display: flex; flex-direction: column; gap: 8px; max-width: 300px; padding: 10px;
  background: #fff; color: #1f2328; border: 1px solid #d0d7de; border-radius: 10px;
  box-shadow: 0 6px 24px rgba(0, 0, 0, 0.18);
  font: 13px/1.45 system-ui, -apple-system, "Segoe UI", "PingFang SC", "Microsoft YaHei", Tahoma, sans-serif;
  letter-spacing: normal; text-align: left; direction: ltr;
}
.row { display: flex; flex-wrap: wrap; align-items: center; gap: 6px; }
button, a.button {
  all: unset; box-sizing: border-box; cursor: pointer; display: inline-flex; align-items: center;
  gap: 6px; min-height: 32px; padding: 6px 12px; border-radius: 8px; font: inherit;
  font-weight: 600; line-height: 1.2; white-space: nowrap;
}
button:focus-visible, a:focus-visible { outline: 2px solid #1971c2; outline-offset: 2px; }
.primary { background: #1c7ed6; color: #fff; }
.primary:hover { background: #1971c2; }
.primary[data-state="collected"] { background: #2f9e44; }
.primary[data-state="failed"] { background: #e03131; }
.secondary { background: #f1f3f5; color: #1f2328; }
.secondary:hover { background: #e9ecef; }
.icon { min-height: 28px; padding: 4px 8px; color: #57606a; font-weight: 400; margin-left: auto; }
.icon:hover { background: #f1f3f5; }
button[disabled] { cursor: default; opacity: 0.75; }
.spinner {
  width: 12px; height: 12px; border-radius: 50%; border: 2px solid rgba(255, 255, 255, 0.45);
  border-top-color: #fff; animation: spin 0.8s linear infinite;
}
@keyframes spin { to { transform: rotate(360deg); } }
@media (prefers-reduced-motion: reduce) { .spinner { animation: none; } }
.status { display: flex; flex-direction: column; gap: 2px; }
.status p { margin: 0; overflow-wrap: anywhere; }
[data-role="message"] { font-weight: 600; }
[data-state="failed"] [data-role="message"] { color: #c92a2a; }
[data-role="hint"] { color: #57606a; }
a.link { color: #1971c2; text-decoration: underline; cursor: pointer; font-weight: 600; }
.launcher { background: #1c7ed6; color: #fff; border-radius: 999px; box-shadow: 0 4px 16px rgba(0, 0, 0, 0.2); }
[hidden] { display: none !important; }
`;

/** Pins the host over the page whatever the page's stylesheets say. */
const HOST_STYLE = [
  'all: initial',
  'position: fixed',
  'right: 20px',
  'bottom: 88px',
  'z-index: 2147483647',
  'display: block',
]
  .map((rule) => `${rule} !important`)
  .join('; ');

/**
 * Listens for `type` on `target`, acting only on events the user caused: a click or key the page's
 * own script dispatched (isTrusted false) is no press of ours.
 */
export function onTrusted<E extends Event>(
  target: EventTarget,
  type: string,
  handler: (event: E) => void,
): void {
  target.addEventListener(type, (event) => {
    if (event.isTrusted) handler(event as E);
  });
}

function element<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  attributes: Record<string, string> = {},
): HTMLElementTagNameMap[K] {
  const node = doc.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
}

/**
 * The collector's floating button row, in its own closed shadow root (own styles; none of the
 * page's reach in, none of ours leak out, and the page's script cannot reach its controls). The
 * controls act on the user's own clicks only. The host carries `data-cmp-collector`, `data-mode`
 * and `data-state`; each control carries `data-action`, each text `data-role`.
 */
export function createCollectorUi(doc: Document, handlers: CollectorUiHandlers) {
  const host = doc.createElement(COLLECTOR_TAG);
  host.setAttribute('data-cmp-collector', '');
  host.setAttribute('style', HOST_STYLE);
  const root = host.attachShadow({ mode: 'closed' });
  const style = element(doc, 'style');
  style.textContent = STYLE;

  const card = element(doc, 'section', { class: 'card', role: 'region' });
  const row = element(doc, 'div', { class: 'row' });
  const collect = element(doc, 'button', {
    type: 'button',
    class: 'primary',
    'data-action': 'collect',
  });
  const collectPage = element(doc, 'button', {
    type: 'button',
    class: 'primary',
    'data-action': 'collect-page',
  });
  const panel = element(doc, 'button', {
    type: 'button',
    class: 'secondary',
    'data-action': 'panel',
  });
  const hide = element(doc, 'button', { type: 'button', class: 'icon', 'data-action': 'hide' });
  hide.textContent = '\u2013';
  row.append(collect, collectPage, panel, hide);

  const status = element(doc, 'div', { class: 'status', role: 'status', 'aria-live': 'polite' });
  const message = element(doc, 'p', { 'data-role': 'message' });
  const hint = element(doc, 'p', { 'data-role': 'hint' });
  const link = element(doc, 'a', {
    class: 'link',
    'data-action': 'open-console',
    target: '_blank',
    rel: 'noopener noreferrer',
  });
  status.append(message, hint, link);
  card.append(row, status);

  const launcher = element(doc, 'button', {
    type: 'button',
    class: 'launcher',
    'data-action': 'expand',
  });
  launcher.hidden = true;
  root.append(style, card, launcher);

  let words: CollectWords | null = null;
  let view: CollectorView | null = null;

  onTrusted(collect, 'click', () => handlers.collect());
  onTrusted(collectPage, 'click', () => handlers.collectPage());
  onTrusted(panel, 'click', () => handlers.panel());
  onTrusted(hide, 'click', () => {
    card.hidden = true;
    launcher.hidden = false;
    host.setAttribute('data-minimized', '');
    launcher.focus();
  });
  onTrusted(launcher, 'click', () => {
    card.hidden = false;
    launcher.hidden = true;
    host.removeAttribute('data-minimized');
    (view?.mode === 'list' ? collectPage : collect).focus();
  });

  function paint(): void {
    if (!words || !view) return;
    const { mode, state } = view;
    host.setAttribute('data-mode', mode);
    host.setAttribute('data-state', state);
    if (view.collectedId) host.setAttribute('data-collected-id', view.collectedId);
    else host.removeAttribute('data-collected-id');
    card.setAttribute('aria-label', words.region);
    card.setAttribute('data-state', state);

    const busy = state === 'working';
    for (const button of [collect, collectPage]) {
      button.disabled = busy;
      button.setAttribute('data-state', state);
      if (busy) button.setAttribute('aria-busy', 'true');
      else button.removeAttribute('aria-busy');
    }
    collect.hidden = mode !== 'product';
    collectPage.hidden = mode !== 'list';
    collectPage.setAttribute('data-count', String(view.count));
    const label = (button: HTMLButtonElement, text: string) => {
      button.replaceChildren();
      if (busy) button.append(element(doc, 'span', { class: 'spinner', 'aria-hidden': 'true' }));
      button.append(text);
    };
    label(collect, busy ? words.working : state === 'failed' ? words.retry : words.collect);
    label(
      collectPage,
      busy ? words.queueing : words.collectPage.replace(/\{\{\s*count\s*\}\}/g, String(view.count)),
    );
    panel.hidden = !view.panel;
    panel.textContent = words.panel;
    hide.setAttribute('aria-label', words.hide);
    hide.title = words.hide;
    launcher.textContent = words.collect;

    message.textContent = view.message ?? '';
    message.hidden = !view.message;
    hint.textContent = view.hint ?? '';
    hint.hidden = !view.hint;
    link.textContent = words.openInConsole;
    if (view.link) link.setAttribute('href', view.link);
    else link.removeAttribute('href');
    link.hidden = !view.link;
    status.hidden = !view.message && !view.hint && !view.link;
  }

  return {
    host,
    /** The closed shadow root: the content script's alone (the page gets null for it). */
    root,
    /** The words, once the language is known; nothing shows before. */
    setWords(next: CollectWords): void {
      words = next;
      paint();
    },
    render(next: CollectorView): void {
      view = next;
      paint();
    },
    /** Puts the host back when a single-page site replaced the body. */
    attach(): void {
      if (host.isConnected) return;
      (doc.body ?? doc.documentElement).append(host);
    },
    detach(): void {
      host.remove();
    },
    focusPrimary(): void {
      (view?.mode === 'list' ? collectPage : collect).focus();
    },
  };
}
