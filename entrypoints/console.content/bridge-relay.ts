import { backgroundMessenger, onNotice } from '@extension/messaging/messengers';
import type { SessionSnapshot } from '@shared/contracts/session';
import { type BridgeMessage, BridgeMessageSchema } from '@shared/session/bridge';
import { BRIDGE_CHANNEL } from '@shared/session/bridge-channel';
import { browser } from 'wxt/browser';

/**
 * The bridge on the console's origin: it relays the page's session snapshots (and its interface
 * language) to the background, and the background's snapshots to the page. It also tells the
 * page the extension is installed (with its version), hands the console's collect requests to
 * the background's bulk queue, and posts back what the background reports about them. It keeps
 * nothing.
 */
export function startBridgeRelay(win: Window, onInvalidated: (cleanup: () => void) => void): void {
  const toPage = (message: BridgeMessage) => win.postMessage(message, win.location.origin);
  const sendSnapshot = (snapshot: SessionSnapshot) =>
    toPage({ channel: BRIDGE_CHANNEL, from: 'extension', type: 'snapshot', snapshot });

  const version = browser.runtime.getManifest().version;

  /** Our presence and snapshot to the page, and a request for the page's (and its language). */
  const announce = () => {
    toPage({ channel: BRIDGE_CHANNEL, from: 'extension', type: 'presence', version });
    void backgroundMessenger.sendMessage('session:get').then(
      (snapshot) => {
        sendSnapshot(snapshot);
        toPage({ channel: BRIDGE_CHANNEL, from: 'extension', type: 'request-snapshot' });
      },
      () => undefined,
    );
  };

  /** The console's addresses to the bulk queue; if the background cannot take them, the page hears so. */
  const collectUrls = (requestId: string, urls: string[]) => {
    void backgroundMessenger
      .sendMessage('bulk:add', { urls, requestId })
      .catch(() => refuse(requestId, urls));
  };
  const refuse = (requestId: string, urls: string[]) => {
    for (const url of urls) {
      toPage({
        channel: BRIDGE_CHANNEL,
        from: 'extension',
        type: 'collect-result',
        requestId,
        url,
        id: null,
        title: null,
        failure: null,
        errorKey: 'COLLECT_FAILED',
        message: null,
      });
    }
  };

  const onPageMessage = (event: MessageEvent) => {
    if (event.source !== win || event.origin !== win.location.origin) return;
    const parsed = BridgeMessageSchema.safeParse(event.data);
    if (!parsed.success || parsed.data.from !== 'console') return;
    if (parsed.data.type === 'hello') {
      announce();
      return;
    }
    if (parsed.data.type === 'language') {
      void backgroundMessenger
        .sendMessage('language:put', parsed.data.language)
        .catch(() => undefined);
      return;
    }
    if (parsed.data.type === 'collect-urls') {
      collectUrls(parsed.data.requestId, parsed.data.urls);
      return;
    }
    if (parsed.data.type !== 'snapshot') return;
    const sent = parsed.data.snapshot;
    void backgroundMessenger.sendMessage('session:put', sent).then(
      (held) => {
        // The background holds a newer session than the page sent: give the page that one.
        if (held.updatedAt > sent.updatedAt) sendSnapshot(held);
      },
      () => undefined,
    );
  };

  win.addEventListener('message', onPageMessage);
  const stopSession = onNotice('session:changed', sendSnapshot);
  // Progress and results of the console's collect requests, posted to the page as they are.
  const stopCollect = onNotice('collect:console', (message) => {
    if (
      message.from === 'extension' &&
      (message.type === 'collect-progress' || message.type === 'collect-result')
    ) {
      toPage(message);
    }
  });
  onInvalidated(() => {
    win.removeEventListener('message', onPageMessage);
    stopSession();
    stopCollect();
  });

  announce();
}
