import { browser } from 'wxt/browser';
import type { SessionSnapshot } from '../contracts/session';
import { type BridgeMessage, BridgeMessageSchema } from '../session/bridge';
import { BRIDGE_CHANNEL } from '../session/bridge-channel';
import { SessionChangedSchema } from './messages';
import { ask } from './session-port';

/**
 * The bridge on the console's origin: it relays the page's session snapshots (and its interface
 * language) to the background, and the background's snapshots to the page. It keeps nothing.
 */
export function startBridgeRelay(win: Window, onInvalidated: (cleanup: () => void) => void): void {
  const toPage = (message: BridgeMessage) => win.postMessage(message, win.location.origin);
  const sendSnapshot = (snapshot: SessionSnapshot) =>
    toPage({ channel: BRIDGE_CHANNEL, from: 'extension', type: 'snapshot', snapshot });

  /** Our snapshot to the page, and a request for the page's (and its language). */
  const announce = () =>
    void ask({ type: 'session:get' }).then((response) => {
      if (response.ok && 'snapshot' in response) sendSnapshot(response.snapshot);
      toPage({ channel: BRIDGE_CHANNEL, from: 'extension', type: 'request-snapshot' });
    });

  const onPageMessage = (event: MessageEvent) => {
    if (event.source !== win || event.origin !== win.location.origin) return;
    const parsed = BridgeMessageSchema.safeParse(event.data);
    if (!parsed.success || parsed.data.from !== 'console') return;
    if (parsed.data.type === 'hello') {
      announce();
      return;
    }
    if (parsed.data.type === 'language') {
      void ask({ type: 'language:put', language: parsed.data.language });
      return;
    }
    if (parsed.data.type !== 'snapshot') return;
    const sent = parsed.data.snapshot;
    void ask({ type: 'session:put', snapshot: sent }).then((response) => {
      // The background holds a newer session than the page sent: give the page that one.
      if (response.ok && 'snapshot' in response && response.snapshot.updatedAt > sent.updatedAt) {
        sendSnapshot(response.snapshot);
      }
    });
  };
  const onRuntimeMessage = (message: unknown) => {
    const changed = SessionChangedSchema.safeParse(message);
    if (changed.success) sendSnapshot(changed.data.snapshot);
  };

  win.addEventListener('message', onPageMessage);
  browser.runtime.onMessage.addListener(onRuntimeMessage);
  onInvalidated(() => {
    win.removeEventListener('message', onPageMessage);
    browser.runtime.onMessage.removeListener(onRuntimeMessage);
  });

  announce();
}
