import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { type AppConfig, defaultConfig } from './config';
import type { AppDeps, AppEnv } from './context';
import type { Database } from './db/client';
import {
  createMarketplaceClients,
  type MarketplaceClients,
} from './integrations/marketplace/clients';
import type { PaymentProviders } from './integrations/payments/payment-provider';
import { createPaymentProviders, paymentNotifyUrl } from './integrations/payments/payments.config';
import { createWechatClient } from './integrations/wechat/wechat.client';
import { proxyTrust } from './lib/client-address';
import { type Clock, sleep, systemClock } from './lib/clock';
import { AppError } from './lib/errors';
import { createLogger, type Logger } from './lib/logger';
import { createMailer } from './lib/mailer';
import { mountRoutes, type RouteMeta } from './lib/route';
import { clientOf } from './middleware/client-auth';
import { errorHandler, notFound } from './middleware/error-handler';
import { front, securityHeaders } from './middleware/front';
import { sessionOf } from './middleware/session';
import { actorAllows } from './modules/auth/auth.service';
import { ROUTES } from './routes';
import { mountStatic } from './static';

export interface CreateAppOptions {
  db: Database;
  clock?: Clock;
  config?: Partial<AppConfig>;
  logger?: Logger;
  /** Outbound HTTP to the platforms (tests route it to the sandbox in-process). */
  fetch?: typeof fetch;
  /** Marketplace clients made elsewhere (tests that script the platforms' answers). */
  marketplaces?: MarketplaceClients;
  /** Payment providers made elsewhere (tests that script the providers' answers). */
  payments?: PaymentProviders;
  /** Called when a shop is queued for sync, so the job runner starts at once. */
  kickJobs?: () => void;
}

const MB = 1024 * 1024;
const limit = (maxSize: number) =>
  bodyLimit({
    maxSize,
    onError: () => {
      throw new AppError('PAYLOAD_TOO_LARGE');
    },
  });
// Uploads (images and PDFs up to 2 MB) get room for the multipart framing; a payment provider's
// notification is a few kilobytes; everything else 1 MB.
const uploadLimit = limit(3 * MB);
// Product media: videos up to 30 MB.
const mediaLimit = limit(31 * MB);
const notifyLimit = limit(64 * 1024);
const defaultLimit = limit(MB);
const bodyLimitOf = (path: string) =>
  path === '/api-user/file/upload' || path === '/order/purchaseorder/attachment'
    ? uploadLimit
    : path === '/product/media/upload'
      ? mediaLimit
      : path.startsWith('/api-user/pay/notify/')
        ? notifyLimit
        : defaultLimit;

const HSTS = 'max-age=31536000';

/** Builds the clients on first use, so an app that never calls a marketplace never builds them. */
function lazyClients(build: () => MarketplaceClients): MarketplaceClients {
  let clients: MarketplaceClients | null = null;
  const get = () => {
    clients ??= build();
    return clients;
  };
  return {
    get lazada() {
      return get().lazada;
    },
    get shopee() {
      return get().shopee;
    },
    get tiktok() {
      return get().tiktok;
    },
  };
}

/** The whole HTTP application. server/index.ts listens with it; tests call app.request() on it. */
export function createApp(options: CreateAppOptions) {
  const config: AppConfig = { ...defaultConfig, ...options.config };
  const clock = options.clock ?? systemClock;
  const logger = options.logger ?? createLogger();
  const deps: AppDeps = {
    db: options.db,
    clock,
    config,
    logger,
    mailer: createMailer({
      db: options.db,
      clock,
      logger,
      smtpUrl: config.mail.smtpUrl,
      from: config.mail.from,
    }),
    wechat: config.wechat ? createWechatClient(config.wechat, options.fetch ?? fetch) : null,
    marketplaces:
      options.marketplaces ??
      lazyClients(() =>
        createMarketplaceClients(config.marketplaces, {
          fetch: options.fetch ?? fetch,
          now: () => clock.now(),
          sleep: (ms) => sleep(clock, ms),
        }),
      ),
    payments:
      options.payments ??
      createPaymentProviders(config.payments, {
        fetch: options.fetch ?? fetch,
        clock,
        logger,
        notifyUrl: (channel) => paymentNotifyUrl(config.publicUrl, channel),
      }),
    kickJobs: options.kickJobs ?? (() => undefined),
  };

  const app = new Hono<AppEnv>();
  app.use(
    front({
      trust: proxyTrust(config.trustedProxies),
      logger,
      headers: securityHeaders({
        hsts: new URL(config.publicUrl).protocol === 'https:' ? HSTS : false,
      }),
    }),
  );
  // A GET or HEAD has no body to measure (looking would build the whole request object).
  app.use((c, next) =>
    c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : bodyLimitOf(c.req.path)(c, next),
  );

  mountRoutes(
    app,
    deps,
    { client: (c) => clientOf(c, deps), session: (c) => sessionOf(c, deps), allows: actorAllows },
    ROUTES,
  );
  mountStatic(app, {
    consoleDir: config.consoleDir,
    extensionZip: config.extensionZip,
    boot: { thirdParty: config.wechat ? ['wechat'] : [], mainSite: config.mainSite },
  });

  app.notFound(notFound);
  app.onError(errorHandler(deps));
  return Object.assign(app, {
    routeTable: ROUTES.map((route): RouteMeta => route.meta),
    /** The dependencies the routes were given (jobs and tests use the same ones). */
    deps,
  });
}
