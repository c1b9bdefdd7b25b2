import { BUSINESS_TYPES } from '@shared/contracts/accounts';
import type { MenuGrant } from '@shared/contracts/sub-accounts';
import { ACCOUNT_STATUSES } from '@shared/contracts/users';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  date,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Lower-cased; unique when present. */
    email: text('email'),
    /** Digits with an optional leading +; unique when present. */
    phone: text('phone'),
    passwordHash: text('password_hash').notNull(),
    name: text('name').notNull(),
    /** Comma-separated roles, as userInfo sends them. */
    role: text('role').notNull(),
    /** The main account of a sub-account. */
    parentId: uuid('parent_id').references((): AnyPgColumn => users.id, { onDelete: 'cascade' }),
    site: text('site').notNull(),
    headImgUrl: text('head_img_url'),
    status: text('status', { enum: ACCOUNT_STATUSES }).notNull().default('enabled'),
    /** Set at onboarding (main accounts); sub-accounts inherit their main account's. */
    businessType: text('business_type', { enum: BUSINESS_TYPES }),
    onboardedAt: timestamp('onboarded_at', { withTimezone: true }),
    /** Sub-accounts: the last day the account works (in the main account's site time zone). */
    validUntil: date('valid_until'),
    /** Sub-accounts: the menus and buttons the main account granted. */
    grants: jsonb('grants').$type<MenuGrant[]>(),
    wechatOpenId: text('wechat_open_id'),
    wechatNickname: text('wechat_nickname'),
    wechatBoundAt: timestamp('wechat_bound_at', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_phone_key').on(t.phone),
    uniqueIndex('users_wechat_open_id_key').on(t.wechatOpenId),
    // A main account's sub-accounts, newest first (the members list).
    index('users_parent_created_idx').on(t.parentId, t.createdAt.desc()),
    check('users_identity_present', sql`${t.email} is not null or ${t.phone} is not null`),
    check(
      'users_status_known',
      sql.raw(`status in (${ACCOUNT_STATUSES.map((s) => `'${s}'`).join(', ')})`),
    ),
  ],
);
