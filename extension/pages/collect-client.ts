import { backgroundMessenger, onNotice } from '@extension/messaging/messengers';
import type { BackgroundReply } from '@extension/messaging/protocol';
import type { BulkQueue } from '@extension/messaging/schemas';
import type { ProductDraft } from '@shared/contracts/product-draft';

/** What the extension's pages ask the background about collecting (each rejects when it cannot answer). */
export const collectClient = {
  /** Reads a tab (the active one without a tab id) without collecting it. */
  extract: (tabId?: number) =>
    backgroundMessenger.sendMessage('collect:extract', tabId === undefined ? {} : { tabId }),
  /** Collects a tab (the active one without a tab id) as the page shows it. */
  collectTab: (tabId?: number) =>
    backgroundMessenger.sendMessage('collect:tab', tabId === undefined ? {} : { tabId }),
  /** Collects the draft a page shows, with the seller's edits. */
  collectDraft: (draft: ProductDraft) => backgroundMessenger.sendMessage('collect:draft', draft),
  /** Claims a collected product into the chosen shops. */
  claim: (id: string, shopIds: string[]) =>
    backgroundMessenger.sendMessage('collect:claim', { id, shopIds }),
  recent: () => backgroundMessenger.sendMessage('collect:recent'),
  bulk: (action: 'get' | 'pause' | 'resume' | 'clear'): Promise<BackgroundReply<'bulk:get'>> =>
    backgroundMessenger.sendMessage(`bulk:${action}`),
};

/** Calls `listener` with the bulk queue each time the background says it changed. */
export function onBulkChanged(listener: (queue: BulkQueue) => void): () => void {
  return onNotice('bulk:changed', listener);
}
