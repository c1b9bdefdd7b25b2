import * as z from 'zod/mini';
import { CURRENCIES } from './money';
import { SITE_CODES } from './site-codes';

/**
 * E-mail (spec section 5): a local part of letters, digits, `_ . -`; a domain; a TLD of 2 to 6
 * letters or digits.
 */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9_.-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z0-9]{2,6}$/;

/** Mainland China mobile: 11 digits, 13 to 19 with the restricted second digits. */
const CN_MOBILE = /^1(?:3\d|4[5-9]|5[0-35-9]|6[2567]|7[0-8]|8\d|9[0-35-9])\d{8}$/;
/**
 * Philippines and Thailand (spec: optional +63/063, resp. +66/066, then 10 digits). People also
 * type the international form without the trunk 0 (+66 81 234 5678, +63 917 123 4567) and the
 * Philippine local form with it (0917 123 4567); those are accepted too (README, "Decisions").
 */
const PH_MOBILE = /^(?:(?:\+63|063)?\d{10}|0\d{10})$/;
const TH_MOBILE = /^(?:(?:\+66|066)?\d{10}|\+66\d{9})$/;

/** Dialling codes offered next to a phone field; the three with validation rules come first. */
export const TEL_CODES = [
  { code: '+86', country: 'cn' },
  { code: '+63', country: 'ph' },
  { code: '+66', country: 'th' },
  { code: '+60', country: 'my' },
  { code: '+84', country: 'vn' },
  { code: '+65', country: 'sg' },
  { code: '+62', country: 'id' },
] as const;

const strip = (value: string) => value.replace(/[\s\-()]/g, '');

/** Whether a number (without its dialling code, or with it) is a valid mobile for that code. */
export function isValidMobile(telCode: string, number: string): boolean {
  const digits = strip(number);
  switch (telCode) {
    case '+86':
      return CN_MOBILE.test(digits.replace(/^(?:\+86|0086)/, ''));
    case '+63':
      return PH_MOBILE.test(digits);
    case '+66':
      return TH_MOBILE.test(digits);
    default:
      return /^\+?\d{6,15}$/.test(digits);
  }
}

/** The stored form of a mobile: +<country code><national number without trunk 0>. */
export function normaliseMobile(telCode: string, number: string): string {
  let digits = strip(number).replace(/^\+/, '');
  const country = telCode.replace('+', '');
  if (digits.startsWith(`00${country}`)) digits = digits.slice(2 + country.length);
  else if (digits.startsWith(`0${country}`)) digits = digits.slice(1 + country.length);
  else if (digits.startsWith(country) && digits.length > 10) digits = digits.slice(country.length);
  return `+${country}${digits.replace(/^0/, '')}`;
}

/**
 * A new password (decisions.md): 8 to 20 characters of letters, digits and -*\/+.~!@#$%^&*(),
 * at least one letter and one digit. Login accepts whatever was stored.
 */
export const PASSWORD_PATTERN = /^(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d\-*/+.~!@#$%^&()]{8,20}$/;

export const EmailSchema = z
  .string()
  .check(z.trim(), z.minLength(1), z.maxLength(100), z.regex(EMAIL_PATTERN, { error: 'email' }));
export const NewPasswordSchema = z
  .string()
  .check(z.minLength(1), z.regex(PASSWORD_PATTERN, { error: 'password' }));
const CodeSchema = z
  .string()
  .check(z.trim(), z.minLength(1), z.regex(/^\d{6}$/, { error: 'invalidFormat' }));

/**
 * The confirmation must match the new password (spec section 5). It is checked even when other
 * fields failed, so a form shows every problem at once.
 */
export const passwordsMatch = z.refine<{ password: string; confirmPassword: string }>(
  (value) => value.password === value.confirmPassword,
  {
    error: 'passwordMismatch',
    path: ['confirmPassword'],
    when: (payload) => typeof payload.value === 'object' && payload.value !== null,
  },
);

/** What a verification code is for. */
export const CODE_PURPOSES = ['register', 'login', 'reset', 'unbindWechat'] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];

/** Purposes a visitor can ask a code for; unbinding WeChat is asked for by a signed-in account. */
const PUBLIC_CODE_PURPOSES = ['register', 'login', 'reset'] as const;

/** register/sendValidateCode (query): needs a solved slider (its single-use token). */
export const SendCodeQuerySchema = z.object({
  email: EmailSchema,
  type: z.enum(PUBLIC_CODE_PURPOSES),
  captchaToken: z.string().check(z.minLength(1, { error: 'captchaRequired' }), z.maxLength(200)),
});
export const SendCodeResultSchema = z.object({
  resendAfterSeconds: z.int(),
  expiresInSeconds: z.int(),
});

/** register/checkValidateCode (query): a right code becomes a single-use ticket for the next step. */
export const CheckCodeQuerySchema = z.object({
  email: EmailSchema,
  code: CodeSchema,
  type: z.enum(['register', 'reset']),
});
export const TicketSchema = z.object({ ticket: z.string(), expiresInSeconds: z.int() });

export const RegisterRequestSchema = z
  .object({
    email: EmailSchema,
    ticket: z.string().check(z.minLength(1), z.maxLength(200)),
    password: NewPasswordSchema,
    confirmPassword: z.string(),
    agree: z.literal(true, { error: 'mustAgree' }),
  })
  .check(passwordsMatch);
export type RegisterRequest = z.infer<typeof RegisterRequestSchema>;

/**
 * The registration form: the code is checked first (it becomes the ticket of the request above),
 * so the form validates the same fields with the code in the ticket's place.
 */
export const RegisterFormSchema = z
  .object({
    email: EmailSchema,
    code: CodeSchema,
    password: NewPasswordSchema,
    confirmPassword: z.string(),
    agree: z.literal(true, { error: 'mustAgree' }),
  })
  .check(passwordsMatch);

/** The reset form, likewise with the code before the ticket. */
export const ResetPasswordFormSchema = z
  .object({
    email: EmailSchema,
    code: CodeSchema,
    password: NewPasswordSchema,
    confirmPassword: z.string(),
  })
  .check(passwordsMatch);

/** Asking for a code: only the address is needed before the slider. */
export const CodeAddressSchema = z.object({ email: EmailSchema });

export const ResetPasswordRequestSchema = z
  .object({
    email: EmailSchema,
    ticket: z.string().check(z.minLength(1), z.maxLength(200)),
    password: NewPasswordSchema,
    confirmPassword: z.string(),
  })
  .check(passwordsMatch);
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequestSchema>;

export const ChangePasswordRequestSchema = z
  .object({
    oldPassword: z.string().check(z.minLength(1), z.maxLength(128)),
    password: NewPasswordSchema,
    confirmPassword: z.string(),
  })
  .check(passwordsMatch);
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequestSchema>;

export const LoginByCodeRequestSchema = z.object({ email: EmailSchema, code: CodeSchema });
export type LoginByCodeRequest = z.infer<typeof LoginByCodeRequestSchema>;

/** existMobile: whether an e-mail or mobile already has an account. */
export const ExistQuerySchema = z.object({
  mobile: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
});
export const ExistResultSchema = z.object({ exists: z.boolean() });

export const MobileByEmailQuerySchema = z.object({ email: EmailSchema });
/** The account's mobile with the middle masked, or null. */
export const MobileByEmailResultSchema = z.object({ mobile: z.nullable(z.string()) });

/**
 * Country options (spec section 3: name, code, currency), one per dialling code of TEL_CODES:
 * the name in the request's language, the site it is, and the site's currency.
 */
export const TelCodeListSchema = z.array(
  z.object({
    code: z.string(),
    country: z.enum(SITE_CODES),
    name: z.string(),
    currency: z.nullable(z.enum(CURRENCIES)),
  }),
);
export type TelCodeOption = z.infer<typeof TelCodeListSchema>[number];
export const RegisterUrlSchema = z.object({ url: z.string() });

/** Business types of the onboarding step (decisions.md). */
export const BUSINESS_TYPES = ['crossBorder', 'local', 'both'] as const;
export type BusinessType = (typeof BUSINESS_TYPES)[number];

export const OnboardingRequestSchema = z.object({
  site: z.enum(SITE_CODES),
  businessType: z.enum(BUSINESS_TYPES),
});
export type OnboardingRequest = z.infer<typeof OnboardingRequestSchema>;

/** The login check: null until the account has onboarded (spec: "returns no data" moves to step 6). */
export const LoginCheckSchema = z.nullable(
  z.object({ site: z.enum(SITE_CODES), businessType: z.enum(BUSINESS_TYPES) }),
);

/** update_userInfo (query params, as the spec's call takes them). */
export const UpdateProfileQuerySchema = z.object({
  name: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(40))),
  headImgUrl: z.optional(
    z.string().check(z.maxLength(300), z.regex(/^(\/files\/[0-9a-f-]{36}|)$/, { error: 'url' })),
  ),
});

/** getUserInfo: the profile for account settings. */
export const ProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  headImgUrl: z.string(),
  isMain: z.boolean(),
  site: z.enum(SITE_CODES),
  businessType: z.nullable(z.enum(BUSINESS_TYPES)),
  wechat: z.nullable(z.object({ nickname: z.string(), boundAt: z.string() })),
  createdAt: z.string(),
});
export type Profile = z.infer<typeof ProfileSchema>;
