import { eq } from 'drizzle-orm';
import type { AppDeps } from '../context';
import { users } from '../db/schema/index';
import { createAccount, findUserByIdentifier } from '../modules/accounts/accounts.service';
import { seedConfig } from '../modules/config/config.service';
import { addShop } from '../modules/shops/shops.service';
import { seedCollector } from './collector';
import { seedHelp } from './help';
import { seedMessages } from './messages';
import { seedNotices } from './notices';
import { seedDemoOrders } from './orders';
import { seedProducts } from './products';
import { seedDemoPurchases } from './purchases';
import { seedDemoServices } from './services';
import { authorizeDemoShops } from './shops';
import { seedDemoWallet } from './wallet';

export const DEMO_ACCOUNT = { email: 'demo@example.com', password: 'demo1234' } as const;

/**
 * The demo's catalogue and mall: 20,000 generated products (server/seed/catalogue-generator.ts).
 * Loaded apart from seedDemo (it takes a while on PGlite): by the server after it starts, and once
 * into the tests' cached demo template.
 */
export const DEMO_CATALOGUE = { rows: 20_000, seed: 1 } as const;

/**
 * The demo seller, through the same services registration and shop authorization use: onboarded
 * on the Thai site as a cross-border seller, with a shop on each marketplace and (given payment
 * providers) a wallet with two weeks of history, coupons and orders to pay. Does nothing when
 * the account exists.
 */
export async function seedDemo(
  deps: Pick<AppDeps, 'db' | 'clock'> &
    Partial<Pick<AppDeps, 'config' | 'marketplaces' | 'logger' | 'mailer' | 'payments'>>,
): Promise<boolean> {
  // Configuration first values (customer service, app downloads); existing values are kept.
  await seedConfig(deps, null);
  if (await findUserByIdentifier(deps, null, DEMO_ACCOUNT.email)) return false;
  const seller = await createAccount(deps, null, {
    email: DEMO_ACCOUNT.email,
    password: DEMO_ACCOUNT.password,
    name: 'Demo Seller',
    role: 'BUYER',
    site: 'th',
  });
  const now = deps.clock.now();
  await deps.db
    .update(users)
    .set({ businessType: 'crossBorder', onboardedAt: now })
    .where(eq(users.id, seller.id));
  const { config, marketplaces, logger, mailer, payments } = deps;
  if (config && marketplaces && logger && mailer)
    await authorizeDemoShops({ ...deps, config, marketplaces, logger, mailer }, seller.id);
  else await addDemoShopRecords(deps, seller.id);
  // The wallet's history goes through the payment providers (the sandbox's), when there are some.
  if (config && logger && payments) {
    await seedDemoWallet({ ...deps, config, logger, payments }, seller.id);
    await seedDemoPurchases({ ...deps, config, logger, payments }, seller.id);
  }
  await seedCollector(deps, seller.id);
  await seedDemoOrders(deps, seller.id);
  await seedDemoServices(deps, seller.id);
  await seedProducts(deps, seller.id);
  await seedMessages(deps, seller.id);
  await seedNotices(deps);
  await seedHelp(deps);
  return true;
}

/**
 * Without marketplace clients (screen tests that need shops but no platform): the same shop
 * names recorded directly, without an authorization behind them.
 */
async function addDemoShopRecords(deps: Pick<AppDeps, 'db' | 'clock'>, sellerId: string) {
  const demo = [
    { platform: 'lazada', externalId: '100000001', name: 'Siam Home Living' },
    { platform: 'shopee', externalId: '220000101', name: 'Bangkok Gadget Hub' },
    { platform: 'tiktok', externalId: '7494000101', name: 'Chao Phraya Beauty' },
  ] as const;
  for (const shop of demo)
    await addShop(deps, { ownerId: sellerId }, { ...shop, site: 'th', shopType: 'local' });
}
