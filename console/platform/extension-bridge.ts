import type { Language } from '@shared/contracts/languages';
import type { ExtractionFailureKind } from '@shared/contracts/product-draft';
import { type BridgeMessage, BridgeMessageSchema } from '@shared/session/bridge';
import { BRIDGE_CHANNEL } from '@shared/session/bridge-channel';
import type { SessionStore } from '@shared/session/store';

/**
 * The console's half of the session bridge: it posts its session snapshot to the extension's
 * content script on this origin whenever it changes, answers the script's request for it, and
 * adopts the extension's snapshot when that one is newer. Without the extension installed the
 * posts go unanswered and nothing else happens.
 */
export function connectExtensionBridge(
  win: Window,
  store: SessionStore,
  language: Language,
  /** Messages that arrived before this code loaded, handled first and in order. */
  earlier: readonly MessageEvent[] = [],
): () => void {
  const send = () => {
    const message: BridgeMessage = {
      channel: BRIDGE_CHANNEL,
      from: 'console',
      type: 'snapshot',
      snapshot: store.getState().snapshot,
    };
    win.postMessage(message, win.location.origin);
  };
  const onMessage = (event: MessageEvent) => {
    if (event.source !== win || event.origin !== win.location.origin) return;
    const parsed = BridgeMessageSchema.safeParse(event.data);
    if (!parsed.success || parsed.data.from !== 'extension') return;
    if (parsed.data.type === 'request-snapshot') {
      send();
      const message: BridgeMessage = {
        channel: BRIDGE_CHANNEL,
        from: 'console',
        type: 'language',
        language,
      };
      win.postMessage(message, win.location.origin);
    } else if (parsed.data.type === 'snapshot') {
      store.getState().adopt(parsed.data.snapshot);
    }
  };
  win.addEventListener('message', onMessage);
  const stop = store.subscribe((state, previous) => {
    if (state.snapshot !== previous.snapshot) send();
  });
  send();
  for (const event of earlier) onMessage(event);
  return () => {
    win.removeEventListener('message', onMessage);
    stop();
  };
}

/** Where the extension stands with one address it was asked to collect. */
export type CollectUrlState = 'queued' | 'opening' | 'reading' | 'saving';

/** What the extension reports about one address of a collect request. */
export type CollectUrlEvent =
  | { kind: 'progress'; url: string; state: CollectUrlState }
  | {
      kind: 'result';
      url: string;
      /** Collected: the collection box row and its title. */
      id: string | null;
      title: string | null;
      /** Not collected: why (an extraction failure kind, or a server error key) and its words. */
      failure: ExtractionFailureKind | null;
      errorKey: string | null;
      message: string | null;
    };

function newRequestId(): string {
  return `collect-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/**
 * Asks the extension to open these product addresses and collect them (at the seller's bulk
 * rate), and hands each progress and result it reports for this request to `onEvent`. Returns
 * a function that stops listening.
 */
export function collectThroughExtension(
  win: Window,
  urls: readonly string[],
  onEvent: (event: CollectUrlEvent) => void,
): () => void {
  const requestId = newRequestId();
  const onMessage = (event: MessageEvent) => {
    if (event.source !== win || event.origin !== win.location.origin) return;
    const parsed = BridgeMessageSchema.safeParse(event.data);
    if (!parsed.success || parsed.data.from !== 'extension') return;
    const message = parsed.data;
    if (message.type === 'collect-progress' && message.requestId === requestId) {
      onEvent({ kind: 'progress', url: message.url, state: message.state });
    } else if (message.type === 'collect-result' && message.requestId === requestId) {
      onEvent({
        kind: 'result',
        url: message.url,
        id: message.id,
        title: message.title,
        failure: message.failure,
        errorKey: message.errorKey,
        message: message.message,
      });
    }
  };
  win.addEventListener('message', onMessage);
  const request: BridgeMessage = {
    channel: BRIDGE_CHANNEL,
    from: 'console',
    type: 'collect-urls',
    requestId,
    urls: [...urls],
  };
  win.postMessage(request, win.location.origin);
  return () => win.removeEventListener('message', onMessage);
}
