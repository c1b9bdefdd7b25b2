import {
  type ClaimConflicts,
  ClaimRequestSchema,
  type ClaimResult,
} from '@shared/contracts/collector';
import { LANGUAGES } from '@shared/contracts/languages';
import { EXTRACTION_FAILURES, ProductDraftSchema } from '@shared/contracts/product-draft';
import { SessionSnapshotSchema } from '@shared/contracts/session';
import * as z from 'zod/mini';
import { PANEL_NONCE_CHANNEL } from './panel-channel';

/**
 * What the extension's runtime messages (protocol.ts) carry, as schemas: the background checks
 * what arrives with them, and the outcomes it keeps in storage are read back with them.
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
const CollectOutcomeSchema = z.union([
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

/** Where a claim into shops ended, as the background answers the side panel. */
export type ClaimOutcome =
  | { status: 'claimed'; result: ClaimResult }
  /** COLLECT_ALREADY_CLAIMED: the product is already in these shops; nothing was claimed. */
  | { status: 'conflict'; conflicts: ClaimConflicts['conflicts'] }
  /** Refused: the server's key and words (or the client's, in the extension's language). */
  | { status: 'failed'; errorKey: string; message: string };

/** A nonce of the in-page panel (`panel:open`): 24 random bytes, base64url. */
const PanelNonceSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{32}$/));

/** The in-page panel's nonce as its content script posts it to the frame (panel-channel.ts). */
export const PanelNonceMessageSchema = z.object({
  channel: z.literal(PANEL_NONCE_CHANNEL),
  nonce: PanelNonceSchema,
});

/**
 * The data of the requests to the background that carry some (protocol.ts), as the background
 * checks it before it answers: the types say what a sender means to send, these what arrived.
 */
export const RequestDataSchemas = {
  session: SessionSnapshotSchema,
  language: z.enum(LANGUAGES),
  draft: ProductDraftSchema,
  tab: z.object({ tabId: z.optional(z.int()) }),
  claim: z.object({
    id: z.string().check(z.minLength(1)),
    shopIds: ClaimRequestSchema.shape.shopIds,
  }),
  panelAttach: z.object({ tabId: z.int(), nonce: PanelNonceSchema }),
  bulkAdd: z.object({
    urls: z.array(z.string()).check(z.minLength(1), z.maxLength(500)),
    requestId: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
  }),
};
