import type { Platform } from '@shared/contracts/shops';

/** Lazada's ventures, each with its own API host (open.lazada.com docId 108065). */
export const LAZADA_COUNTRIES = ['sg', 'th', 'my', 'vn', 'ph', 'id'] as const;
export type LazadaCountry = (typeof LAZADA_COUNTRIES)[number];

export interface LazadaConfig {
  appKey: string;
  appSecret: string;
  /** https://auth.lazada.com: the consent page is {authorizeBase}/oauth/authorize. */
  authorizeBase: string;
  /** https://auth.lazada.com/rest: /auth/token/create and /auth/token/refresh. */
  tokenBase: string;
  /** REST base per venture, e.g. th -> https://api.lazada.co.th/rest. */
  apiBases: Record<LazadaCountry, string>;
}

export interface ShopeeConfig {
  partnerId: number;
  partnerKey: string;
  /** https://partner.shopeemobile.com: every path under it starts with /api/v2/. */
  base: string;
}

export interface TiktokConfig {
  appKey: string;
  appSecret: string;
  /** The service id of the authorization link copied from Partner Center. */
  serviceId: string;
  /** https://services.tiktokshop.com/open/authorize */
  authorizeUrl: string;
  /** https://auth.tiktok-shops.com: /api/v2/token/get and /api/v2/token/refresh. */
  tokenBase: string;
  /** https://open-api.tiktokglobalshop.com */
  apiBase: string;
}

/** The three marketplaces: real hosts and credentials, or the sandbox's. */
export interface MarketplacesConfig {
  lazada: LazadaConfig;
  shopee: ShopeeConfig;
  tiktok: TiktokConfig;
  /** Which platforms the sandbox plays (no credentials configured for them). */
  sandbox: Record<Platform, boolean>;
}

const LAZADA_PRODUCTION_HOSTS = {
  authorizeBase: 'https://auth.lazada.com',
  tokenBase: 'https://auth.lazada.com/rest',
  apiBases: {
    sg: 'https://api.lazada.sg/rest',
    th: 'https://api.lazada.co.th/rest',
    my: 'https://api.lazada.com.my/rest',
    vn: 'https://api.lazada.vn/rest',
    ph: 'https://api.lazada.com.ph/rest',
    id: 'https://api.lazada.co.id/rest',
  },
} satisfies Omit<LazadaConfig, 'appKey' | 'appSecret'>;

const TIKTOK_PRODUCTION_HOSTS = {
  authorizeUrl: 'https://services.tiktokshop.com/open/authorize',
  tokenBase: 'https://auth.tiktok-shops.com',
  apiBase: 'https://open-api.tiktokglobalshop.com',
} satisfies Pick<TiktokConfig, 'authorizeUrl' | 'tokenBase' | 'apiBase'>;

/** The credentials the sandbox registers for the product's own apps (public: they open nothing real). */
export const SANDBOX_CREDENTIALS = {
  lazada: { appKey: '100101', appSecret: 'sandbox-lazada-app-secret' },
  shopee: { partnerId: 2000101, partnerKey: 'sandbox-shopee-partner-key' },
  tiktok: { appKey: '6sbxtt01', appSecret: 'sandbox-tiktok-app-secret', serviceId: '7000101' },
} as const;

/**
 * The sandbox's hosts under its own address: each platform under a prefix, Lazada's ventures on
 * distinct bases so that a token is checked against the venture it is used on.
 */
export function sandboxHosts(sandboxUrl: string) {
  const root = sandboxUrl.replace(/\/+$/, '');
  return {
    lazada: {
      authorizeBase: `${root}/lazada/auth`,
      tokenBase: `${root}/lazada/auth/rest`,
      apiBases: Object.fromEntries(
        [...(['sg', 'th', 'my', 'vn', 'ph', 'id'] as const)].map((country) => [
          country,
          `${root}/lazada/api/${country}/rest`,
        ]),
      ) as Record<LazadaCountry, string>,
    },
    shopee: { base: `${root}/shopee` },
    tiktok: {
      authorizeUrl: `${root}/tiktok/services/open/authorize`,
      tokenBase: `${root}/tiktok/auth`,
      apiBase: `${root}/tiktok/open-api`,
    },
  };
}

/** Every platform played by the sandbox at sandboxUrl. */
export function sandboxMarketplaces(sandboxUrl: string): MarketplacesConfig {
  const hosts = sandboxHosts(sandboxUrl);
  return {
    lazada: { ...SANDBOX_CREDENTIALS.lazada, ...hosts.lazada },
    shopee: { ...SANDBOX_CREDENTIALS.shopee, ...hosts.shopee },
    tiktok: { ...SANDBOX_CREDENTIALS.tiktok, ...hosts.tiktok },
    sandbox: { lazada: true, shopee: true, tiktok: true },
  };
}

/** Real credentials where given (production hosts), the sandbox for each platform without them. */
export function marketplacesConfig(
  credentials: {
    lazada?: { appKey: string; appSecret: string } | undefined;
    shopee?: { partnerId: number; partnerKey: string; base: string } | undefined;
    tiktok?: { appKey: string; appSecret: string; serviceId: string } | undefined;
  },
  sandboxUrl: string,
): MarketplacesConfig {
  const sandbox = sandboxMarketplaces(sandboxUrl);
  return {
    lazada: credentials.lazada
      ? { ...credentials.lazada, ...LAZADA_PRODUCTION_HOSTS }
      : sandbox.lazada,
    shopee: credentials.shopee ?? sandbox.shopee,
    tiktok: credentials.tiktok
      ? { ...credentials.tiktok, ...TIKTOK_PRODUCTION_HOSTS }
      : sandbox.tiktok,
    sandbox: {
      lazada: !credentials.lazada,
      shopee: !credentials.shopee,
      tiktok: !credentials.tiktok,
    },
  };
}
