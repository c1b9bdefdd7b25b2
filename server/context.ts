import type { RouterInfo } from '@shared/contracts/auth';
import type { AppConfig } from './config';
import type { Database } from './db/client';
import type { MarketplaceClients } from './integrations/marketplace/clients';
import type { PaymentProviders } from './integrations/payments/payment-provider';
import type { WechatClient } from './integrations/wechat/wechat.client';
import type { Clock } from './lib/clock';
import type { Translator } from './lib/i18n';
import type { Logger } from './lib/logger';
import type { Mailer } from './lib/mailer';

/** What every module receives from createApp: nothing reads a global database, clock or config. */
export interface AppDeps {
  db: Database;
  clock: Clock;
  config: AppConfig;
  logger: Logger;
  mailer: Mailer;
  /** WeChat sign-in and binding; null when not configured. */
  wechat: WechatClient | null;
  /** Lazada, Shopee and TikTok Shop (the sandbox where no credentials are configured). */
  marketplaces: MarketplaceClients;
  /** WeChat Pay, Alipay and PromptPay (the sandbox where no credentials are configured). */
  payments: PaymentProviders;
  /** Tells the background jobs there is work now (a shop queued for sync); a no-op without them. */
  kickJobs: () => void;
}

/** The signed-in account behind a request. */
export interface Actor {
  userId: string;
  sessionId: string;
  roles: string[];
  /** The main account of a sub-account; null for a main account. */
  parentId: string | null;
  /** The main account whose data this actor works with: itself, or its main account. */
  ownerId: string;
  isMain: boolean;
  /** The menus and buttons the actor holds (its routerInfoList). */
  routes: RouterInfo[];
  /** The shops a sub-account may see and act on; null for a main account (all of its shops). */
  shopIds: string[] | null;
}

export interface AppEnv {
  Variables: {
    requestId: string;
    t: Translator;
  };
}
