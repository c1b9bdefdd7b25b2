import { RefusedError } from '@extension/messaging/protocol';
import { RequestDataSchemas } from '@extension/messaging/schemas';
import { LANGUAGES, type Language } from '@shared/contracts/languages';
import { type SessionSnapshot, SessionSnapshotSchema } from '@shared/contracts/session';
import { SIGNED_OUT } from '@shared/session/snapshot';
import { type BackgroundHandlers, checked, type MessageSenderLike } from './requests';

export interface SessionHubOptions {
  /** This extension's id and the origin of its pages (chrome-extension://<id>). */
  extensionId: string;
  extensionOrigin: string;
  /** The console's origin: only the bridge running there may exchange the session. */
  consoleOrigin: string;
  /** The background's storage (browser.storage.local in the extension). */
  storage: { get(key: string): Promise<unknown>; set(key: string, value: unknown): Promise<void> };
  /** Tells the console tabs and the extension pages about a new snapshot. */
  broadcast(snapshot: SessionSnapshot): Promise<void>;
}

const SESSION_KEY = 'session';
const LANGUAGE_KEY = 'language';

/** scheme://host[:port] of a URL; spelled out because URL.origin is "null" for chrome-extension: outside Chrome. */
export function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.host ? `${parsed.protocol}//${parsed.host}` : null;
  } catch {
    return null;
  }
}

/**
 * Who may read or write the session: the extension's own pages (popup, side panel), and the
 * bridge content script in the top frame of a console tab. Content scripts on supplier sites,
 * frames, and anything from another extension get nothing.
 */
export function senderRole(
  sender: MessageSenderLike,
  options: Pick<SessionHubOptions, 'extensionId' | 'extensionOrigin' | 'consoleOrigin'>,
): 'extension-page' | 'console-bridge' | null {
  if (sender.id !== options.extensionId) return null;
  if (originOf(sender.url) === options.extensionOrigin) return 'extension-page';
  const origin = sender.origin ?? originOf(sender.url);
  if (origin === options.consoleOrigin && sender.tab !== undefined && sender.frameId === 0) {
    return 'console-bridge';
  }
  return null;
}

type HubHandlers = Pick<
  BackgroundHandlers,
  'session:get' | 'session:put' | 'language:get' | 'language:put'
>;

/**
 * The background's keeper of the one session. It answers `session:get`, takes a `session:put`
 * only when the snapshot is newer than the one it holds, and broadcasts every change, so a
 * sign-in or sign-out on either side reaches the other. It also keeps the console's interface
 * language, so the popup and side panel speak it too. Only the extension's pages and the console
 * bridge are answered.
 */
export function createSessionHub(options: SessionHubOptions): HubHandlers {
  async function held(): Promise<SessionSnapshot> {
    const stored = SessionSnapshotSchema.safeParse(await options.storage.get(SESSION_KEY));
    return stored.success ? stored.data : SIGNED_OUT;
  }
  function trusted(sender: MessageSenderLike): void {
    if (!senderRole(sender, options)) throw new RefusedError('forbidden');
  }

  return {
    'session:get': async (_data, sender) => {
      trusted(sender);
      return held();
    },
    'session:put': async (data, sender) => {
      trusted(sender);
      const incoming = checked(RequestDataSchemas.session, data);
      const current = await held();
      if (incoming.updatedAt <= current.updatedAt) return current;
      await options.storage.set(SESSION_KEY, incoming);
      await options.broadcast(incoming);
      return incoming;
    },
    'language:get': async (_data, sender) => {
      trusted(sender);
      const language = await options.storage.get(LANGUAGE_KEY);
      return (LANGUAGES as readonly unknown[]).includes(language) ? (language as Language) : null;
    },
    'language:put': async (data, sender) => {
      trusted(sender);
      const language = checked(RequestDataSchemas.language, data);
      await options.storage.set(LANGUAGE_KEY, language);
      return language;
    },
  };
}
