import * as z from 'zod/mini';
import {
  EmailSchema,
  isValidMobile,
  NewPasswordSchema,
  passwordsMatch,
  TEL_CODES,
} from './accounts';
import { KeysetPageShape, KeysetQueryShape } from './paging';

/** One menu a sub-account may open, with the buttons it may press there. */
const MenuGrantSchema = z.object({
  url: z.string().check(z.startsWith('/')),
  buttons: z.array(z.string().check(z.maxLength(40))).check(z.maxLength(20)),
});
export type MenuGrant = z.infer<typeof MenuGrantSchema>;

/** Account status of spec section 4; `expired` follows from a validity date in the past. */
export const SUB_ACCOUNT_STATUSES = ['enabled', 'forbidden', 'expired'] as const;

export const SubAccountSchema = z.object({
  id: z.string(),
  account: z.string(),
  email: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  name: z.string(),
  status: z.enum(SUB_ACCOUNT_STATUSES),
  validUntil: z.nullable(z.string()),
  shopIds: z.array(z.string()),
  grants: z.array(MenuGrantSchema),
  createdAt: z.string(),
  lastLoginAt: z.nullable(z.string()),
});
export type SubAccount = z.infer<typeof SubAccountSchema>;

export const SubAccountListQuerySchema = z.object({
  ...KeysetQueryShape,
  page: z._default(z.coerce.number().check(z.int(), z.minimum(1)), 1),
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), 10),
  keyword: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  status: z.optional(z.enum(SUB_ACCOUNT_STATUSES)),
});
export type SubAccountListQuery = z.infer<typeof SubAccountListQuerySchema>;
export const SubAccountPageSchema = z.object({
  records: z.array(SubAccountSchema),
  total: z.int(),
  ...KeysetPageShape,
});

const ShopIdsSchema = z.array(z.uuid({ error: 'invalid' })).check(z.maxLength(500));
const GrantsSchema = z.array(MenuGrantSchema).check(z.maxLength(100));
/** A validity date (YYYY-MM-DD, the last day the account works), or none. */
const ValidUntilSchema = z.nullable(
  z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'invalidFormat' })),
);

/** Cross-field checks run even when a field failed, so a form shows every problem at once. */
const isObject = (payload: { value: unknown }) =>
  typeof payload.value === 'object' && payload.value !== null;

/** A sub-account is created by e-mail or by mobile (with its dialling code), with a password. */
export const CreateSubAccountRequestSchema = z
  .object({
    accountType: z.enum(['email', 'phone']),
    email: z.optional(z.string()),
    telCode: z.optional(z.enum(TEL_CODES.map((t) => t.code) as [string, ...string[]])),
    phone: z.optional(z.string()),
    name: z.string().check(z.trim(), z.minLength(1), z.maxLength(40)),
    password: NewPasswordSchema,
    confirmPassword: z.string(),
    validUntil: z._default(ValidUntilSchema, null),
    shopIds: z._default(ShopIdsSchema, []),
    grants: z.optional(GrantsSchema),
  })
  .check(
    passwordsMatch,
    z.refine((v) => v.accountType !== 'email' || EmailSchema.safeParse(v.email ?? '').success, {
      error: 'email',
      path: ['email'],
      when: isObject,
    }),
    z.refine((v) => v.accountType !== 'phone' || isValidMobile(v.telCode ?? '', v.phone ?? ''), {
      error: 'phone',
      path: ['phone'],
      when: isObject,
    }),
  );
export type CreateSubAccountRequest = z.infer<typeof CreateSubAccountRequestSchema>;

const IdSchema = z.uuid({ error: 'invalid' });
export const SubAccountIdSchema = z.object({ id: IdSchema });
export const UpdateSubAccountRequestSchema = z.object({
  id: IdSchema,
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(40)),
  validUntil: ValidUntilSchema,
});
export const SubAccountStatusRequestSchema = z.object({
  id: IdSchema,
  status: z.enum(['enabled', 'forbidden']),
});
export const SubAccountPasswordRequestSchema = z
  .object({ id: IdSchema, password: NewPasswordSchema, confirmPassword: z.string() })
  .check(passwordsMatch);
export const SubAccountPermissionsRequestSchema = z.object({
  id: IdSchema,
  shopIds: ShopIdsSchema,
  grants: GrantsSchema,
});
