import { planChannels } from '@server/channels';
import { type AppConfig, defaultConfig } from '@server/config';
import { readEnv } from '@server/env';
import { ALL_CREDENTIALS } from './channel-credentials';

/**
 * The app's configuration as server/index.ts builds it for a production server that runs no
 * sandbox: SANDBOX=0 and credentials for every channel (./channel-credentials.ts), so that
 * server/channels.ts gives every marketplace, payment provider and WeChat sign-in its real
 * platform's hosts, and no main-site stand-in. Tests give such an app an outbound fetch that
 * reaches nothing, as a server without network would see it.
 */
export function productionConfig(): Partial<AppConfig> {
  const channels = planChannels(readEnv({ ...ALL_CREDENTIALS, SANDBOX: '0' }), () => {
    throw new Error('every key is given inline');
  });
  if (
    channels.sandbox ||
    channels.payments.sandbox ||
    Object.values(channels.marketplaces.sandbox).some(Boolean)
  )
    throw new Error('the production configuration still has the sandbox play a channel');
  return {
    publicUrl: 'https://seller.example.com',
    wechat: channels.wechat,
    mainSite: channels.mainSite,
    marketplaces: channels.marketplaces,
    payments: channels.payments,
    shops: { ...defaultConfig.shops },
  };
}

/** Outbound calls of a server that reaches no one: each fails as an unreachable host does. */
export function unreachableFetch(seen: string[]): typeof fetch {
  return ((input: RequestInfo | URL) => {
    seen.push(input instanceof Request ? input.url : String(input));
    return Promise.reject(new TypeError('fetch failed'));
  }) as typeof fetch;
}
