import { eq } from 'drizzle-orm';
import type { AppDeps } from '../context';
import { seedConfig } from '../modules/config/config.service';
import { seedHelp } from '../modules/help/help.seed';
import { seedMessages } from '../modules/messages/messages.seed';
import { seedNotices } from '../modules/notices/notices.seed';
import { addShop } from '../modules/shops/shops.service';
import { createAccount, findUserByIdentifier } from '../modules/users/users.service';
import { users } from './schema/index';

export const DEMO_ACCOUNT = { email: 'demo@example.com', password: 'demo1234' } as const;

/**
 * The demo seller, through the same services registration and shop authorization use: onboarded
 * on the Thai site as a cross-border seller, with a shop on each marketplace. Does nothing when
 * the account exists.
 */
export async function seedDemo(deps: Pick<AppDeps, 'db' | 'clock'>): Promise<boolean> {
  // Configuration first values (customer service, app downloads); existing values are kept.
  await seedConfig(deps);
  if (await findUserByIdentifier(deps.db, DEMO_ACCOUNT.email)) return false;
  const seller = await createAccount(deps.db, deps.clock, {
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
  await addShop(deps.db, deps.clock, seller.id, {
    platform: 'lazada',
    site: 'th',
    externalId: '100000001',
    name: 'Siam Home Living',
    shopType: 'crossBorder',
  });
  await addShop(deps.db, deps.clock, seller.id, {
    platform: 'shopee',
    site: 'th',
    externalId: '200000001',
    name: 'Bangkok Gadget Hub',
    shopType: 'crossBorder',
  });
  await addShop(deps.db, deps.clock, seller.id, {
    platform: 'tiktok',
    site: 'th',
    externalId: '300000001',
    name: 'Chao Phraya Beauty',
    shopType: 'local',
  });
  await seedMessages(deps, seller.id);
  await seedNotices(deps);
  await seedHelp(deps);
  return true;
}
