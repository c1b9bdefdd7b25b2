import {
  type BulkQueue,
  type CollectContext,
  type CollectOutcome,
  type CollectRefusal,
  type CollectRequestMessage,
  CollectRequestMessageSchema,
  type ExtractOutcome,
  type PanelOpenAnswer,
  type RecentCollection,
  RecentCollectionSchema,
} from '@extension/messaging/schemas';
import { clientErrorWords, collectWords, failureWords } from '@extension/words';
import { ApiError } from '@shared/api/errors';
import type { CollectRequest, CollectResult } from '@shared/contracts/collector';
import type { Language } from '@shared/contracts/languages';
import type { ProductDraft, SourceSite } from '@shared/contracts/product-draft';
import type { Session, SessionSnapshot } from '@shared/contracts/session';
import { sourceSiteOf } from '@shared/contracts/source-sites';
import { type MessageSenderLike, type SessionHubOptions, senderRole } from './session-hub';

type SenderIds = Pick<SessionHubOptions, 'extensionId' | 'extensionOrigin' | 'consoleOrigin'>;

/** Who sent a collect message, as far as collecting goes. */
export type CollectSender =
  | { role: 'extension-page' }
  | { role: 'console-bridge' }
  /** A content script in the top frame of a tab on a source site. */
  | { role: 'source-page'; site: SourceSite; tabId: number };

/**
 * The extension's pages (popup, side panel, the in-page panel loaded inside a tab) and the console
 * bridge keep the roles the session hub gives them; besides them, a content script of this
 * extension in the top frame of a tab on one of the source sites is a source page. Anything else
 * (another extension, a frame, a page of another site) is nobody.
 */
export function collectSender(sender: MessageSenderLike, ids: SenderIds): CollectSender | null {
  const role = senderRole(sender, ids);
  if (role) return { role };
  if (sender.id !== ids.extensionId) return null;
  const tabId = sender.tab?.id;
  if (tabId === undefined || (sender.frameId !== undefined && sender.frameId !== 0)) return null;
  const site = sourceSiteOf(sender.url ?? '');
  return site ? { role: 'source-page', site, tabId } : null;
}

/** The bulk queue as the collect service drives it. */
interface BulkControl {
  add(urls: string[], requestId: string | null): Promise<BulkQueue>;
  get(): Promise<BulkQueue>;
  pause(): Promise<BulkQueue>;
  resume(): Promise<BulkQueue>;
  clear(): Promise<BulkQueue>;
}

export interface CollectServiceDeps {
  ids: SenderIds;
  /** The session the hub holds (read from storage at call time). */
  session(): Promise<SessionSnapshot>;
  /** The language the console told the extension, or null. */
  storedLanguage(): Promise<Language | null>;
  /** The language to answer in: the stored one, else the browser's. */
  language(): Promise<Language>;
  /** The collect call of an API client signed in with this session, speaking `language`. */
  collectApi(
    session: Session,
    language: Language,
  ): { collect(input: CollectRequest): Promise<CollectResult> };
  /** A lazy description's HTML, or null when it cannot be had. */
  fetchDescription(url: string): Promise<string | null>;
  /** Asks a tab's content script to read its page; null when nothing answered. */
  readTab(tabId: number): Promise<ExtractOutcome | null>;
  /** The tab an extension page means: the given one, its own tab (in-page panel), or the active one. */
  targetTab(sender: MessageSenderLike, tabId: number | undefined): Promise<number | null>;
  recent: { get(): Promise<unknown>; set(list: RecentCollection[]): Promise<void> };
  /** Whether the browser has the side panel API. */
  sidePanel: boolean;
  bulk: BulkControl;
  now(): Date;
}

/** How many collections the popup lists. */
export const RECENT_MAX = 20;

type Answer =
  | CollectOutcome
  | ExtractOutcome
  | RecentCollection[]
  | BulkQueue
  | CollectContext
  | PanelOpenAnswer
  | CollectRefusal;

const FORBIDDEN: CollectRefusal = { ok: false, error: 'forbidden' };
const INVALID: CollectRefusal = { ok: false, error: 'invalid' };

/** Whether a runtime message is one of the collector's (the session hub answers the others). */
export function isCollectMessage(message: unknown): boolean {
  const type = (message as { type?: unknown } | null)?.type;
  return typeof type === 'string' && /^(collect|bulk|panel):/.test(type);
}

/**
 * The background's collect service: content scripts hand it what they read, extension pages ask
 * it to read or collect a tab, the console bridge queues addresses. It alone calls the API, with
 * the session the hub holds; content scripts never see the session.
 */
export function createCollectService(deps: CollectServiceDeps) {
  async function remember(draft: ProductDraft, outcome: CollectOutcome): Promise<void> {
    if (!outcome.ok) return;
    const stored = await deps.recent.get();
    const previous = Array.isArray(stored)
      ? stored.flatMap((entry) => {
          const parsed = RecentCollectionSchema.safeParse(entry);
          return parsed.success && parsed.data.id !== outcome.id ? [parsed.data] : [];
        })
      : [];
    const entry: RecentCollection = {
      id: outcome.id,
      title: outcome.title,
      site: draft.site,
      url: draft.url,
      image: draft.images[0] ?? null,
      at: deps.now().toISOString(),
    };
    await deps.recent.set([entry, ...previous].slice(0, RECENT_MAX));
  }

  /** The API's refusal as an outcome: the server's words when it sent some, else the client's. */
  function refused(error: unknown, language: Language): CollectOutcome {
    const outcome = (errorKey: string, message: string): CollectOutcome => ({
      ok: false,
      failure: null,
      errorKey,
      message,
    });
    if (!(error instanceof ApiError)) {
      return outcome('COLLECT_FAILED', clientErrorWords(language, 'COLLECT_FAILED'));
    }
    const server = error.serverMessage;
    switch (error.kind) {
      case 'auth':
        return outcome(error.key ?? 'TOKEN_INVALID', server ?? collectWords(language).signInFirst);
      case 'network':
        return outcome('NETWORK_ERROR', clientErrorWords(language, 'NETWORK_ERROR'));
      case 'timeout':
        return outcome('NETWORK_TIMEOUT', clientErrorWords(language, 'NETWORK_TIMEOUT'));
      case 'invalid-response':
        return outcome('RESPONSE_INVALID', clientErrorWords(language, 'RESPONSE_INVALID'));
      default:
        return outcome(
          error.key ?? 'COLLECT_FAILED',
          server ?? clientErrorWords(language, 'COLLECT_FAILED'),
        );
    }
  }

  /**
   * Collects one draft: its lazy description fetched first (a failure keeps the address and does
   * not fail the collection), then the API call with the hub's session, then the recent list.
   */
  async function collectDraft(draft: ProductDraft): Promise<CollectOutcome> {
    const language = await deps.language();
    const { session } = await deps.session();
    if (!session) {
      return {
        ok: false,
        failure: null,
        errorKey: 'TOKEN_MISSING',
        message: collectWords(language).signInFirst,
      };
    }
    let ready = draft;
    const description = draft.description;
    if (description && 'url' in description) {
      const html = await deps.fetchDescription(description.url).catch(() => null);
      if (html) ready = { ...draft, description: { html } };
    }
    let outcome: CollectOutcome;
    try {
      const result = await deps.collectApi(session, language).collect({ drafts: [ready] });
      const record = result.records[0];
      outcome = record
        ? { ok: true, id: record.id, title: record.title, created: record.created }
        : refused(null, language);
    } catch (error) {
      outcome = refused(error, language);
    }
    await remember(ready, outcome).catch(() => undefined);
    return outcome;
  }

  /** A reading that found no product, as a collection that did not happen. */
  async function notCollected(reading: ExtractOutcome & { ok: false }): Promise<CollectOutcome> {
    const language = await deps.language();
    return {
      ok: false,
      failure: reading.failure,
      errorKey: null,
      message: failureWords(language, reading.failure, reading.missing).message,
    };
  }

  /** Reads a tab; a tab nobody answers in is no product page of ours. */
  async function readTab(tabId: number): Promise<ExtractOutcome> {
    return (
      (await deps.readTab(tabId).catch(() => null)) ?? {
        ok: false,
        failure: 'notProduct',
        missing: [],
      }
    );
  }

  async function collectTab(tabId: number): Promise<CollectOutcome> {
    const reading = await readTab(tabId);
    return reading.ok ? collectDraft(reading.draft) : notCollected(reading);
  }

  async function handle(message: unknown, senderInfo: MessageSenderLike): Promise<Answer> {
    const sender = collectSender(senderInfo, deps.ids);
    if (!sender) return FORBIDDEN;
    const parsed = CollectRequestMessageSchema.safeParse(message);
    if (!parsed.success) return INVALID;
    const request: CollectRequestMessage = parsed.data;
    const page = sender.role === 'extension-page';

    switch (request.type) {
      case 'collect:draft': {
        if (sender.role !== 'source-page') return FORBIDDEN;
        const { draft } = request;
        if (draft.site !== sender.site || sourceSiteOf(draft.url) !== draft.site) return FORBIDDEN;
        return collectDraft(draft);
      }
      case 'collect:context':
        if (sender.role !== 'source-page') return FORBIDDEN;
        return { language: await deps.storedLanguage(), sidePanel: deps.sidePanel };
      case 'panel:open':
        if (sender.role !== 'source-page') return FORBIDDEN;
        return { tabId: sender.tabId };
      case 'bulk:add': {
        if (sender.role === 'console-bridge') {
          if (request.requestId === undefined) return FORBIDDEN;
          return deps.bulk.add(request.urls, request.requestId);
        }
        if (request.requestId !== undefined) return FORBIDDEN;
        if (sender.role === 'source-page') {
          // A list page queues its own site's products only.
          const own = request.urls.filter((url) => sourceSiteOf(url) === sender.site);
          return own.length ? deps.bulk.add(own, null) : deps.bulk.get();
        }
        return deps.bulk.add(request.urls, null);
      }
      case 'collect:extract': {
        if (!page) return FORBIDDEN;
        const tabId = await deps.targetTab(senderInfo, request.tabId);
        return tabId === null ? { ok: false, failure: 'notProduct', missing: [] } : readTab(tabId);
      }
      case 'collect:tab': {
        if (!page) return FORBIDDEN;
        const tabId = await deps.targetTab(senderInfo, request.tabId);
        return tabId === null
          ? notCollected({ ok: false, failure: 'notProduct', missing: [] })
          : collectTab(tabId);
      }
      case 'collect:edited':
        if (!page) return FORBIDDEN;
        if (sourceSiteOf(request.draft.url) !== request.draft.site) return FORBIDDEN;
        return collectDraft(request.draft);
      case 'collect:recent': {
        if (!page) return FORBIDDEN;
        const stored = await deps.recent.get();
        return Array.isArray(stored)
          ? stored.flatMap((entry) => {
              const parsed = RecentCollectionSchema.safeParse(entry);
              return parsed.success ? [parsed.data] : [];
            })
          : [];
      }
      case 'bulk:get':
        return page ? deps.bulk.get() : FORBIDDEN;
      case 'bulk:pause':
        return page ? deps.bulk.pause() : FORBIDDEN;
      case 'bulk:resume':
        return page ? deps.bulk.resume() : FORBIDDEN;
      case 'bulk:clear':
        return page ? deps.bulk.clear() : FORBIDDEN;
    }
  }

  return { handle, collectDraft, collectTab, readTab };
}
