import {
  BulkChangedSchema,
  type BulkQueue,
  BulkQueueSchema,
  type CollectOutcome,
  CollectOutcomeSchema,
  type CollectRequestMessage,
  type ExtractOutcome,
  ExtractOutcomeSchema,
  type RecentCollection,
  RecentCollectionSchema,
} from '@extension/messaging/schemas';
import type { ProductDraft } from '@shared/contracts/product-draft';
import { browser } from 'wxt/browser';
import * as z from 'zod/mini';

/** The background did not answer a collect message with what the contract says it answers. */
class NoAnswerError extends Error {
  constructor(type: string, cause?: unknown) {
    super(`no answer to ${type}`, { cause });
    this.name = 'NoAnswerError';
  }
}

async function send<S extends z.ZodMiniType>(
  message: CollectRequestMessage,
  schema: S,
): Promise<z.output<S>> {
  let answer: unknown;
  try {
    answer = await browser.runtime.sendMessage(message);
  } catch (error) {
    throw new NoAnswerError(message.type, error);
  }
  const parsed = schema.safeParse(answer);
  if (!parsed.success) throw new NoAnswerError(message.type, parsed.error);
  return parsed.data;
}

const RecentListSchema = z.array(RecentCollectionSchema);

/** What the extension's pages ask the background about collecting. */
export const collectClient = {
  /** Reads a tab (the active one without a tab id) without collecting it. */
  extract: (tabId?: number): Promise<ExtractOutcome> =>
    send(
      { type: 'collect:extract', ...(tabId === undefined ? {} : { tabId }) },
      ExtractOutcomeSchema,
    ),
  /** Collects a tab (the active one without a tab id) as the page shows it. */
  collectTab: (tabId?: number): Promise<CollectOutcome> =>
    send({ type: 'collect:tab', ...(tabId === undefined ? {} : { tabId }) }, CollectOutcomeSchema),
  /** Collects a draft the seller edited. */
  collectEdited: (draft: ProductDraft): Promise<CollectOutcome> =>
    send({ type: 'collect:edited', draft }, CollectOutcomeSchema),
  recent: (): Promise<RecentCollection[]> => send({ type: 'collect:recent' }, RecentListSchema),
  bulk: (action: 'get' | 'pause' | 'resume' | 'clear'): Promise<BulkQueue> =>
    send({ type: `bulk:${action}` }, BulkQueueSchema),
};

/** Calls `listener` with the bulk queue each time the background says it changed. */
export function onBulkChanged(listener: (queue: BulkQueue) => void): () => void {
  const onMessage = (message: unknown) => {
    const changed = BulkChangedSchema.safeParse(message);
    if (changed.success) listener(changed.data.queue);
    // No answer from here: the sender waits for the background's.
    return undefined;
  };
  browser.runtime.onMessage.addListener(onMessage);
  return () => browser.runtime.onMessage.removeListener(onMessage);
}
