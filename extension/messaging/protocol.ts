import type { Language } from '@shared/contracts/languages';
import type { ProductDraft } from '@shared/contracts/product-draft';
import type { SessionSnapshot } from '@shared/contracts/session';
import type { BridgeMessage } from '@shared/session/bridge';
import type { GetReturnType } from '@webext-core/messaging';
import type {
  BulkQueue,
  ClaimOutcome,
  CollectOutcome,
  ExtractOutcome,
  RecentCollection,
} from './schemas';

/**
 * The extension's runtime messages, each a request with its reply (messengers.ts sends and
 * answers them). The background alone holds the session and calls the API; the others ask it.
 * It checks who asks (the sender) and what (the data, against schemas.ts) before it answers, and
 * refuses by rejecting with a {@link RefusedError}.
 */

/** The background's answer to `collect:context`. */
interface CollectContext {
  /** The console's language when it told the extension, else null (the browser's then). */
  language: Language | null;
  /** Whether the browser has the side panel API; without it the page offers the in-page panel. */
  sidePanel: boolean;
}

/** Requests to the background. Who may send each is said beside it. */
export interface BackgroundProtocol {
  /** Extension pages and the console bridge: the session the background holds. */
  'session:get'(): SessionSnapshot;
  /** Extension pages and the console bridge: a snapshot, kept when newer; answers the one held. */
  'session:put'(snapshot: SessionSnapshot): SessionSnapshot;
  /** Extension pages: the console's interface language, null until it told. */
  'language:get'(): Language | null;
  /** The console bridge (and extension pages): the console's interface language. */
  'language:put'(language: Language): Language;

  /** A content script on a source site when it starts: the language, and whether a side panel exists. */
  'collect:context'(): CollectContext;
  /**
   * Collect a draft: from a content script, what its page read (of its own site); from an
   * extension page, the draft it shows with the seller's edits. The background fetches a lazy
   * description first.
   */
  'collect:draft'(draft: ProductDraft): CollectOutcome;
  /**
   * A content script on a source site over https, where the browser has no chrome.sidePanel (360
   * browser): its tab, and a single-use nonce the in-page panel hands back to `panel:attach`.
   */
  'panel:open'(): { tabId: number; nonce: string };
  /**
   * The side panel page framed in a tab (the in-page panel): the nonce its content script was
   * given. Until a frame attached this way, a framed extension page is answered nothing.
   */
  'panel:attach'(request: { tabId: number; nonce: string }): { tabId: number };

  /** Extension pages: read a tab (the active one without an id) without collecting. */
  'collect:extract'(request: { tabId?: number }): ExtractOutcome;
  /** Extension pages: read a tab (the active one without an id) and collect what it shows. */
  'collect:tab'(request: { tabId?: number }): CollectOutcome;
  /** Extension pages: claim a collected product into the seller's shops. */
  'collect:claim'(request: { id: string; shopIds: string[] }): ClaimOutcome;
  /** Extension pages: the last collections, newest first. */
  'collect:recent'(): RecentCollection[];

  /**
   * Queue product addresses: a list page its own site's, an extension page any, the console
   * bridge (and only it) with the console's request id, which hears back per address.
   */
  'bulk:add'(request: { urls: string[]; requestId?: string }): BulkQueue;
  /** Extension pages: the bulk queue, and steering it. */
  'bulk:get'(): BulkQueue;
  'bulk:pause'(): BulkQueue;
  'bulk:resume'(): BulkQueue;
  'bulk:clear'(): BulkQueue;
}

export type BackgroundRequest = keyof BackgroundProtocol;
export type BackgroundReply<K extends BackgroundRequest> = GetReturnType<BackgroundProtocol[K]>;

/** Requests from the background to the content script in a tab's top frame. */
export interface TabProtocol {
  /** Read your page now (waiting a while for data it still loads). */
  'collect:read'(): ExtractOutcome;
}

/** What the background tells the extension's pages and the console bridge; nothing is answered. */
export interface NoticeProtocol {
  /** The session changed (a sign-in or sign-out on either side). */
  'session:changed'(snapshot: SessionSnapshot): void;
  /** The bulk queue changed. */
  'bulk:changed'(queue: BulkQueue): void;
  /** To the console bridge: a collect-progress or collect-result of a request the console made. */
  'collect:console'(message: BridgeMessage): void;
}

/** Why the background refused a request: a sender without the right, or data it cannot take. */
export class RefusedError extends Error {
  constructor(readonly reason: 'forbidden' | 'invalid') {
    super(reason);
    this.name = 'RefusedError';
  }
}

export type NoticeType = keyof NoticeProtocol;
export type NoticeData<K extends NoticeType> = Parameters<NoticeProtocol[K]>[0];
