import { extensionConfig } from '@extension/config';
import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { startCollectorBackground } from './collector';
import { createSessionHub } from './session-hub';

export default defineBackground(() => {
  // Keep the session out of reach of content scripts where the browser allows it.
  void browser.storage.local
    .setAccessLevel?.({ accessLevel: 'TRUSTED_CONTEXTS' })
    .catch(() => undefined);

  const ids = {
    extensionId: browser.runtime.id,
    extensionOrigin: new URL(browser.runtime.getURL('/')).origin,
    consoleOrigin: extensionConfig.consoleOrigin,
  };

  const hub = createSessionHub({
    ...ids,
    storage: {
      get: async (key) => (await browser.storage.local.get(key))[key],
      set: (key, value) => browser.storage.local.set({ [key]: value }),
    },
    broadcast: async (snapshot) => {
      const message = { type: 'session:changed', snapshot } as const;
      await browser.runtime.sendMessage(message).catch(() => undefined);
      const tabs = await browser.tabs.query({ url: `${extensionConfig.consoleOrigin}/*` });
      await Promise.all(
        tabs.map((tab) =>
          tab.id === undefined
            ? undefined
            : browser.tabs.sendMessage(tab.id, message).catch(() => undefined),
        ),
      );
    },
  });

  // Collecting: content scripts on source sites, the extension's pages and the console bridge.
  const collector = startCollectorBackground(ids);

  // One listener: the collector's messages go to the collector, the others to the session hub.
  browser.runtime.onMessage.addListener((message, sender, sendResponse) => {
    const answer = collector.handles(message)
      ? collector.handle(message, sender)
      : hub.handle(message, sender);
    void answer.then(sendResponse, () => sendResponse({ ok: false, error: 'invalid' }));
    return true;
  });
});
