import { RefusedError } from '@extension/messaging/protocol';
import {
  type BulkQueue,
  type ClaimOutcome,
  type CollectOutcome,
  type ExtractOutcome,
  type RecentCollection,
  RecentCollectionSchema,
  RequestDataSchemas,
} from '@extension/messaging/schemas';
import {
  type ClientErrorKey,
  clientErrorWords,
  collectWords,
  failureWords,
} from '@extension/words';
import { ApiError } from '@shared/api/errors';
import {
  ClaimConflictsSchema,
  type ClaimRequest,
  type ClaimResult,
  type CollectRequest,
  type CollectResult,
} from '@shared/contracts/collector';
import type { Language } from '@shared/contracts/languages';
import type { ProductDraft, SourceSite } from '@shared/contracts/product-draft';
import type { Session, SessionSnapshot } from '@shared/contracts/session';
import { sourceSiteOf } from '@shared/contracts/source-sites';
import { framedExtensionPage, type PanelFrames } from './panel-frames';
import { type BackgroundHandlers, checked, type MessageSenderLike } from './requests';
import { type SessionHubOptions, senderRole } from './session-hub';

type SenderIds = Pick<SessionHubOptions, 'extensionId' | 'extensionOrigin' | 'consoleOrigin'>;

/** Who sent a collect message, as far as collecting goes. */
export type CollectSender =
  | { role: 'extension-page' }
  | { role: 'console-bridge' }
  /** A content script in the top frame of a tab on a source site. */
  | { role: 'source-page'; site: SourceSite; tabId: number };

/**
 * The extension's pages (popup, side panel, the in-page panel loaded inside a tab once it was
 * admitted: panel-frames.ts holds every other framed page back) and the console bridge keep the
 * roles the session hub gives them; besides them, a content script of this
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

/** Whether an address is https. */
function overHttps(url: string | undefined): boolean {
  try {
    return new URL(url ?? '').protocol === 'https:';
  } catch {
    return false;
  }
}

/** The path of an address, or null. */
function pathOf(url: string | undefined): string | null {
  try {
    return new URL(url ?? '').pathname;
  } catch {
    return null;
  }
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
  /** The collect and claim calls of an API client signed in with this session, speaking `language`. */
  collectApi(
    session: Session,
    language: Language,
  ): {
    collect(input: CollectRequest): Promise<CollectResult>;
    claim(input: ClaimRequest): Promise<ClaimResult>;
  };
  /** A lazy description's HTML, or null when it cannot be had. */
  fetchDescription(url: string): Promise<string | null>;
  /** Asks a tab's content script to read its page; null when nothing answered. */
  readTab(tabId: number): Promise<ExtractOutcome | null>;
  /** The tab an extension page means: the given one, its own tab (in-page panel), or the active one. */
  targetTab(sender: MessageSenderLike, tabId: number | undefined): Promise<number | null>;
  recent: { get(): Promise<unknown>; set(list: RecentCollection[]): Promise<void> };
  /** Whether the browser has the side panel API (then no in-page panel is needed, nor opened). */
  sidePanel: boolean;
  /** The in-page panels' nonces and the frames admitted with them. */
  panels: Pick<PanelFrames, 'issue' | 'attach'>;
  bulk: BulkControl;
  now(): Date;
}

/** How many collections the popup lists. */
export const RECENT_MAX = 20;

/**
 * The background's collect service, one handler per request of the protocol: content scripts
 * hand it what they read, extension pages ask it to read or collect a tab, collect the draft the
 * side panel shows and claim it into shops, and the console bridge queues addresses. It alone
 * calls the API, with the session the hub holds; content scripts never see the session.
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

  /**
   * The API's refusal in words: the server's when it sent some, else the client's, in the
   * extension's language; `fallback` names a refusal the client has no better words for.
   */
  function refusal(
    error: unknown,
    language: Language,
    fallback: ClientErrorKey,
  ): { errorKey: string; message: string } {
    const words = (errorKey: string, message: string) => ({ errorKey, message });
    if (!(error instanceof ApiError)) return words(fallback, clientErrorWords(language, fallback));
    const server = error.serverMessage;
    switch (error.kind) {
      case 'auth':
        return words(error.key ?? 'TOKEN_INVALID', server ?? collectWords(language).signInFirst);
      case 'network':
        return words('NETWORK_ERROR', clientErrorWords(language, 'NETWORK_ERROR'));
      case 'timeout':
        return words('NETWORK_TIMEOUT', clientErrorWords(language, 'NETWORK_TIMEOUT'));
      case 'invalid-response':
        return words('RESPONSE_INVALID', clientErrorWords(language, 'RESPONSE_INVALID'));
      default:
        return words(error.key ?? fallback, server ?? clientErrorWords(language, fallback));
    }
  }

  const notSignedIn = (language: Language) => ({
    errorKey: 'TOKEN_MISSING',
    message: collectWords(language).signInFirst,
  });

  /**
   * Collects one draft: its lazy description fetched first (a failure keeps the address and does
   * not fail the collection), then the API call with the hub's session, then the recent list.
   */
  async function collectDraft(draft: ProductDraft): Promise<CollectOutcome> {
    const language = await deps.language();
    const { session } = await deps.session();
    if (!session) return { ok: false, failure: null, ...notSignedIn(language) };
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
        : { ok: false, failure: null, ...refusal(null, language, 'COLLECT_FAILED') };
    } catch (error) {
      outcome = { ok: false, failure: null, ...refusal(error, language, 'COLLECT_FAILED') };
    }
    await remember(ready, outcome).catch(() => undefined);
    return outcome;
  }

  /**
   * Claims a collected product into shops, all or nothing: claimed, already in some of them
   * (the server names the conflicts; nothing was claimed), or refused with the server's words.
   */
  async function claim(id: string, shopIds: string[]): Promise<ClaimOutcome> {
    const language = await deps.language();
    const { session } = await deps.session();
    if (!session) return { status: 'failed', ...notSignedIn(language) };
    try {
      const result = await deps.collectApi(session, language).claim({ ids: [id], shopIds });
      return { status: 'claimed', result };
    } catch (error) {
      const conflicts =
        error instanceof ApiError && error.key === 'COLLECT_ALREADY_CLAIMED'
          ? ClaimConflictsSchema.safeParse(error.datas)
          : null;
      if (conflicts?.success) return { status: 'conflict', conflicts: conflicts.data.conflicts };
      return { status: 'failed', ...refusal(error, language, 'OPERATION_FAILED') };
    }
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

  /** Who sent a request, as far as collecting goes; strangers are refused. */
  function who(sender: MessageSenderLike): CollectSender {
    const known = collectSender(sender, deps.ids);
    if (!known) throw new RefusedError('forbidden');
    return known;
  }
  /** Only the extension's own pages (popup, side panel, the in-page panel). */
  function page(sender: MessageSenderLike): void {
    if (who(sender).role !== 'extension-page') throw new RefusedError('forbidden');
  }
  /** Only a content script on a source site: its site and tab. */
  function sourcePage(sender: MessageSenderLike): Extract<CollectSender, { role: 'source-page' }> {
    const known = who(sender);
    if (known.role !== 'source-page') throw new RefusedError('forbidden');
    return known;
  }
  const steer =
    (action: keyof Omit<BulkControl, 'add'>) =>
    async (_data: unknown, sender: MessageSenderLike): Promise<BulkQueue> => {
      page(sender);
      return deps.bulk[action]();
    };

  const handlers: CollectHandlers = {
    'collect:context': async (_data, sender) => {
      sourcePage(sender);
      return { language: await deps.storedLanguage(), sidePanel: deps.sidePanel };
    },
    'panel:open': async (_data, sender) => {
      // Only where it is needed (no side panel), and only on a source page over https.
      const { tabId } = sourcePage(sender);
      if (deps.sidePanel || !overHttps(sender.url)) throw new RefusedError('forbidden');
      return { tabId, nonce: await deps.panels.issue(tabId) };
    },
    'panel:attach': async (data, sender) => {
      const { tabId, nonce } = checked(RequestDataSchemas.panelAttach, data);
      // The side panel page, framed in the tab it names, on a source page over https.
      const framed = framedExtensionPage(sender, deps.ids);
      const host = sender.tab?.url ?? '';
      if (
        deps.sidePanel ||
        !framed ||
        framed.tabId !== tabId ||
        pathOf(sender.url) !== '/sidepanel.html' ||
        !overHttps(host) ||
        !sourceSiteOf(host)
      )
        throw new RefusedError('forbidden');
      if (!(await deps.panels.attach(tabId, framed.frameId, nonce)))
        throw new RefusedError('forbidden');
      return { tabId };
    },
    'collect:draft': async (data, sender) => {
      const from = who(sender);
      if (from.role === 'console-bridge') throw new RefusedError('forbidden');
      const draft = checked(RequestDataSchemas.draft, data);
      // A draft names its site and address: they agree, and a content script sends its own site's.
      if (sourceSiteOf(draft.url) !== draft.site) throw new RefusedError('forbidden');
      if (from.role === 'source-page' && draft.site !== from.site) {
        throw new RefusedError('forbidden');
      }
      return collectDraft(draft);
    },
    'collect:extract': async (data, sender) => {
      page(sender);
      const { tabId } = checked(RequestDataSchemas.tab, data);
      const target = await deps.targetTab(sender, tabId);
      return target === null ? { ok: false, failure: 'notProduct', missing: [] } : readTab(target);
    },
    'collect:tab': async (data, sender) => {
      page(sender);
      const { tabId } = checked(RequestDataSchemas.tab, data);
      const target = await deps.targetTab(sender, tabId);
      return target === null
        ? notCollected({ ok: false, failure: 'notProduct', missing: [] })
        : collectTab(target);
    },
    'collect:claim': async (data, sender) => {
      page(sender);
      const { id, shopIds } = checked(RequestDataSchemas.claim, data);
      return claim(id, shopIds);
    },
    'collect:recent': async (_data, sender) => {
      page(sender);
      const stored = await deps.recent.get();
      return Array.isArray(stored)
        ? stored.flatMap((entry) => {
            const parsed = RecentCollectionSchema.safeParse(entry);
            return parsed.success ? [parsed.data] : [];
          })
        : [];
    },
    'bulk:add': async (data, sender) => {
      const from = who(sender);
      const { urls, requestId } = checked(RequestDataSchemas.bulkAdd, data);
      if (from.role === 'console-bridge') {
        if (requestId === undefined) throw new RefusedError('forbidden');
        return deps.bulk.add(urls, requestId);
      }
      if (requestId !== undefined) throw new RefusedError('forbidden');
      if (from.role === 'source-page') {
        // A list page queues its own site's products only.
        const own = urls.filter((url) => sourceSiteOf(url) === from.site);
        return own.length ? deps.bulk.add(own, null) : deps.bulk.get();
      }
      return deps.bulk.add(urls, null);
    },
    'bulk:get': steer('get'),
    'bulk:pause': steer('pause'),
    'bulk:resume': steer('resume'),
    'bulk:clear': steer('clear'),
  };

  return { handlers, collectDraft };
}

type CollectHandlers = Omit<
  BackgroundHandlers,
  'session:get' | 'session:put' | 'language:get' | 'language:put'
>;
