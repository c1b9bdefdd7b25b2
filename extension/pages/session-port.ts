import { backgroundMessenger, onNotice } from '@extension/messaging/messengers';
import type { SessionPort } from '@shared/session/port';
import { SIGNED_OUT } from '@shared/session/snapshot';

/** The session of an extension page (popup, side panel): held by the background, changes pushed back. */
export function createExtensionSessionPort(): SessionPort {
  return {
    load: () => backgroundMessenger.sendMessage('session:get').catch(() => SIGNED_OUT),
    save: async (snapshot) => {
      await backgroundMessenger.sendMessage('session:put', snapshot);
    },
    subscribe: (listener) => onNotice('session:changed', listener),
  };
}
