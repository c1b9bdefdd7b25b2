import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { secureHeaders } from 'hono/secure-headers';
import type { MarketplacesConfig } from '../integrations/marketplace/marketplace.config';
import { lazadaSandbox } from './lazada/lazada.sandbox';
import { createSandboxMainSite } from './main-site';
import type { SandboxPlatform } from './marketplace/platform';
import { createSandboxTester } from './marketplace/tester';
import { createSandboxPayments, type SandboxPaymentsOptions } from './payments/payments.sandbox';
import { shopeeSandbox } from './shopee/shopee.sandbox';
import { tiktokSandbox } from './tiktok/tiktok.sandbox';
import { createSandboxWechat, type SandboxWechatOptions } from './wechat';

/** The marketplaces the sandbox plays. */
export const SANDBOX_PLATFORMS: readonly SandboxPlatform[] = [
  lazadaSandbox,
  shopeeSandbox,
  tiktokSandbox,
];

export interface SandboxOptions extends SandboxWechatOptions {
  /** The product's marketplace apps as registered with the sandbox, and their callback URL. */
  marketplaces: {
    config: MarketplacesConfig;
    callbackUrl: string;
    /**
     * Where the product's apps receive order pushes: its address as registered with the platforms
     * (Shopee signs the full URL), and where the sandbox reaches it (through `fetch`); without
     * it the tester's moves are not pushed.
     */
    pushes?: { registeredBase: string; deliveryBase?: string };
  };
  /**
   * The product as a merchant of WeChat Pay, Alipay and PromptPay (its payments config, its own
   * address for notifications); without it the sandbox plays no payment provider.
   */
  payments?: Pick<SandboxPaymentsOptions, 'config' | 'merchantUrl' | 'retryDelays'>;
  /**
   * Served on loopback for a browser on this machine (server/index.ts): answer only requests
   * addressed to a loopback name, and no state-changing request another site's page sends.
   */
  localOnly?: boolean;
}

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function isLoopbackOrigin(origin: string): boolean {
  return URL.canParse(origin) && LOOPBACK_NAMES.has(new URL(origin).hostname);
}

/**
 * The sandbox pays, signs in and approves on anyone's behalf, so even on loopback it answers only
 * this machine: a Host header that is not a loopback name (a page that rebinds its own name to
 * 127.0.0.1) gets 403, and so does a POST that a page of another site makes the browser send
 * (Sec-Fetch-Site, or an Origin that is not loopback where the browser sends no Sec-Fetch-Site).
 * Our own server's calls carry neither header.
 */
const localOnly = createMiddleware(async (c, next) => {
  // The request's address is built from its Host header.
  if (!LOOPBACK_NAMES.has(new URL(c.req.url).hostname))
    return c.text('The sandbox answers this machine only.', 403);
  if (!SAFE_METHODS.has(c.req.method)) {
    const site = c.req.header('sec-fetch-site');
    const origin = c.req.header('origin');
    const crossSite = site
      ? site !== 'same-origin' && site !== 'none'
      : origin !== undefined && !isLoopbackOrigin(origin);
    if (crossSite) return c.text('The sandbox takes no request from another site.', 403);
  }
  await next();
});

/**
 * The local stand-in for the outside platforms (decisions.md): a development tool that
 * server/index.ts starts on loopback where SANDBOX=1, for the channels without credentials. It
 * speaks each platform's protocol as the platform does.
 */
export function createSandboxApp(options: SandboxOptions) {
  const app = new Hono();
  // Its pages are never framed, and a response is what its type says.
  app.use(
    secureHeaders({
      contentSecurityPolicy: { frameAncestors: ["'none'"] },
      xFrameOptions: 'DENY',
      strictTransportSecurity: false,
      crossOriginResourcePolicy: false,
    }),
  );
  if (options.localOnly) app.use(localOnly);
  app.get('/', (c) =>
    c.html(
      '<!doctype html><meta charset="utf-8"><title>Sandbox</title><h1>Sandbox</h1><p>Lazada, Shopee and TikTok Shop (consent pages, tokens, shops, products, orders), WeChat (sign-in, official account QR codes and events), WeChat Pay, Alipay and PromptPay, and the main site.</p><p><a href="/tester">Move sandbox orders through their statuses</a></p><p><a href="/pay">Pay or fail a payment QR code</a></p>',
    ),
  );
  app.route('/', createSandboxWechat(options));
  app.route('/', createSandboxMainSite());
  const { config, callbackUrl } = options.marketplaces;
  const common = {
    db: options.db,
    clock: options.clock,
    logger: options.logger,
    publicUrl: options.publicUrl,
    callbackUrl,
  };
  app.route(
    '/lazada',
    lazadaSandbox.createApp({
      ...common,
      app: { key: config.lazada.appKey, secret: config.lazada.appSecret },
    }),
  );
  app.route(
    '/shopee',
    shopeeSandbox.createApp({
      ...common,
      app: { key: String(config.shopee.partnerId), secret: config.shopee.partnerKey },
    }),
  );
  app.route(
    '/tiktok',
    tiktokSandbox.createApp({
      ...common,
      app: {
        key: config.tiktok.appKey,
        secret: config.tiktok.appSecret,
        serviceId: config.tiktok.serviceId,
      },
    }),
  );
  if (options.payments)
    app.route(
      '/',
      createSandboxPayments({
        ...options.payments,
        db: options.db,
        clock: options.clock,
        logger: options.logger,
        publicUrl: options.publicUrl,
        fetch: options.fetch,
      }),
    );
  app.route(
    '/',
    createSandboxTester({
      db: options.db,
      clock: options.clock,
      platforms: SANDBOX_PLATFORMS,
      ...(options.marketplaces.pushes
        ? {
            pushes: {
              target: { ...options.marketplaces.pushes, fetch: options.fetch },
              config,
              logger: options.logger,
            },
          }
        : {}),
    }),
  );
  return app;
}
