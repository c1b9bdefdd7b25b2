import { createSessionHub, senderRole } from '@entrypoints/background/session-hub';
import type { SessionSnapshot } from '@shared/contracts/session';
import { SIGNED_OUT } from '@shared/session/snapshot';
import { describe, expect, it } from 'vitest';
import { refused } from '../support/extension-messaging';
import { demoUser } from '../support/fixtures';

const ids = {
  extensionId: 'abcdefghijklmnop',
  extensionOrigin: 'chrome-extension://abcdefghijklmnop',
  consoleOrigin: 'http://localhost:8080',
};
const user = demoUser;
const signedIn: SessionSnapshot = {
  session: { token: 'tok', routes: [], user, onboarded: true },
  updatedAt: 2000,
};

const popup = { id: ids.extensionId, url: `${ids.extensionOrigin}/popup.html` };
const bridge = {
  id: ids.extensionId,
  url: 'http://localhost:8080/cmp/login',
  origin: 'http://localhost:8080',
  frameId: 0,
  tab: { id: 4 },
};

function hub(initial: unknown = null) {
  const storage = new Map<string, unknown>([['session', initial]]);
  const broadcasts: SessionSnapshot[] = [];
  const instance = createSessionHub({
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
  return { instance, broadcasts, stored: () => storage.get('session'), storage };
}

describe('senderRole', () => {
  it('knows the extension pages and the bridge on the console origin', () => {
    expect(senderRole(popup, ids)).toBe('extension-page');
    expect(senderRole({ ...popup, tab: { id: 9 } }, ids)).toBe('extension-page');
    expect(senderRole(bridge, ids)).toBe('console-bridge');
  });

  it.each([
    ['another extension', { ...popup, id: 'zzzzzzzzzzzzzzzz' }],
    [
      'a content script on a supplier site',
      { ...bridge, url: 'https://detail.1688.com/offer/1.html', origin: 'https://detail.1688.com' },
    ],
    [
      'the console on another port',
      { ...bridge, url: 'http://localhost:9090/cmp/', origin: 'http://localhost:9090' },
    ],
    ['a frame inside the console', { ...bridge, frameId: 3 }],
    ['a console page without a tab', { ...bridge, tab: undefined }],
    ['a sender with no id', { url: popup.url }],
  ])('refuses %s', (_name, sender) => {
    expect(senderRole(sender, ids)).toBeNull();
  });
});

describe('session hub', () => {
  it('hands the session to the popup and the bridge, and nothing to anyone else', async () => {
    const { instance } = hub(signedIn);
    await expect(instance['session:get'](undefined, popup)).resolves.toEqual(signedIn);
    await expect(instance['session:get'](undefined, bridge)).resolves.toEqual(signedIn);
    const stranger = {
      ...bridge,
      url: 'https://shopee.co.th/item',
      origin: 'https://shopee.co.th',
    };
    await expect(instance['session:get'](undefined, stranger)).rejects.toMatchObject(
      refused('forbidden'),
    );
  });

  it('keeps a newer snapshot and broadcasts it; ignores an older one', async () => {
    const { instance, broadcasts, stored } = hub(signedIn);
    const older = { session: null, updatedAt: 1999 };
    await expect(instance['session:put'](older, bridge)).resolves.toEqual(signedIn);
    expect(broadcasts).toEqual([]);
    const signedOut = { session: null, updatedAt: 2001 };
    await expect(instance['session:put'](signedOut, popup)).resolves.toEqual(signedOut);
    expect(stored()).toEqual(signedOut);
    expect(broadcasts).toEqual([signedOut]);
  });

  it('refuses malformed messages and starts signed out when storage holds nothing usable', async () => {
    const { instance, stored } = hub({ nonsense: true });
    await expect(
      instance['session:put']({ session: 'x', updatedAt: 1 }, popup),
    ).rejects.toMatchObject(refused('invalid'));
    // Nothing else is answered: the hub serves these four requests alone.
    expect(Object.keys(instance).sort()).toEqual([
      'language:get',
      'language:put',
      'session:get',
      'session:put',
    ]);
    await expect(instance['session:get'](undefined, popup)).resolves.toEqual(SIGNED_OUT);
    expect(stored()).toEqual({ nonsense: true });
  });
});

describe('interface language', () => {
  it('keeps the language the console announces, for the popup and side panel', async () => {
    const { instance } = hub();
    await expect(instance['language:get'](undefined, popup)).resolves.toEqual(null);
    await expect(instance['language:put']('th', bridge)).resolves.toEqual('th');
    await expect(instance['language:get'](undefined, popup)).resolves.toEqual('th');
    await expect(instance['language:put']('fr', bridge)).rejects.toMatchObject(refused('invalid'));
    const supplierPage = {
      ...bridge,
      url: 'https://detail.1688.com/offer/1.html',
      origin: 'https://detail.1688.com',
    };
    await expect(instance['language:put']('zh', supplierPage)).rejects.toMatchObject(
      refused('forbidden'),
    );
  });
});
