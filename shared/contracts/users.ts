import * as z from 'zod/mini';
import { CURRENCIES } from './money';
import { SITE_CODES } from './site-codes';
import type { WalletBalance } from './wallet';

export const ACCOUNT_STATUSES = ['enabled', 'forbidden', 'expired'] as const;

/**
 * userInfo (spec section 3). `role` is the comma-separated role string the console splits into
 * roles; money fields are integer minor units of `currency`, or null where the account may not
 * see them.
 */
export const UserInfoSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  name: z.string(),
  role: z.string(),
  isMain: z.boolean(),
  subUserName: z.nullable(z.string()),
  headImgUrl: z.string(),
  isAll: z.boolean(),
  isWarehouse: z.boolean(),
  site: z.enum(SITE_CODES),
  currency: z.enum(CURRENCIES),
  currencySymbol: z.string(),
  /**
   * The main account's wallet in `currency`: balance (available + frozen) and the frozen part.
   * Null for a sub-account not granted the wallet page (WALLET_MENU): it sees no figures.
   */
  balance: z.nullable(z.int()),
  freezeBalance: z.nullable(z.int()),
  /** An announcement that pops up once is waiting for this account. */
  firstShowAnn: z.boolean(),
  /** The console tour (menus) has not been finished or skipped yet. */
  showGuideFlag: z.boolean(),
  /** The dashboard tour has not been finished or skipped yet. */
  showDashboardGuideFlag: z.boolean(),
  /** The account's cart on the main site; the header badge shows the sum of the quantities. */
  skuList: z.array(z.object({ skuId: z.string(), quantity: z.int().check(z.nonnegative()) })),
});
export type UserInfo = z.infer<typeof UserInfoSchema>;

/** Splits the role string ("BUYER,PURCHASER") into roles, dropping blanks. */
export function splitRoles(role: string): string[] {
  return role
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);
}

/**
 * The site-currency wallet as userInfo carries it (available = balance - frozen), or null where
 * the account may not see it.
 */
export function userInfoWallet(
  user: Pick<UserInfo, 'currency' | 'balance' | 'freezeBalance'>,
): WalletBalance | null {
  if (user.balance === null || user.freezeBalance === null) return null;
  return {
    currency: user.currency,
    balance: user.balance,
    frozen: user.freezeBalance,
    available: user.balance - user.freezeBalance,
  };
}
