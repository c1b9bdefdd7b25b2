import type { AppDeps } from '../context';
import { createAccount, findUserByIdentifier } from '../modules/users/users.service';

export const DEMO_ACCOUNT = { email: 'demo@example.com', password: 'demo1234' } as const;

/** Creates the demo seller through the same service registration uses; does nothing when it exists. */
export async function seedDemo(deps: Pick<AppDeps, 'db' | 'clock'>): Promise<boolean> {
  if (await findUserByIdentifier(deps.db, DEMO_ACCOUNT.email)) return false;
  await createAccount(deps.db, deps.clock, {
    email: DEMO_ACCOUNT.email,
    password: DEMO_ACCOUNT.password,
    name: 'Demo Seller',
    role: 'BUYER',
    site: 'th',
  });
  return true;
}
