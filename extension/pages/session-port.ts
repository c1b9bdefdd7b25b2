import {
  type HubRequest,
  type HubResponse,
  SessionChangedSchema,
} from '@extension/messaging/protocol';
import type { SessionPort } from '@shared/session/port';
import { SIGNED_OUT } from '@shared/session/snapshot';
import { browser } from 'wxt/browser';

/** One request to the background's hub. */
export async function ask(request: HubRequest): Promise<HubResponse> {
  return (await browser.runtime.sendMessage(request)) as HubResponse;
}

/** The session of an extension page (popup, side panel): held by the background, changes pushed back. */
export function createExtensionSessionPort(): SessionPort {
  return {
    load: async () => {
      const response = await ask({ type: 'session:get' });
      return response.ok && 'snapshot' in response ? response.snapshot : SIGNED_OUT;
    },
    save: async (snapshot) => {
      await ask({ type: 'session:put', snapshot });
    },
    subscribe: (listener) => {
      const onMessage = (message: unknown) => {
        const changed = SessionChangedSchema.safeParse(message);
        if (changed.success) listener(changed.data.snapshot);
      };
      browser.runtime.onMessage.addListener(onMessage);
      return () => browser.runtime.onMessage.removeListener(onMessage);
    },
  };
}
