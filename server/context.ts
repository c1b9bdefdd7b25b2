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

/**
 * The signed-in account behind a request.
 *
 * Every service of server/modules takes `(deps, actor, input)`:
 * - `deps`: the part of AppDeps it uses (`Pick<AppDeps, 'db' | 'clock'>`, ...). A service that runs
 *   inside its caller's transaction takes that transaction as `deps.db`.
 * - `actor`: the account it acts for, typed as the part of Actor it reads (`Pick<Actor, 'ownerId'>`
 *   lets the seed or a test name an account without a session). It is `null` only where no
 *   account is behind the call: sign-in, registration and their codes, tickets, slider and
 *   lookups (no one is signed in yet; accounts.service finds or makes the account); platform,
 *   provider and WeChat callbacks (the state or order they carry says whose it is); background
 *   work over every account (ledger and coupon reconciliation, expiries, sync runs, abnormal
 *   authorizations); content that reads the same for everyone (sites, configuration, help,
 *   announcements, short links, files); and the building blocks other services call after
 *   checking their own actor, which name the account in their input: the ledger and checkout
 *   postings and coupon holds (`ownerId`, `actorId`), messages (`notify`), trade orders, shop
 *   syncs, payment-order steps, session revocation and exchange rates. Help articles and
 *   announcements are saved by an operator (checked there) or, with `null`, by the demo seed.
 * - `input`: one value (an object, or an id), left out where there is none. Words in the reader's
 *   language come from `input.language`.
 */
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
    /** Who is calling: the socket's peer, or the client our trusted proxies forwarded; null when unknown. */
    clientAddress: string | null;
  };
}
