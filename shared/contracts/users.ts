import { z } from 'zod';
import { CURRENCIES } from './money';
import { SITE_CODES } from './sites';

export const ACCOUNT_STATUSES = ['enabled', 'forbidden', 'expired'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/**
 * userInfo (spec section 3). `role` is the comma-separated role string the console splits into
 * roles; money fields are integer minor units of `currency`.
 */
export const UserInfoSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  name: z.string(),
  role: z.string(),
  isMain: z.boolean(),
  subUserName: z.string().nullable(),
  headImgUrl: z.string(),
  isAll: z.boolean(),
  isWarehouse: z.boolean(),
  site: z.enum(SITE_CODES),
  currency: z.enum(CURRENCIES),
  currencySymbol: z.string(),
  balance: z.number().int(),
  freezeBalance: z.number().int(),
});
export type UserInfo = z.infer<typeof UserInfoSchema>;

/** Splits the role string ("BUYER,PURCHASER") into roles, dropping blanks. */
export function splitRoles(role: string): string[] {
  return role
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);
}
