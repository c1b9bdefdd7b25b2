import { SessionChangedSchema } from '@extension/messaging/protocol';
import {
  type CollectRequestMessage,
  ConsoleCollectNoticeSchema,
} from '@extension/messaging/schemas';
import { ask } from '@extension/pages/session-port';
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
    void ask({ type: 'session:get' }).then((response) => {
      if (response.ok && 'snapshot' in response) sendSnapshot(response.snapshot);
      toPage({ channel: BRIDGE_CHANNEL, from: 'extension', type: 'request-snapshot' });
    });
  };

  /** The console's addresses to the bulk queue; if the background cannot take them, the page hears so. */
  const collectUrls = (requestId: string, urls: string[]) => {
    const request: CollectRequestMessage = { type: 'bulk:add', urls, requestId };
    void browser.runtime.sendMessage(request).then(
      (answer: unknown) => {
        if ((answer as { state?: unknown } | null)?.state === undefined) refuse(requestId, urls);
      },
      () => refuse(requestId, urls),
    );
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
      void ask({ type: 'language:put', language: parsed.data.language });
      return;
    }
    if (parsed.data.type === 'collect-urls') {
      collectUrls(parsed.data.requestId, parsed.data.urls);
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
    // Progress and results of the console's collect requests, posted to the page as they are.
    const notice = ConsoleCollectNoticeSchema.safeParse(message);
    if (
      notice.success &&
      notice.data.message.from === 'extension' &&
      (notice.data.message.type === 'collect-progress' ||
        notice.data.message.type === 'collect-result')
    ) {
      toPage(notice.data.message);
    }
    // Nothing to answer: the sender does not wait for the bridge.
    return undefined;
  };

  win.addEventListener('message', onPageMessage);
  browser.runtime.onMessage.addListener(onRuntimeMessage);
  onInvalidated(() => {
    win.removeEventListener('message', onPageMessage);
    browser.runtime.onMessage.removeListener(onRuntimeMessage);
  });

  announce();
}
