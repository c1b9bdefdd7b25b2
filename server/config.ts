import { API_CLIENTS } from '@shared/contracts/protocol';

/** Everything the app needs to know beyond its database and clock. Built from env.ts in index.ts, given directly by tests. */
export interface AppConfig {
  session: {
    /** A session unused this long ends. */
    idleSeconds: number;
    /** A session ends this long after sign-in, used or not. */
    absoluteSeconds: number;
  };
  /** Registered API clients (basic client auth), id -> secret. */
  clients: Record<string, string>;
  /** Built console (Vite output) served under /cmp/, when present. */
  consoleDir?: string;
  /** Zipped extension served at /downloads/extension.zip, when present. */
  extensionZip?: string;
}

const DEFAULT_CLIENTS: Record<string, string> = Object.fromEntries(
  Object.values(API_CLIENTS).map((client) => [client.id, client.secret]),
);

export const defaultConfig: AppConfig = {
  session: { idleSeconds: 12 * 60 * 60, absoluteSeconds: 7 * 24 * 60 * 60 },
  clients: DEFAULT_CLIENTS,
};
