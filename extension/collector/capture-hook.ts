import {
  CAPTURE_CHANNEL,
  CAPTURE_KEEP,
  CAPTURE_MAX_CHARS,
  type CaptureMessage,
} from './capture-channel';

/** Marks a window whose fetch and XMLHttpRequest are already watched. */
const INSTALLED = Symbol.for('cmp-collector-capture');

type WatchedWindow = Window & typeof globalThis & { [INSTALLED]?: true };

/** Whether this script runs beside the extension (the isolated world) rather than in the page. */
function inExtensionWorld(win: Window): boolean {
  const runtime = (win as { chrome?: { runtime?: { id?: string } } }).chrome?.runtime;
  return typeof runtime?.id === 'string';
}

/**
 * Runs in the page's own world: wraps fetch and XMLHttpRequest so the bodies of the answers that
 * match `patterns` are handed to the collector's content script (window.postMessage on the
 * capture channel). The page gets its answers unchanged; the last few are kept and sent again
 * when the content script asks (it may start after the page loaded them).
 */
export function installCaptureHook(win: Window, patterns: readonly RegExp[]): void {
  const page = win as WatchedWindow;
  // An old browser that ignores `world: MAIN` runs this beside the extension, where wrapping
  // fetch sees nothing of the page: the content script then injects it into the page instead.
  if (inExtensionWorld(win) || page[INSTALLED]) return;
  Object.defineProperty(page, INSTALLED, { value: true });

  const kept: { url: string; body: string }[] = [];
  const post = (message: CaptureMessage) => page.postMessage(message, page.location.origin);
  const wanted = (url: string) => patterns.some((pattern) => pattern.test(url));
  const hand = (url: string, body: unknown) => {
    const text = typeof body === 'string' ? body : safeStringify(body);
    if (!text || text.length > CAPTURE_MAX_CHARS) return;
    kept.push({ url, body: text });
    if (kept.length > CAPTURE_KEEP) kept.shift();
    post({ channel: CAPTURE_CHANNEL, type: 'answer', url, body: text });
  };

  const originalFetch = page.fetch;
  if (typeof originalFetch === 'function') {
    page.fetch = function watchedFetch(input: RequestInfo | URL, init?: RequestInit) {
      const answer = originalFetch.call(page, input, init);
      const url = requestUrl(input, page);
      if (url && wanted(url)) {
        answer.then(
          (response) => {
            response
              .clone()
              .text()
              .then((text) => hand(response.url || url, text))
              .catch(() => undefined);
          },
          () => undefined,
        );
      }
      return answer;
    } as typeof fetch;
  }

  const xhr = page.XMLHttpRequest?.prototype;
  if (xhr) {
    const open = xhr.open;
    const urls = new WeakMap<XMLHttpRequest, string>();
    const listening = new WeakSet<XMLHttpRequest>();
    xhr.open = function watchedOpen(this: XMLHttpRequest, ...args: unknown[]) {
      const url = resolve(String(args[1] ?? ''), page);
      if (url && wanted(url)) {
        urls.set(this, url);
        if (!listening.has(this)) {
          listening.add(this);
          this.addEventListener('load', () => {
            const opened = urls.get(this);
            if (!opened) return;
            const type = this.responseType;
            if (type === '' || type === 'text') hand(this.responseURL || opened, this.responseText);
            else if (type === 'json') hand(this.responseURL || opened, this.response);
          });
        }
      } else {
        urls.delete(this);
      }
      return (open as (...values: unknown[]) => void).apply(this, args);
    } as typeof xhr.open;
  }

  page.addEventListener('message', (event: MessageEvent) => {
    if (event.source !== page) return;
    const data = event.data as { channel?: unknown; type?: unknown } | null;
    if (data?.channel !== CAPTURE_CHANNEL || data.type !== 'replay') return;
    post({ channel: CAPTURE_CHANNEL, type: 'ready' });
    for (const answer of kept) post({ channel: CAPTURE_CHANNEL, type: 'answer', ...answer });
  });
  post({ channel: CAPTURE_CHANNEL, type: 'ready' });
}

function resolve(url: string, win: Window): string | null {
  try {
    return new URL(url, win.location.href).href;
  } catch {
    return null;
  }
}

function requestUrl(input: RequestInfo | URL, win: Window): string | null {
  if (typeof input === 'string') return resolve(input, win);
  if (input instanceof URL) return input.href;
  return typeof input?.url === 'string' ? input.url : null;
}

function safeStringify(value: unknown): string | null {
  try {
    return JSON.stringify(value);
  } catch {
    return null;
  }
}
