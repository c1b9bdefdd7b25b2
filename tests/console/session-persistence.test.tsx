import { connectExtensionBridge } from '@console/platform/extension-bridge';
import type { Session, SessionSnapshot } from '@shared/contracts/session';
import { BRIDGE_CHANNEL } from '@shared/session/bridge-channel';
import { createSessionStore, whenHydrated } from '@shared/session/store';
import { createWebSessionPort, writeCookie } from '@shared/session/web-port';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { demoSession, demoUser } from '../support/fixtures';

const user = demoUser;
const session: Session = demoSession('tok/with=chars');
const port = () => createWebSessionPort(window, { tokenMaxAgeSeconds: 60 });

/** A new page load: a store on a fresh port, once it has read the cookie and the cache. */
async function reload() {
  const store = createSessionStore(port());
  await whenHydrated(store);
  return store.getState().snapshot;
}

describe('web session port', () => {
  it('keeps the token in the access_token cookie and routes with userInfo in localStorage', async () => {
    const store = createSessionStore(port(), () => 1000);
    store.getState().signIn(session);
    expect(document.cookie).toContain(`access_token=${encodeURIComponent(session.token)}`);
    expect(JSON.parse(localStorage.getItem('cmp-session') ?? '{}')).toEqual({
      updatedAt: 1000,
      routes: session.routes,
      user,
      onboarded: true,
    });
    expect(await reload()).toEqual({ session, updatedAt: 1000 });
  });

  it('restores nothing without the token cookie, or without the cached routes', async () => {
    const store = createSessionStore(port(), () => 1000);
    store.getState().signIn(session);
    writeCookie(document, 'access_token', null);
    expect((await reload()).session).toBeNull();
    store.getState().signIn(session);
    localStorage.setItem('cmp-session', JSON.stringify({ updatedAt: 1, routes: null, user }));
    expect((await reload()).session).toBeNull();
    localStorage.setItem('cmp-session', '{not json');
    expect((await reload()).session).toBeNull();
  });

  it('is signed out at once when nothing is cached, without loading the cache checker', () => {
    const store = createSessionStore(port());
    expect(store.getState().hydrated).toBe(true);
    expect(store.getState().snapshot.session).toBeNull();
  });

  it('follows a sign-out made in another tab', async () => {
    const store = createSessionStore(port(), () => 1000);
    store.getState().signIn(session);
    localStorage.setItem(
      'cmp-session',
      JSON.stringify({ updatedAt: 2000, routes: null, user: null }),
    );
    writeCookie(document, 'access_token', null);
    window.dispatchEvent(new StorageEvent('storage', { key: 'cmp-session' }));
    await waitFor(() =>
      expect(store.getState().snapshot).toEqual({ session: null, updatedAt: 2000 }),
    );
  });
});

describe('console half of the extension bridge', () => {
  /**
   * The console's bridge messages from now on. Posted messages arrive later, in order: those a
   * test before this one posted come before a marker posted now, and are left out.
   */
  async function bridgeMessages() {
    const seen: unknown[] = [];
    const marker = `start-${Math.random()}`;
    let started: () => void = () => undefined;
    const ready = new Promise<void>((resolve) => {
      started = resolve;
    });
    let counting = false;
    const listener = (event: MessageEvent) => {
      if (event.data === marker) {
        counting = true;
        started();
      } else if (
        counting &&
        event.data?.channel === BRIDGE_CHANNEL &&
        event.data.from === 'console'
      )
        seen.push(event.data);
    };
    window.addEventListener('message', listener);
    window.postMessage(marker, window.location.origin);
    await ready;
    return { seen, stop: () => window.removeEventListener('message', listener) };
  }
  const fromExtension = (message: Record<string, unknown>) =>
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { channel: BRIDGE_CHANNEL, from: 'extension', ...message },
        origin: window.location.origin,
        source: window,
      }),
    );

  it('announces its snapshot on start and on every change, and answers a request with it and its language', async () => {
    const store = createSessionStore(port(), () => 5000);
    const messages = await bridgeMessages();
    const disconnect = connectExtensionBridge(window, store, 'th');
    await waitFor(() => expect(messages.seen).toHaveLength(1));
    store.getState().signIn(session);
    await waitFor(() => expect(messages.seen).toHaveLength(2));
    fromExtension({ type: 'request-snapshot' });
    await waitFor(() => expect(messages.seen).toHaveLength(4));
    expect(messages.seen[2]).toMatchObject({
      type: 'snapshot',
      snapshot: { session, updatedAt: 5000 },
    });
    expect(messages.seen[3]).toEqual({
      channel: BRIDGE_CHANNEL,
      from: 'console',
      type: 'language',
      language: 'th',
    });
    disconnect();
    messages.stop();
  });

  it('adopts a newer snapshot from the extension and ignores older, foreign or malformed ones', () => {
    const store = createSessionStore(port(), () => 5000);
    store.getState().signIn(session);
    const disconnect = connectExtensionBridge(window, store, 'th');
    const older: SessionSnapshot = { session: null, updatedAt: 4000 };
    fromExtension({ type: 'snapshot', snapshot: older });
    expect(store.getState().snapshot.session).toEqual(session);
    window.dispatchEvent(
      new MessageEvent('message', {
        data: {
          channel: BRIDGE_CHANNEL,
          from: 'extension',
          type: 'snapshot',
          snapshot: { session: null, updatedAt: 9000 },
        },
        origin: 'http://evil.example',
        source: window,
      }),
    );
    fromExtension({ type: 'snapshot', snapshot: { session: 'forged', updatedAt: 9000 } });
    expect(store.getState().snapshot.session).toEqual(session);
    fromExtension({ type: 'snapshot', snapshot: { session: null, updatedAt: 6000 } });
    expect(store.getState().snapshot).toEqual({ session: null, updatedAt: 6000 });
    expect(document.cookie).not.toContain('access_token=tok');
    disconnect();
  });
});

describe('bridge presence', () => {
  it('says hello, and connects the bridge when the extension answers, replaying what it said meanwhile', async () => {
    const { connectExtensionBridgeWhenPresent } = await import(
      '@console/platform/extension-presence'
    );
    const store = createSessionStore(port(), () => 5000);
    const fromConsole: unknown[] = [];
    const listen = (event: MessageEvent) => {
      if (event.data?.channel === BRIDGE_CHANNEL && event.data.from === 'console')
        fromConsole.push(event.data);
    };
    window.addEventListener('message', listen);
    const stop = connectExtensionBridgeWhenPresent(window, store, 'zh');
    // Earlier tests' posts may still be in flight: look for the hello among whatever arrives.
    await waitFor(() =>
      expect(fromConsole).toContainEqual({
        channel: BRIDGE_CHANNEL,
        from: 'console',
        type: 'hello',
      }),
    );
    const send = (data: Record<string, unknown>) =>
      window.dispatchEvent(
        new MessageEvent('message', {
          data: { channel: BRIDGE_CHANNEL, from: 'extension', ...data },
          origin: window.location.origin,
          source: window,
        }),
      );
    send({ type: 'snapshot', snapshot: { session, updatedAt: 7000 } });
    send({ type: 'request-snapshot' });
    await waitFor(() => expect(store.getState().snapshot).toEqual({ session, updatedAt: 7000 }));
    await waitFor(() =>
      expect(fromConsole).toContainEqual({
        channel: BRIDGE_CHANNEL,
        from: 'console',
        type: 'language',
        language: 'zh',
      }),
    );
    stop();
    window.removeEventListener('message', listen);
  });
});
