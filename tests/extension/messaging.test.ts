import { createCollectService } from '@entrypoints/background/collect-service';
import { createPanelFrames, guardFramedPanels } from '@entrypoints/background/panel-frames';
import { serveRequests } from '@entrypoints/background/serve';
import { createSessionHub } from '@entrypoints/background/session-hub';
import { backgroundMessenger } from '@extension/messaging/messengers';
import type { BulkQueue } from '@extension/messaging/schemas';
import type { SessionSnapshot } from '@shared/contracts/session';
import { SIGNED_OUT } from '@shared/session/snapshot';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { refused } from '../support/extension-messaging';
import { demoUser } from '../support/fixtures';

/**
 * The background's requests over the real messengers, on a stand-in for webextension-polyfill's
 * runtime: each listener hears the message with its sender, the first that answers with a
 * promise answers. The sender of the next message is set by each test.
 */
const fake = vi.hoisted(() => {
  type Listener = (message: unknown, sender: unknown) => unknown;
  const listeners = new Set<Listener>();
  const state = { sender: {} as unknown };
  const browser = {
    runtime: {
      id: 'abcdefghijklmnop',
      sendMessage: async (message: unknown) => {
        for (const listener of [...listeners]) {
          const answer = listener(structuredClone(message), state.sender);
          if (answer instanceof Promise) return structuredClone(await answer);
        }
        return undefined;
      },
      onMessage: {
        addListener: (listener: Listener) => listeners.add(listener),
        removeListener: (listener: Listener) => listeners.delete(listener),
      },
    },
  };
  return { browser, listeners, state };
});
vi.mock('webextension-polyfill', () => ({ default: fake.browser }));

const ids = {
  extensionId: 'abcdefghijklmnop',
  extensionOrigin: 'chrome-extension://abcdefghijklmnop',
  consoleOrigin: 'http://localhost:8080',
};
const popup = { id: ids.extensionId, url: `${ids.extensionOrigin}/popup.html` };
const bridge = {
  id: ids.extensionId,
  url: 'http://localhost:8080/cmp/login',
  origin: 'http://localhost:8080',
  frameId: 0,
  tab: { id: 4 },
};
const offerPage = {
  id: ids.extensionId,
  url: 'https://detail.1688.com/offer/612345678901.html',
  origin: 'https://detail.1688.com',
  frameId: 0,
  tab: { id: 7 },
};
const signedIn: SessionSnapshot = {
  session: { token: 'tok', routes: [], user: demoUser, onboarded: true },
  updatedAt: 2000,
};
const queue: BulkQueue = { state: 'idle', items: [], nextAt: null };

const storage = new Map<string, unknown>([['session', signedIn]]);
const broadcasts: SessionSnapshot[] = [];

beforeAll(() => {
  let records: unknown;
  const panels = createPanelFrames({
    storage: {
      get: async () => records,
      set: async (next) => {
        records = structuredClone(next);
      },
    },
    now: () => Date.now(),
    nonce: () => 'n'.repeat(32),
  });
  const hub = createSessionHub({
    ...ids,
    storage: {
      get: async (key) => storage.get(key),
      set: async (key, value) => {
        storage.set(key, value);
      },
    },
    broadcast: async (snapshot) => {
      broadcasts.push(snapshot);
    },
  });
  const collector = createCollectService({
    ids,
    session: async () => (storage.get('session') as SessionSnapshot | undefined) ?? SIGNED_OUT,
    storedLanguage: async () => null,
    language: async () => 'en',
    collectApi: () => ({
      collect: async () => ({ records: [] }),
      claim: async () => ({ products: [] }),
    }),
    fetchDescription: async () => null,
    readTab: async () => null,
    targetTab: async (_sender, tabId) => tabId ?? null,
    recent: { get: async () => [], set: async () => undefined },
    sidePanel: true,
    panels,
    bulk: {
      add: async () => ({ ...queue, state: 'running' }),
      get: async () => queue,
      pause: async () => queue,
      resume: async () => queue,
      clear: async () => queue,
    },
    now: () => new Date('2026-11-21T10:00:00.000Z'),
  });
  serveRequests(guardFramedPanels({ ...hub, ...collector.handlers }, { ids, panels }));
});

describe('background requests over the messengers', () => {
  it('answers each request with its typed reply, to the senders allowed', async () => {
    fake.state.sender = popup;
    await expect(backgroundMessenger.sendMessage('session:get')).resolves.toEqual(signedIn);
    await expect(backgroundMessenger.sendMessage('bulk:get')).resolves.toEqual(queue);
    await expect(backgroundMessenger.sendMessage('collect:extract', { tabId: 9 })).resolves.toEqual(
      { ok: false, failure: 'notProduct', missing: [] },
    );
    fake.state.sender = offerPage;
    await expect(backgroundMessenger.sendMessage('collect:context')).resolves.toEqual({
      language: null,
      sidePanel: true,
    });
    fake.state.sender = bridge;
    const newer = { session: null, updatedAt: 2001 };
    await expect(backgroundMessenger.sendMessage('session:put', newer)).resolves.toEqual(newer);
    expect(broadcasts).toEqual([newer]);
  });

  it('refuses, as a rejection, a sender without the right and data it cannot take', async () => {
    fake.state.sender = offerPage;
    // A content script on a supplier site never sees the session.
    await expect(backgroundMessenger.sendMessage('session:get')).rejects.toMatchObject(
      refused('forbidden'),
    );
    await expect(backgroundMessenger.sendMessage('bulk:pause')).rejects.toMatchObject(
      refused('forbidden'),
    );
    // The side panel page framed by a supplier's page: no admitted in-page panel, nothing at all.
    fake.state.sender = {
      ...popup,
      url: `${ids.extensionOrigin}/sidepanel.html?tab=7&inpage=1`,
      tab: { id: 7, url: 'https://detail.1688.com/offer/612345678901.html' },
      frameId: 3,
    };
    await expect(backgroundMessenger.sendMessage('session:get')).rejects.toMatchObject(
      refused('forbidden'),
    );
    fake.state.sender = { ...popup, id: 'another-extension' };
    await expect(backgroundMessenger.sendMessage('collect:recent')).rejects.toMatchObject(
      refused('forbidden'),
    );
    fake.state.sender = popup;
    await expect(
      backgroundMessenger.sendMessage('session:put', { session: 'x', updatedAt: 1 } as never),
    ).rejects.toMatchObject(refused('invalid'));
    await expect(
      backgroundMessenger.sendMessage('collect:claim', { id: 'row-1', shopIds: [] }),
    ).rejects.toMatchObject(refused('invalid'));
  });

  it('leaves unanswered what is no request of the protocol', async () => {
    fake.state.sender = popup;
    const [listener] = fake.listeners;
    const unknown = { id: 1, type: 'session:drop', data: undefined, timestamp: Date.now() };
    expect(listener?.(unknown, popup)).toBeUndefined();
    // Not a message of the messengers at all (another library's, or a stranger's).
    expect(listener?.({ type: 'session:get' }, popup)).toBeUndefined();
    await expect(
      (backgroundMessenger.sendMessage as (type: string) => Promise<unknown>)('session:drop'),
    ).rejects.toThrow('No response');
  });
});
