import {
  CAPTURE_CHANNEL,
  CAPTURE_KEEP,
  CAPTURE_MAX_CHARS,
  type CaptureRequest,
} from './capture-channel';

interface CapturedAnswer {
  url: string;
  body: string;
}

export interface PageCaptures {
  /** The answers kept, oldest first (what extract() takes as `captured`). */
  list(): CapturedAnswer[];
  /** Resolves when the next answer arrives, or after `ms`. */
  next(ms: number): Promise<void>;
}

export interface WatchOptions {
  /** Which answers to keep (the page-world script sends only these; anything else is ignored). */
  patterns: readonly RegExp[];
  /**
   * Puts the page-world script into the page when it did not announce itself (browsers that
   * ignore `world: MAIN` in the manifest); null when there is none to put.
   */
  inject: (() => Promise<unknown>) | null;
  /** How long to wait for the page-world script before injecting it. */
  injectAfterMs?: number;
  setTimeout(handler: () => void, ms: number): unknown;
  onInvalidated(cleanup: () => void): void;
}

/**
 * The content script's side of the capture channel: keeps the API answers the page-world script
 * hands over, and asks it to send again what it caught before this script started.
 */
export function watchPageCaptures(win: Window, options: WatchOptions): PageCaptures {
  const kept: CapturedAnswer[] = [];
  const waiting = new Set<() => void>();
  let ready = false;

  const onMessage = (event: MessageEvent) => {
    if (event.source !== win) return;
    const data = event.data as Record<string, unknown> | null;
    if (data?.channel !== CAPTURE_CHANNEL) return;
    if (data.type === 'ready') {
      ready = true;
      return;
    }
    if (data.type !== 'answer' || typeof data.url !== 'string' || typeof data.body !== 'string')
      return;
    const { url, body } = data;
    if (body.length > CAPTURE_MAX_CHARS || !options.patterns.some((p) => p.test(url))) return;
    // A replay sends again what was already kept.
    if (kept.some((answer) => answer.url === url && answer.body === body)) return;
    kept.push({ url, body });
    if (kept.length > CAPTURE_KEEP) kept.shift();
    for (const wake of waiting) wake();
    waiting.clear();
  };
  win.addEventListener('message', onMessage);
  options.onInvalidated(() => win.removeEventListener('message', onMessage));

  const replay = () => {
    const request: CaptureRequest = { channel: CAPTURE_CHANNEL, type: 'replay' };
    win.postMessage(request, win.location.origin);
  };
  replay();
  const { inject } = options;
  if (inject) {
    options.setTimeout(() => {
      if (ready) return;
      void inject().then(replay, () => undefined);
    }, options.injectAfterMs ?? 400);
  }

  return {
    list: () => [...kept],
    next: (ms) =>
      new Promise<void>((resolve) => {
        const wake = () => resolve();
        waiting.add(wake);
        options.setTimeout(() => {
          waiting.delete(wake);
          resolve();
        }, ms);
      }),
  };
}
