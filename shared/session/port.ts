import type { SessionSnapshot } from '../contracts/session';

/**
 * Where a session lives between page loads. The console keeps it in a cookie and localStorage;
 * the extension keeps it in the background's storage. `subscribe` reports changes made elsewhere
 * (another tab, the other program).
 */
export interface SessionPort {
  load(): SessionSnapshot | Promise<SessionSnapshot>;
  save(snapshot: SessionSnapshot): void | Promise<void>;
  subscribe?(listener: (snapshot: SessionSnapshot) => void): () => void;
}
