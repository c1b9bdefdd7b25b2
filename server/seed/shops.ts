import type { Platform } from '@shared/contracts/shops';
import type { SiteCode } from '@shared/contracts/site-codes';
import { shopCallbackUrl } from '../config';
import type { AppDeps } from '../context';
import { runDueSyncs } from '../jobs/shop-sync';
import {
  completeAuthorization,
  startAuthorization,
} from '../modules/shops/shop-authorization.service';
import { issueCode } from '../sandbox/marketplace/store';
import { sellerActor } from './actor';

/** The demo seller's shops: one sandbox account per marketplace, on the Thai site. */
const DEMO_AUTHORIZATIONS: ReadonlyArray<{
  platform: Platform;
  sellerId: string;
  /** Shopee: the shop that consents. */
  shopId?: string;
  site: SiteCode;
}> = [
  { platform: 'lazada', sellerId: 'lazada-demo-th', site: 'th' },
  { platform: 'shopee', sellerId: 'shopee-demo-th', shopId: '220000101', site: 'th' },
  { platform: 'tiktok', sellerId: 'tiktok-demo', site: 'th' },
];

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'marketplaces' | 'logger' | 'mailer'>;

function appKeyOf(deps: Deps, platform: Platform): string {
  const { marketplaces } = deps.config;
  if (platform === 'lazada') return marketplaces.lazada.appKey;
  if (platform === 'shopee') return String(marketplaces.shopee.partnerId);
  return marketplaces.tiktok.appKey;
}

/**
 * Authorizes the demo seller's shops through the same flow a seller goes through: the console
 * asks for a consent link, the seller approves on the sandbox's consent page (here: the sandbox
 * issues the code the page would), and the callback exchanges the code; then the shops' first
 * sync brings their products and orders in. Only platforms the sandbox plays are authorized.
 */
export async function authorizeDemoShops(deps: Deps, userId: string): Promise<void> {
  const actor = sellerActor(userId);
  for (const demo of DEMO_AUTHORIZATIONS) {
    if (!deps.config.marketplaces.sandbox[demo.platform]) continue;
    const { state } = await startAuthorization(deps, actor, {
      platform: demo.platform,
      sites: [demo.site],
      crossBorder: false,
    });
    const code = await issueCode(deps.db, deps.clock, {
      platform: demo.platform,
      appKey: appKeyOf(deps, demo.platform),
      sellerId: demo.sellerId,
      shopId: demo.shopId ?? null,
      redirectUri: shopCallbackUrl(deps.config),
      ttlSeconds: 600,
    });
    // The callback page posts with the seller's session: the consent completes for its starter.
    const result = await completeAuthorization(deps, actor, {
      state,
      code,
      ...(demo.shopId ? { shop_id: demo.shopId } : {}),
      language: 'en',
    });
    if (!result.success)
      throw new Error(
        `Demo ${demo.platform} shop not authorized: ${result.reason} ${result.message}`,
      );
  }
  await runDueSyncs(deps, 'seed', 20);
}
