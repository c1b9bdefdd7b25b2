import type { RouteDefinition } from './lib/route';
import { authRoutes } from './modules/auth/auth.routes';
import { filesRoutes } from './modules/files/files.routes';
import { registerRoutes } from './modules/register/register.routes';
import { shopsRoutes } from './modules/shops/shops.routes';
import { sitesRoutes } from './modules/sites/sites.routes';
import { subAccountsRoutes } from './modules/sub-accounts/sub-accounts.routes';
import { usersRoutes } from './modules/users/users.routes';
import { wechatRoutes } from './modules/wechat/wechat.routes';

/** Every API route of every module; the app mounts them and the authorization matrix reads them. */
export const ROUTES: readonly RouteDefinition[] = [
  ...authRoutes,
  ...registerRoutes,
  ...usersRoutes,
  ...filesRoutes,
  ...sitesRoutes,
  ...shopsRoutes,
  ...subAccountsRoutes,
  ...wechatRoutes,
];
