import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_CLIENTS } from '@shared/contracts/protocol';
import {
  type MarketplacesConfig,
  sandboxMarketplaces,
} from './integrations/marketplace/marketplace.config';
import { type PaymentsConfig, sandboxPayments } from './integrations/payments/payments.config';
import type { StorageConfig } from './lib/storage';

/** WeChat (Open Platform sign-in and the official account's QR codes): the real one or the sandbox. */
export interface WechatConfig {
  appId: string;
  appSecret: string;
  /** The token WeChat signs event pushes with. */
  token: string;
  /** open.weixin.qq.com: the QR sign-in page. */
  openBase: string;
  /** api.weixin.qq.com: tokens, user info, QR codes. */
  apiBase: string;
}

/** Everything the app needs to know beyond its database and clock. Built from env.ts in index.ts, given directly by tests. */
export interface AppConfig {
  /** Where people reach the console and API (links in mail, third-party redirects). */
  publicUrl: string;
  session: {
    /** A session unused this long ends. */
    idleSeconds: number;
    /** A session ends this long after sign-in, used or not. */
    absoluteSeconds: number;
  };
  /**
   * Our own proxies (addresses or CIDR networks): behind them the client's address is read from
   * X-Forwarded-For; from anyone else the socket's peer is the client. Empty: no proxy is believed.
   */
  trustedProxies: string[];
  /** Registered API clients (basic client auth), id -> secret. */
  clients: Record<string, string>;
  mail: { smtpUrl?: string | undefined; from: string };
  /** Third-party sign-in and binding; null hides them. */
  wechat: WechatConfig | null;
  /** The main site the header links to (home, buy-for-me search with {keyword}, cart); null hides them. */
  mainSite: { home: string; search: string; cart: string; help: string } | null;
  /** Lazada, Shopee and TikTok Shop: real hosts and credentials, or the sandbox's. */
  marketplaces: MarketplacesConfig;
  /** WeChat Pay, Alipay and PromptPay: real credentials, or the sandbox's. */
  payments: PaymentsConfig;
  shops: {
    /** 32-byte key that marketplace tokens are encrypted with at rest. */
    tokenKey: Buffer;
    /** Warn the seller this many days before a shop authorization ends. */
    expiryWarningDays: number;
    /** Minutes between two syncs of a shop's orders, and of its products. */
    orderSyncMinutes: number;
    productSyncMinutes: number;
  };
  /** Built console (Vite output) served under /cmp/, when present. */
  consoleDir?: string;
  /** Zipped extension served at /downloads/extension.zip, when present. */
  extensionZip?: string;
  /** Uploaded images and videos: a folder (DATA_DIR/media) or an S3-compatible bucket (S3_*). */
  storage: StorageConfig;
  /**
   * Fetching a claimed product's source images: loopback and private addresses are refused
   * unless `allowPrivate` (a development or test machine serving its images locally).
   */
  remoteMedia: { allowPrivate: boolean; timeoutMs: number };
}

const DEFAULT_CLIENTS: Record<string, string> = Object.fromEntries(
  Object.values(API_CLIENTS).map((client) => [client.id, client.secret]),
);

export const defaultConfig: AppConfig = {
  publicUrl: 'http://localhost:8080',
  session: { idleSeconds: 12 * 60 * 60, absoluteSeconds: 7 * 24 * 60 * 60 },
  trustedProxies: [],
  clients: DEFAULT_CLIENTS,
  mail: { from: 'Seller Center <no-reply@localhost>' },
  wechat: null,
  mainSite: null,
  marketplaces: sandboxMarketplaces('http://sandbox.test'),
  payments: sandboxPayments('http://sandbox.test'),
  shops: {
    tokenKey: randomBytes(32),
    expiryWarningDays: 7,
    orderSyncMinutes: 15,
    productSyncMinutes: 60,
  },
  storage: { kind: 'disk', dir: join(tmpdir(), `cmp-media-${process.pid}`) },
  remoteMedia: { allowPrivate: false, timeoutMs: 10_000 },
};

/** Where a marketplace sends the seller back after consent: the console's public callback page. */
export function shopCallbackUrl(config: Pick<AppConfig, 'publicUrl'>): string {
  return `${config.publicUrl.replace(/\/+$/, '')}/cmp/authorize/authorizeCallback`;
}

/** The main site's links, from its address. */
export function mainSiteLinks(base: string): NonNullable<AppConfig['mainSite']> {
  const root = base.replace(/\/+$/, '');
  return {
    home: `${root}/`,
    search: `${root}/buyForMe/search?keyword={keyword}`,
    cart: `${root}/cart`,
    help: `${root}/helpCenter`,
  };
}
