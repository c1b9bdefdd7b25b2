import { Hono } from 'hono';
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
  marketplaces: { config: MarketplacesConfig; callbackUrl: string };
  /**
   * The product as a merchant of WeChat Pay, Alipay and PromptPay (its payments config, its own
   * address for notifications); without it the sandbox plays no payment provider.
   */
  payments?: Pick<SandboxPaymentsOptions, 'config' | 'merchantUrl' | 'retryDelays'>;
}

/**
 * The local stand-in for the outside platforms (decisions.md): started beside the server when no
 * credentials are configured. It speaks each platform's protocol as the platform does.
 */
export function createSandboxApp(options: SandboxOptions) {
  const app = new Hono();
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
    createSandboxTester({ db: options.db, clock: options.clock, platforms: SANDBOX_PLATFORMS }),
  );
  return app;
}
