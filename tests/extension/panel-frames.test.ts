import { createCollectService } from '@entrypoints/background/collect-service';
import {
  createPanelFrames,
  guardFramedPanels,
  PANEL_NONCE_TTL_MS,
} from '@entrypoints/background/panel-frames';
import type { MessageSenderLike } from '@entrypoints/background/requests';
import { createSessionHub } from '@entrypoints/background/session-hub';
import type { BulkQueue } from '@extension/messaging/schemas';
import type { SessionSnapshot } from '@shared/contracts/session';
import { describe, expect, it } from 'vitest';
import { refused } from '../support/extension-messaging';
import { demoUser } from '../support/fixtures';

/**
 * The side panel page framed in a tab: the collector's in-page panel (browsers without a side
 * panel) is admitted with the nonce its content script got from `panel:open`; any other framing
 * of an extension page (a supplier's page putting the side panel in a frame of its own) is
 * answered nothing.
 */

const ids = {
  extensionId: 'abcdefghijklmnop',
  extensionOrigin: 'chrome-extension://abcdefghijklmnop',
  consoleOrigin: 'http://localhost:8080',
};
const OFFER = 'https://detail.1688.com/offer/612345678901.html';

/** The collector's content script on a 1688 offer over https, in tab 7. */
const offerPage = {
  id: ids.extensionId,
  url: OFFER,
  origin: 'https://detail.1688.com',
  frameId: 0,
  tab: { id: 7, url: OFFER },
};
/** The side panel page in a frame of tab 7. */
const framedPanel = {
  id: ids.extensionId,
  url: `${ids.extensionOrigin}/sidepanel.html?tab=7&inpage=1`,
  frameId: 4,
  tab: { id: 7, url: OFFER },
};
const popup = { id: ids.extensionId, url: `${ids.extensionOrigin}/popup.html` };
/** The side panel page opened in a tab of its own (the popup does so where there is no side panel). */
const panelTab = {
  id: ids.extensionId,
  url: `${ids.extensionOrigin}/sidepanel.html?tab=7`,
  frameId: 0,
  tab: { id: 12, url: `${ids.extensionOrigin}/sidepanel.html?tab=7` },
};

const signedIn: SessionSnapshot = {
  session: { token: 'tok', routes: [], user: demoUser, onboarded: true },
  updatedAt: 1,
};
const queue: BulkQueue = { state: 'idle', items: [], nextAt: null };

function setup(options: { sidePanel?: boolean } = {}) {
  let now = 1_000_000;
  let issued = 0;
  let records: unknown;
  const panels = createPanelFrames({
    storage: {
      get: async () => records,
      set: async (next) => {
        records = structuredClone(next);
      },
    },
    now: () => now,
    nonce: () => `nonce-${String(++issued).padStart(26, '0')}`,
  });
  const stored = new Map<string, unknown>([['session', signedIn]]);
  const hub = createSessionHub({
    ...ids,
    storage: {
      get: async (key) => stored.get(key),
      set: async (key, value) => {
        stored.set(key, value);
      },
    },
    broadcast: async () => undefined,
  });
  const service = createCollectService({
    ids,
    session: async () => signedIn,
    storedLanguage: async () => null,
    language: async () => 'en',
    collectApi: () => ({
      collect: async () => ({ records: [] }),
      claim: async () => ({ products: [] }),
    }),
    fetchDescription: async () => null,
    readTab: async () => ({ ok: false, failure: 'notProduct', missing: [] }),
    targetTab: async (_sender, tabId) => tabId ?? 7,
    recent: { get: async () => [], set: async () => undefined },
    sidePanel: options.sidePanel ?? false,
    panels,
    bulk: {
      add: async () => queue,
      get: async () => queue,
      pause: async () => queue,
      resume: async () => queue,
      clear: async () => queue,
    },
    now: () => new Date('2026-11-21T10:00:00.000Z'),
  });
  const handlers = guardFramedPanels({ ...hub, ...service.handlers }, { ids, panels });
  const open = (sender: MessageSenderLike = offerPage) => handlers['panel:open'](undefined, sender);
  const attach = (data: unknown, sender: MessageSenderLike = framedPanel) =>
    handlers['panel:attach'](data, sender);
  return {
    handlers,
    panels,
    open,
    attach,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe('panel:open', () => {
  it('gives a source page over https its tab and a fresh nonce, where the browser has no side panel', async () => {
    const { open } = setup();
    const first = await open();
    expect(first).toEqual({ tabId: 7, nonce: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/) });
    expect((await open()).nonce).not.toBe(first.nonce);
  });

  it('refuses where the browser has a side panel, on a page over http, and to anyone else', async () => {
    await expect(setup({ sidePanel: true }).open()).rejects.toMatchObject(refused('forbidden'));
    const { open } = setup();
    const overHttp = {
      ...offerPage,
      url: 'http://detail.1688.com/offer/612345678901.html',
      origin: 'http://detail.1688.com',
    };
    for (const sender of [overHttp, popup, framedPanel, { ...offerPage, frameId: 2 }])
      await expect(open(sender)).rejects.toMatchObject(refused('forbidden'));
  });
});

describe('a framed side panel page', () => {
  it('is answered nothing until it hands back its tab’s nonce', async () => {
    const { handlers, open, attach } = setup();
    for (const type of ['session:get', 'language:get', 'collect:recent', 'bulk:get'] as const)
      await expect(handlers[type](undefined, framedPanel)).rejects.toMatchObject(
        refused('forbidden'),
      );
    await expect(
      handlers['collect:claim']({ id: 'row-1', shopIds: ['s1'] }, framedPanel),
    ).rejects.toMatchObject(refused('forbidden'));
    // The popup and the side panel on pages of their own are not held back.
    await expect(handlers['session:get'](undefined, popup)).resolves.toEqual(signedIn);
    await expect(handlers['session:get'](undefined, panelTab)).resolves.toEqual(signedIn);

    const { nonce } = await open();
    await expect(attach({ tabId: 7, nonce: 'x'.repeat(32) })).rejects.toMatchObject(
      refused('forbidden'),
    );
    await expect(attach({ tabId: 7, nonce: 'short' })).rejects.toMatchObject(refused('invalid'));
    await expect(attach({ tabId: 8, nonce })).rejects.toMatchObject(refused('forbidden'));
    await expect(attach({ tabId: 7, nonce })).resolves.toEqual({ tabId: 7 });

    await expect(handlers['session:get'](undefined, framedPanel)).resolves.toEqual(signedIn);
    await expect(handlers['collect:extract']({ tabId: 7 }, framedPanel)).resolves.toMatchObject({
      ok: false,
    });
    // Admitted for its own tab only.
    await expect(handlers['collect:extract']({ tabId: 9 }, framedPanel)).rejects.toMatchObject(
      refused('forbidden'),
    );
    await expect(handlers['collect:tab']({ tabId: 9 }, framedPanel)).rejects.toMatchObject(
      refused('forbidden'),
    );
  });

  it('spends the nonce once: another frame of the tab cannot use it again', async () => {
    const { handlers, open, attach } = setup();
    const { nonce } = await open();
    await attach({ tabId: 7, nonce });
    const another = { ...framedPanel, frameId: 9 };
    await expect(attach({ tabId: 7, nonce }, another)).rejects.toMatchObject(refused('forbidden'));
    await expect(handlers['session:get'](undefined, another)).rejects.toMatchObject(
      refused('forbidden'),
    );
    await expect(handlers['session:get'](undefined, framedPanel)).resolves.toEqual(signedIn);
  });

  it('refuses a late nonce, a tab over http or of another site, and a framed page other than the side panel', async () => {
    const { open, attach, advance } = setup();
    const late = await open();
    advance(PANEL_NONCE_TTL_MS);
    await expect(attach({ tabId: 7, nonce: late.nonce })).rejects.toMatchObject(
      refused('forbidden'),
    );

    const { nonce } = await open();
    const framedIn = (url: string) => ({ ...framedPanel, tab: { id: 7, url } });
    for (const sender of [
      framedIn('http://detail.1688.com/offer/612345678901.html'),
      framedIn('https://supplier.example/offer/1.html'),
      { ...framedPanel, url: `${ids.extensionOrigin}/popup.html` },
      { ...framedPanel, frameId: 0 },
      { ...framedPanel, id: 'another-extension' },
    ])
      await expect(attach({ tabId: 7, nonce }, sender)).rejects.toMatchObject(refused('forbidden'));
    // None of those spent it.
    await expect(attach({ tabId: 7, nonce })).resolves.toEqual({ tabId: 7 });
  });

  it('is held back again once the page opens a new panel or the tab closes', async () => {
    const { handlers, panels, open, attach } = setup();
    await attach({ tabId: 7, nonce: (await open()).nonce });
    await open();
    await expect(handlers['session:get'](undefined, framedPanel)).rejects.toMatchObject(
      refused('forbidden'),
    );
    await attach({ tabId: 7, nonce: (await open()).nonce });
    await panels.forget(7);
    await expect(handlers['session:get'](undefined, framedPanel)).rejects.toMatchObject(
      refused('forbidden'),
    );
  });

  it('is refused where the browser has a side panel (no in-page panel is ever needed there)', async () => {
    const { attach } = setup({ sidePanel: true });
    await expect(attach({ tabId: 7, nonce: 'n'.repeat(32) })).rejects.toMatchObject(
      refused('forbidden'),
    );
  });
});
