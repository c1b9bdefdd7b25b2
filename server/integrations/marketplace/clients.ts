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
  deps: { fetch: typeof fetch; now: () => Date; transport?: Partial<TransportOptions> },
): MarketplaceClients {
  const transport = createTransport({ fetch: deps.fetch, ...deps.transport });
  const common = { transport, now: deps.now };
  return {
    lazada: createLazadaClient(config.lazada, common),
    shopee: createShopeeClient(config.shopee, common),
    tiktok: createTiktokClient(config.tiktok, common),
  };
}
