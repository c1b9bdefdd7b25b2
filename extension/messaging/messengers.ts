import { defineExtensionMessaging } from '@webext-core/messaging';
import type {
  BackgroundProtocol,
  NoticeData,
  NoticeProtocol,
  NoticeType,
  TabProtocol,
} from './protocol';

/**
 * The messengers of the protocol (protocol.ts), on webextension-polyfill: requests to the
 * background, requests from it to a tab's content script, and its notices.
 */
export const backgroundMessenger = defineExtensionMessaging<BackgroundProtocol>();
export const tabMessenger = defineExtensionMessaging<TabProtocol>();
const noticeMessenger = defineExtensionMessaging<NoticeProtocol>();

/** Per notice type, this context's listeners and how to stop the messenger's one listener. */
const noticeListeners = new Map<NoticeType, { each: Set<(data: never) => void>; stop(): void }>();

/**
 * Calls `listener` with each notice of `type` this context receives. Any number of listeners may
 * follow one type (the messenger takes one per type and context: this fans it out).
 */
export function onNotice<K extends NoticeType>(
  type: K,
  listener: (data: NoticeData<K>) => void,
): () => void {
  let entry = noticeListeners.get(type);
  if (!entry) {
    const each = new Set<(data: never) => void>();
    const stop = noticeMessenger.onMessage(type, (message) => {
      for (const one of [...each]) one(message.data as never);
    });
    entry = { each, stop };
    noticeListeners.set(type, entry);
  }
  const own = entry;
  own.each.add(listener);
  return () => {
    own.each.delete(listener);
    if (own.each.size > 0 || noticeListeners.get(type) !== own) return;
    own.stop();
    noticeListeners.delete(type);
  };
}

/**
 * Tells the extension's pages (or, with a tab, the console bridge in its top frame). Nobody
 * listening is no failure: a notice is not waited for.
 */
export async function notify<K extends NoticeType>(
  type: K,
  data: NoticeData<K>,
  tabId?: number,
): Promise<void> {
  const sent =
    tabId === undefined
      ? noticeMessenger.sendMessage(type, data as never)
      : noticeMessenger.sendMessage(type, data as never, { tabId, frameId: 0 });
  await sent.catch(() => undefined);
}
