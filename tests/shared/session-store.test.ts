import type { Session, SessionSnapshot } from '@shared/contracts/session';
import type { SessionPort } from '@shared/session/port';
import { SIGNED_OUT } from '@shared/session/snapshot';
import { createSessionStore, whenHydrated } from '@shared/session/store';
import { describe, expect, it } from 'vitest';
import { demoSession, demoUser } from '../support/fixtures';

const user = demoUser;
const session: Session = demoSession();

function memoryPort(initial: SessionSnapshot = SIGNED_OUT) {
  const saved: SessionSnapshot[] = [];
  let listener: ((snapshot: SessionSnapshot) => void) | undefined;
  const port: SessionPort = {
    load: () => initial,
    save: (snapshot) => {
      saved.push(snapshot);
    },
    subscribe: (l) => {
      listener = l;
      return () => undefined;
    },
  };
  return { port, saved, push: (snapshot: SessionSnapshot) => listener?.(snapshot) };
}

describe('session store', () => {
  it('hydrates from its port and saves every change with a later time', () => {
    let now = 1000;
    const { port, saved } = memoryPort({ session, updatedAt: 5000 });
    const store = createSessionStore(port, () => now);
    expect(store.getState().hydrated).toBe(true);
    expect(store.getState().snapshot).toEqual({ session, updatedAt: 5000 });
    // The clock is behind the stored time: a sign-out must still be newer.
    store.getState().signOut();
    expect(store.getState().snapshot).toEqual({ session: null, updatedAt: 5001 });
    now = 9000;
    store.getState().signIn(session);
    expect(saved).toEqual([
      { session: null, updatedAt: 5001 },
      { session, updatedAt: 9000 },
    ]);
  });

  it('adopts only newer snapshots, from elsewhere or from its port', () => {
    const { port, push } = memoryPort({ session, updatedAt: 100 });
    const store = createSessionStore(port, () => 50);
    expect(store.getState().adopt({ session: null, updatedAt: 100 })).toBe(false);
    expect(store.getState().adopt({ session: null, updatedAt: 99 })).toBe(false);
    expect(store.getState().snapshot.session).toEqual(session);
    push({ session: null, updatedAt: 101 });
    expect(store.getState().snapshot).toEqual({ session: null, updatedAt: 101 });
  });

  it('waits for an asynchronous port before it reports hydrated', async () => {
    const port: SessionPort = {
      load: () => Promise.resolve({ session, updatedAt: 7 }),
      save: () => undefined,
    };
    const store = createSessionStore(port);
    expect(store.getState().hydrated).toBe(false);
    await whenHydrated(store);
    expect(store.getState().snapshot.updatedAt).toBe(7);
  });

  it('replaces the cached user without touching token or routes', () => {
    const { port } = memoryPort({ session, updatedAt: 1 });
    const store = createSessionStore(port, () => 10);
    store.getState().updateUser({ ...user, balance: 12_345 });
    expect(store.getState().snapshot.session).toEqual({
      ...session,
      user: { ...user, balance: 12_345 },
    });
  });
});
