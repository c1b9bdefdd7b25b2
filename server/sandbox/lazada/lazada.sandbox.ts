import { Hono } from 'hono';
import type { SandboxMarketplaceOptions, SandboxPlatform } from '../marketplace/platform';
import { lazadaApiRoutes } from './lazada.api';
import { lazadaConsentRoutes } from './lazada.consent';
import {
  buildLazadaOrder,
  buildLazadaProduct,
  LAZADA_ORDER_STATUSES,
  LAZADA_PRODUCT_STATUSES,
  LAZADA_SELLERS,
  withLazadaOrderStatus,
} from './lazada.data';

/**
 * Lazada in the sandbox, mounted under /lazada: the consent page under /auth/oauth/authorize, the
 * token APIs under /auth/rest, and each venture's seller APIs under /api/<country>/rest.
 */
export const lazadaSandbox: SandboxPlatform = {
  platform: 'lazada',
  orderStatuses: LAZADA_ORDER_STATUSES,
  productStatuses: LAZADA_PRODUCT_STATUSES,
  sellers: LAZADA_SELLERS,
  buildOrder: buildLazadaOrder,
  withOrderStatus: withLazadaOrderStatus,
  buildProduct: buildLazadaProduct,
  createApp(options: SandboxMarketplaceOptions) {
    const app = new Hono();
    app.route('/', lazadaConsentRoutes(options));
    app.route('/', lazadaApiRoutes(options));
    return app;
  },
};
