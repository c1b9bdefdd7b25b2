import type { Language } from '@shared/contracts/languages';
import { EXTRACTION_FAILURES, ProductDraftSchema } from '@shared/contracts/product-draft';
import { BridgeMessageSchema } from '@shared/session/bridge';
import * as z from 'zod/mini';

/**
 * Runtime messages of the collector between the content scripts on source sites, the extension's
 * pages (popup, side panel, the in-page panel) and the background. The background alone holds the
 * session and talks to the API; content scripts only hand it what they read.
 */

/** A page read: a draft, or why there is none (with what was missing for layoutUnknown). */
export const ExtractOutcomeSchema = z.union([
  z.object({ ok: z.literal(true), draft: ProductDraftSchema }),
  z.object({
    ok: z.literal(false),
    failure: z.enum(EXTRACTION_FAILURES),
    missing: z.array(z.string()),
  }),
]);
export type ExtractOutcome = z.infer<typeof ExtractOutcomeSchema>;

/** Where one collection ended: saved in the box, or refused (an extraction failure or an API error). */
export const CollectOutcomeSchema = z.union([
  z.object({
    ok: z.literal(true),
    id: z.string(),
    title: z.string(),
    created: z.boolean(),
  }),
  z.object({
    ok: z.literal(false),
    failure: z.nullable(z.enum(EXTRACTION_FAILURES)),
    /** An error key of shared/contracts/errors.ts when the server or the network refused. */
    errorKey: z.nullable(z.string()),
    /** Translated, in the extension's language. */
    message: z.string(),
  }),
]);
export type CollectOutcome = z.infer<typeof CollectOutcomeSchema>;

/** One of the last collections, kept in extension storage for the popup. */
export const RecentCollectionSchema = z.object({
  id: z.string(),
  title: z.string(),
  site: z.string(),
  url: z.string(),
  image: z.nullable(z.string()),
  at: z.string(),
});
export type RecentCollection = z.infer<typeof RecentCollectionSchema>;

const BULK_STATES = ['idle', 'running', 'paused', 'waitingSession', 'done'] as const;

/** The bulk queue: addresses collected one after another at the seller's rate; kept in storage. */
export const BulkQueueSchema = z.object({
  state: z.enum(BULK_STATES),
  /** The console request that queued them, when it came through the bridge. */
  items: z.array(
    z.object({
      url: z.string(),
      requestId: z.nullable(z.string()),
      status: z.enum(['queued', 'working', 'done', 'failed']),
      outcome: z.nullable(CollectOutcomeSchema),
      /** How many times its page was opened (an interrupted item is tried once more). */
      attempts: z.optional(z.int()),
    }),
  ),
  /** When the next page may be opened (ISO time), by the bulk-collect rate. */
  nextAt: z.nullable(z.string()),
});
export type BulkQueue = z.infer<typeof BulkQueueSchema>;

/** To the background. */
export const CollectRequestMessageSchema = z.discriminatedUnion('type', [
  /** From a content script: collect what this page read (the background fetches a lazy description). */
  z.object({ type: z.literal('collect:draft'), draft: ProductDraftSchema }),
  /** From an extension page: read the active tab (or the given one) without collecting. */
  z.object({ type: z.literal('collect:extract'), tabId: z.optional(z.int()) }),
  /** From an extension page: collect the active tab (or the given one), or a draft the seller edited. */
  z.object({ type: z.literal('collect:tab'), tabId: z.optional(z.int()) }),
  z.object({ type: z.literal('collect:edited'), draft: ProductDraftSchema }),
  z.object({ type: z.literal('collect:recent') }),
  /**
   * From a content script on a list page or an extension page: queue product addresses. From the
   * console bridge (and only from it): with the console's request id, which hears back per address.
   */
  z.object({
    type: z.literal('bulk:add'),
    urls: z.array(z.string()).check(z.minLength(1), z.maxLength(500)),
    requestId: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
  }),
  z.object({ type: z.literal('bulk:get') }),
  z.object({ type: z.literal('bulk:pause') }),
  z.object({ type: z.literal('bulk:resume') }),
  z.object({ type: z.literal('bulk:clear') }),
  /** From a content script when chrome.sidePanel is missing (360 browser): open the in-page panel. */
  z.object({ type: z.literal('panel:open') }),
  /** From a content script when it starts: the extension's language and whether a side panel exists. */
  z.object({ type: z.literal('collect:context') }),
]);
export type CollectRequestMessage = z.infer<typeof CollectRequestMessageSchema>;

/** From the background to a content script: read your page and answer with an ExtractOutcome. */
export const ExtractRequestSchema = z.object({ type: z.literal('collect:read') });

/** From the background to the extension's pages when the bulk queue changes. */
export const BulkChangedSchema = z.object({
  type: z.literal('bulk:changed'),
  queue: BulkQueueSchema,
});

/** The background's answer to `collect:context`. */
export interface CollectContext {
  /** The console's language when it told the extension, else null (the browser's then). */
  language: Language | null;
  /** Whether the browser has the side panel API; without it the page offers the in-page panel. */
  sidePanel: boolean;
}

/** The background's answer to `panel:open`: the tab the in-page panel belongs to. */
export interface PanelOpenAnswer {
  tabId: number;
}

/** What the background answers a request it refuses (a sender without the right, or a bad message). */
export interface CollectRefusal {
  ok: false;
  error: 'forbidden' | 'invalid';
}

/**
 * From the background to the console bridge: a collect-progress or collect-result of a request
 * the console made, for the bridge to post to the page as it is.
 */
export const ConsoleCollectNoticeSchema = z.object({
  type: z.literal('collect:console'),
  message: BridgeMessageSchema,
});
export type ConsoleCollectNotice = z.infer<typeof ConsoleCollectNoticeSchema>;
