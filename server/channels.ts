import { randomBytes } from 'node:crypto';
import { type AppConfig, mainSiteLinks, type WechatConfig } from './config';
import type { Env } from './env';
import {
  type MarketplacesConfig,
  marketplacesConfig,
} from './integrations/marketplace/marketplace.config';
import {
  PAYMENT_VARIABLES,
  type PaymentsConfig,
  paymentCredentialsFrom,
  paymentsConfig,
} from './integrations/payments/payments.config';

/**
 * Every outside channel the server talks to, as people name it, and the variables that connect it
 * to the real platform. A channel with all of them is real; with none, the sandbox plays it (where
 * the sandbox runs); with some, the start stops.
 */
const CHANNELS = [
  { name: 'Lazada', variables: ['LAZADA_APP_KEY', 'LAZADA_APP_SECRET'] },
  { name: 'Shopee', variables: ['SHOPEE_PARTNER_ID', 'SHOPEE_PARTNER_KEY'] },
  { name: 'TikTok Shop', variables: ['TIKTOK_APP_KEY', 'TIKTOK_APP_SECRET', 'TIKTOK_SERVICE_ID'] },
  { name: 'WeChat sign-in', variables: ['WECHAT_APP_ID', 'WECHAT_APP_SECRET', 'WECHAT_TOKEN'] },
  { name: 'WeChat Pay', variables: PAYMENT_VARIABLES.wechat },
  { name: 'Alipay', variables: PAYMENT_VARIABLES.alipay },
  { name: 'PromptPay', variables: PAYMENT_VARIABLES.promptpay },
] as const satisfies readonly { name: string; variables: readonly (keyof Env)[] }[];

type ChannelName = (typeof CHANNELS)[number]['name'];

/** The start refused: the message says what to set (printed as it is, without a stack). */
export class StartRefused extends Error {
  override name = 'StartRefused';
}

/** Where the sandbox runs and what it plays. */
interface SandboxPlan {
  port: number;
  /** Its address for people and for our clients: always loopback. */
  url: string;
  /** The channels it plays, in the order people read them. */
  plays: ChannelName[];
}

/** The outside channels as this server runs them: real, or played by a sandbox on loopback. */
export interface ChannelPlan {
  /** Null where the sandbox does not run (SANDBOX is not 1, or every channel is real). */
  sandbox: SandboxPlan | null;
  marketplaces: MarketplacesConfig;
  payments: PaymentsConfig;
  wechat: WechatConfig;
  mainSite: AppConfig['mainSite'];
}

/**
 * Whether this server may run the sandbox: SANDBOX=1, which is the default of the embedded
 * database (`npm start`) and never implied by DATABASE_URL (decisions.md, "Marketplaces and
 * payments, without the internet").
 */
export function sandboxAllowed(env: Pick<Env, 'SANDBOX' | 'DATABASE_URL'>): boolean {
  return (env.SANDBOX ?? (env.DATABASE_URL ? '0' : '1')) === '1';
}

/**
 * Decides every channel before anything starts: each one real (all its variables set) or played
 * by the sandbox. Refuses, naming every channel at fault in one message, a channel with only some
 * of its variables, and, where the sandbox may not run, a channel with none.
 */
export function planChannels(env: Env, readText: (path: string) => string): ChannelPlan {
  const allowed = sandboxAllowed(env);
  const real = new Set<ChannelName>();
  const problems: string[] = [];
  for (const channel of CHANNELS) {
    const missing = channel.variables.filter((name) => env[name] === undefined);
    if (missing.length === 0) real.add(channel.name);
    else if (missing.length < channel.variables.length)
      problems.push(`${channel.name}: set ${missing.join(', ')} too, or none of its variables`);
    else if (!allowed)
      problems.push(`${channel.name}: no credentials (set ${channel.variables.join(', ')})`);
  }
  if (problems.length > 0)
    throw new StartRefused(
      [
        allowed
          ? 'Some channels are only partly configured:'
          : 'These channels have neither credentials nor the sandbox:',
        ...problems.map((problem) => `  ${problem}`),
        allowed
          ? 'Give a channel all of its variables, or none for the sandbox to play it.'
          : `The sandbox (the platforms' stand-in, a development tool) runs only with SANDBOX=1, the default of the embedded database; ${env.DATABASE_URL ? 'with DATABASE_URL every channel needs its credentials' : 'SANDBOX=0 asks every channel for its credentials'}.`,
      ].join('\n'),
    );

  const sandboxPort = env.SANDBOX_PORT ?? env.PORT + 1;
  const sandboxUrl = `http://localhost:${sandboxPort}`;
  const plays = CHANNELS.map((channel) => channel.name).filter((name) => !real.has(name));
  const sandbox =
    allowed && plays.length > 0 ? { port: sandboxPort, url: sandboxUrl, plays } : null;

  const marketplaces = marketplacesConfig(
    {
      lazada:
        env.LAZADA_APP_KEY && env.LAZADA_APP_SECRET
          ? { appKey: env.LAZADA_APP_KEY, appSecret: env.LAZADA_APP_SECRET }
          : undefined,
      shopee:
        env.SHOPEE_PARTNER_ID && env.SHOPEE_PARTNER_KEY
          ? {
              partnerId: env.SHOPEE_PARTNER_ID,
              partnerKey: env.SHOPEE_PARTNER_KEY,
              base: env.SHOPEE_HOST,
            }
          : undefined,
      tiktok:
        env.TIKTOK_APP_KEY && env.TIKTOK_APP_SECRET && env.TIKTOK_SERVICE_ID
          ? {
              appKey: env.TIKTOK_APP_KEY,
              appSecret: env.TIKTOK_APP_SECRET,
              serviceId: env.TIKTOK_SERVICE_ID,
            }
          : undefined,
    },
    sandboxUrl,
  );
  const payments = paymentsConfig(paymentCredentialsFrom(env, readText), sandboxUrl);
  const wechat: WechatConfig =
    env.WECHAT_APP_ID && env.WECHAT_APP_SECRET && env.WECHAT_TOKEN
      ? {
          appId: env.WECHAT_APP_ID,
          appSecret: env.WECHAT_APP_SECRET,
          token: env.WECHAT_TOKEN,
          openBase: env.WECHAT_OPEN_BASE,
          apiBase: env.WECHAT_API_BASE,
        }
      : {
          appId: 'wxsandbox00000001',
          appSecret: randomBytes(16).toString('hex'),
          token: randomBytes(16).toString('hex'),
          openBase: sandboxUrl,
          apiBase: sandboxUrl,
        };
  return {
    sandbox,
    marketplaces,
    payments,
    wechat,
    // The main site's stand-in lives in the sandbox: without it and without MAIN_SITE_URL the
    // header shows no main-site links.
    mainSite: env.MAIN_SITE_URL
      ? mainSiteLinks(env.MAIN_SITE_URL)
      : sandbox
        ? mainSiteLinks(`${sandboxUrl}/main-site`)
        : null,
  };
}
