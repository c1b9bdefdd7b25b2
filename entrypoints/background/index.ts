import { extensionConfig } from '@extension/config';
import { notify } from '@extension/messaging/messengers';
import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { startCollectorBackground } from './collector';
import { guardFramedPanels } from './panel-frames';
import { serveRequests } from './serve';
import { createSessionHub, originOf } from './session-hub';

export default defineBackground(() => {
  // Keep the session out of reach of content scripts where the browser allows it (Chrome 102+).
  void browser.storage.local
    .setAccessLevel?.({ accessLevel: 'TRUSTED_CONTEXTS' })
    ?.catch(() => undefined);

  const ids = {
    extensionId: browser.runtime.id,
    extensionOrigin: originOf(browser.runtime.getURL('/')) ?? '',
    consoleOrigin: extensionConfig.consoleOrigin,
  };

  const hub = createSessionHub({
    ...ids,
    storage: {
      get: async (key) => (await browser.storage.local.get(key))[key],
      set: (key, value) => browser.storage.local.set({ [key]: value }),
    },
    broadcast: async (snapshot) => {
      await notify('session:changed', snapshot);
      const tabs = await browser.tabs
        .query({ url: `${extensionConfig.consoleOrigin}/*` })
        .catch(() => []);
      await Promise.all(
        tabs.map((tab) =>
          tab.id === undefined ? undefined : notify('session:changed', snapshot, tab.id),
        ),
      );
    },
  });

  // Collecting: content scripts on source sites, the extension's pages and the console bridge.
  const collector = startCollectorBackground(ids);

  // Every request of the protocol, answered by the hub or the collector (to a framed extension
  // page only when it is an admitted in-page panel); listening starts now, synchronously, so that
  // the message that wakes a stopped background reaches it.
  serveRequests(
    guardFramedPanels({ ...hub, ...collector.handlers }, { ids, panels: collector.panels }),
  );
});
