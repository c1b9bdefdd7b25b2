import * as z from 'zod/mini';

/**
 * Configuration served by the server and editable without a release (decisions.md): the
 * customer-service entries (dicType CUSTOMER) and the app download addresses (dicType APP_VERSION).
 */
export const CUSTOMER_DIC_TYPE = 'CUSTOMER';
export const APP_VERSION_DIC_TYPE = 'APP_VERSION';

/**
 * Customer-service entries (spec section 3), and the hotline (decisions.md). For the official
 * account and WeChat, keyValue is the address a QR code opens (or an image of the code) and
 * remark the account's name or WeChat ID; for mail and hotline, keyValue is the address or number
 * and remark a note such as office hours.
 */
const CUSTOMER_KEYS = [
  'CUSTOMER_OFFICIAL',
  'CUSTOMER_WECHAT',
  'CUSTOMER_MAIL',
  'CUSTOMER_HOTLINE',
] as const;
export type CustomerKey = (typeof CUSTOMER_KEYS)[number];

const CustomerValueSchema = z.object({
  keyName: z.string(),
  keyValue: z.string(),
  remark: z.nullable(z.string()),
  /** A QR code image (a PNG data URL, or the configured image's address); null for plain text. */
  qrCode: z.nullable(z.string()),
});
export type CustomerValue = z.infer<typeof CustomerValueSchema>;
export const CustomerValueListSchema = z.array(CustomerValueSchema);

const APP_TYPES = ['android', 'ios'] as const;
export type AppType = (typeof APP_TYPES)[number];

/** keyName of each app's download address under APP_VERSION; its remark is the version. */
export const APP_VERSION_KEYS: Record<AppType, string> = { android: 'ANDROID', ios: 'IOS' };

export const DownloadAppQuerySchema = z.object({ type: z.enum(APP_TYPES) });

/** App version info (spec section 3): null fields while no address is configured. */
export const AppDownloadSchema = z.object({
  type: z.enum(APP_TYPES),
  downloadUrl: z.nullable(z.string()),
  version: z.nullable(z.string()),
  /** A PNG data URL of the QR code that opens downloadUrl. */
  qrCode: z.nullable(z.string()),
});
export type AppDownload = z.infer<typeof AppDownloadSchema>;
