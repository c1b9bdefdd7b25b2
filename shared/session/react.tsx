import { createContext, type ReactNode, useContext } from 'react';
import { useStore } from 'zustand';
import type { Session } from '../contracts/session';
import { type SessionStore, selectSession } from './store';

const SessionContext = createContext<SessionStore | null>(null);

export function SessionProvider({ store, children }: { store: SessionStore; children: ReactNode }) {
  return <SessionContext.Provider value={store}>{children}</SessionContext.Provider>;
}

export function useSessionStore(): SessionStore {
  const store = useContext(SessionContext);
  if (!store) throw new Error('useSessionStore needs a SessionProvider');
  return store;
}

/** The current session, or null when signed out; re-renders when it changes. */
export function useSession(): Session | null {
  return useStore(useSessionStore(), selectSession);
}
