import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Session, SessionSnapshot } from '../contracts/session';
import type { UserInfo } from '../contracts/users';
import type { SessionPort } from './port';
import { SIGNED_OUT } from './snapshot';

export interface SessionState {
  snapshot: SessionSnapshot;
  /** False until the port has been read once. */
  hydrated: boolean;
  signIn(session: Session): void;
  signOut(): void;
  /** Takes a snapshot from elsewhere when it is newer than ours; returns whether it did. */
  adopt(snapshot: SessionSnapshot): boolean;
  /** Replaces the cached userInfo (after a profile change or a refresh). */
  updateUser(user: UserInfo): void;
  /** Records that the account finished onboarding. */
  markOnboarded(): void;
}

export type SessionStore = StoreApi<SessionState>;

/**
 * The one session of a program, a vanilla zustand store persisted through a port. A change made
 * here gets a later timestamp than anything seen, so it wins wherever it travels.
 */
export function createSessionStore(port: SessionPort, now: () => number = Date.now): SessionStore {
  const store = createStore<SessionState>()((set, get) => {
    const commit = (session: Session | null) => {
      const updatedAt = Math.max(now(), get().snapshot.updatedAt + 1);
      const snapshot = { session, updatedAt };
      set({ snapshot });
      void port.save(snapshot);
    };
    return {
      snapshot: SIGNED_OUT,
      hydrated: false,
      signIn: (session) => commit(session),
      signOut: () => commit(null),
      adopt: (snapshot) => {
        if (snapshot.updatedAt <= get().snapshot.updatedAt) return false;
        set({ snapshot });
        void port.save(snapshot);
        return true;
      },
      updateUser: (user) => {
        const current = get().snapshot.session;
        if (current) commit({ ...current, user });
      },
      markOnboarded: () => {
        const current = get().snapshot.session;
        if (current && !current.onboarded) commit({ ...current, onboarded: true });
      },
    };
  });

  const loaded = port.load();
  const finish = (snapshot: SessionSnapshot) => {
    if (snapshot.updatedAt >= store.getState().snapshot.updatedAt) store.setState({ snapshot });
    store.setState({ hydrated: true });
  };
  if (loaded instanceof Promise) void loaded.then(finish, () => store.setState({ hydrated: true }));
  else finish(loaded);
  port.subscribe?.((snapshot) => store.getState().adopt(snapshot));
  return store;
}

/** Resolves once the store has read its port. */
export function whenHydrated(store: SessionStore): Promise<void> {
  if (store.getState().hydrated) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = store.subscribe((state) => {
      if (state.hydrated) {
        stop();
        resolve();
      }
    });
  });
}

export const selectSession = (state: SessionState) => state.snapshot.session;
