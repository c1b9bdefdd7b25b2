import type { Platform } from '@shared/contracts/shops';
import { createLazadaClient } from '../lazada/lazada.client';
import { createShopeeClient } from '../shopee/shopee.client';
import { createTiktokClient } from '../tiktok/tiktok.client';
import type { MarketplacesConfig } from './marketplace.config';
import type { MarketplaceClient } from './marketplace.types';
import { createTransport, type TransportOptions } from './transport';

export type MarketplaceClients = Record<Platform, MarketplaceClient>;

/** The three platform clients over one transport (retries, timeouts, per-shop rate limits). */
export function createMarketplaceClients(
  config: MarketplacesConfig,
  deps: {
    fetch: typeof fetch;
    now: () => Date;
    transport?: Partial<TransportOptions>;
    /** How a client waits between dependent calls (Shopee's 5 s before variations). */
    sleep?: (ms: number) => Promise<void>;
  },
): MarketplaceClients {
  const transport = createTransport({ fetch: deps.fetch, ...deps.transport });
  const common = { transport, now: deps.now };
  return {
    lazada: createLazadaClient(config.lazada, common),
    shopee: createShopeeClient(config.shopee, {
      ...common,
      ...(deps.sleep ? { sleep: deps.sleep } : {}),
    }),
    tiktok: createTiktokClient(config.tiktok, common),
  };
}
