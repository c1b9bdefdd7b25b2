import type { BackgroundRequest } from '@extension/messaging/protocol';
import { RefusedError } from '@extension/messaging/protocol';
import type { BackgroundHandlers, MessageSenderLike, RequestHandler } from './requests';
import { originOf, type SessionHubOptions } from './session-hub';

/** How long a nonce of `panel:open` waits for its frame to attach. */
export const PANEL_NONCE_TTL_MS = 60_000;

/** Per tab: the nonce given to its content script, and the frame that attached with it. */
interface TabPanel {
  nonce: string | null;
  expiresAt: number;
  frameId: number | null;
}
type PanelRecords = Record<string, TabPanel>;

export interface PanelFramesOptions {
  /**
   * Where the records live: the browser's session storage where it has one (Chrome 102+), else
   * local storage (cleared when the browser starts), so that a background stopped and woken again
   * still knows the panels it attached.
   */
  storage: { get(): Promise<unknown>; set(records: PanelRecords): Promise<void> };
  now(): number;
  /** A fresh nonce: 24 random bytes, base64url. */
  nonce(): string;
}

/**
 * The in-page panels the background has admitted: a content script's `panel:open` gets a nonce
 * for its tab (replacing any earlier one and the frame it admitted), and the side panel page
 * framed in that tab trades it, once and in time, for its frame's admission (`panel:attach`).
 * Work on the records is queued, so two messages never interleave their reads and writes.
 */
export function createPanelFrames(options: PanelFramesOptions) {
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: (records: PanelRecords) => Promise<T> | T): Promise<T> => {
    const run = queue.then(async () => {
      const stored = await options.storage.get();
      const records: PanelRecords =
        stored && typeof stored === 'object' ? { ...(stored as PanelRecords) } : {};
      return work(records);
    });
    queue = run.catch(() => undefined);
    return run;
  };

  return {
    async issue(tabId: number): Promise<string> {
      return serial(async (records) => {
        const nonce = options.nonce();
        records[tabId] = { nonce, expiresAt: options.now() + PANEL_NONCE_TTL_MS, frameId: null };
        await options.storage.set(records);
        return nonce;
      });
    },
    /** Admits the frame when the nonce is its tab's, unused and in time; the nonce is spent. */
    async attach(tabId: number, frameId: number, nonce: string): Promise<boolean> {
      return serial(async (records) => {
        const record = records[tabId];
        if (!record?.nonce || record.nonce !== nonce || record.expiresAt <= options.now())
          return false;
        records[tabId] = { nonce: null, expiresAt: 0, frameId };
        await options.storage.set(records);
        return true;
      });
    },
    async admitted(tabId: number, frameId: number): Promise<boolean> {
      return serial((records) => records[tabId]?.frameId === frameId);
    },
    /** The tab closed: its panel goes with it. */
    async forget(tabId: number): Promise<void> {
      await serial(async (records) => {
        if (!(tabId in records)) return;
        delete records[tabId];
        await options.storage.set(records);
      });
    },
  };
}

export type PanelFrames = ReturnType<typeof createPanelFrames>;

/** An extension page inside a frame of a tab: the in-page panel, or a page framing ours. */
export function framedExtensionPage(
  sender: MessageSenderLike,
  ids: Pick<SessionHubOptions, 'extensionId' | 'extensionOrigin'>,
): { tabId: number; frameId: number } | null {
  if (sender.id !== ids.extensionId || originOf(sender.url) !== ids.extensionOrigin) return null;
  const tabId = sender.tab?.id;
  const frameId = sender.frameId;
  if (tabId === undefined || frameId === undefined || frameId === 0) return null;
  return { tabId, frameId };
}

/** The tab a request's data names, if it names one. */
function namedTab(data: unknown): number | undefined {
  if (!data || typeof data !== 'object' || !('tabId' in data)) return undefined;
  const { tabId } = data as { tabId: unknown };
  return typeof tabId === 'number' ? tabId : undefined;
}

/**
 * Every request from an extension page framed in a tab is answered only for the frame the
 * background admitted there (`panel:attach`, which itself is not held back), and only about its
 * own tab. Any other framing of an extension page (a supplier's page framing the side panel) is
 * refused everything, the session first.
 */
export function guardFramedPanels(
  handlers: BackgroundHandlers,
  guard: {
    ids: Pick<SessionHubOptions, 'extensionId' | 'extensionOrigin'>;
    panels: Pick<PanelFrames, 'admitted'>;
  },
): BackgroundHandlers {
  const guarded = {} as Record<BackgroundRequest, RequestHandler<BackgroundRequest>>;
  for (const type of Object.keys(handlers) as BackgroundRequest[]) {
    const handle = handlers[type] as RequestHandler<BackgroundRequest>;
    guarded[type] =
      type === 'panel:attach'
        ? handle
        : async (data, sender) => {
            const framed = framedExtensionPage(sender, guard.ids);
            if (framed) {
              if (!(await guard.panels.admitted(framed.tabId, framed.frameId)))
                throw new RefusedError('forbidden');
              const tabId = namedTab(data);
              if (tabId !== undefined && tabId !== framed.tabId)
                throw new RefusedError('forbidden');
            }
            return handle(data, sender);
          };
  }
  return guarded as BackgroundHandlers;
}
