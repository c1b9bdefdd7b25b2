import type { Language } from '@shared/contracts/languages';
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
