import * as z from 'zod/mini';
import { isProxyList } from './lib/client-address';

const flag = z.optional(z.enum(['0', '1']));
const seconds = (fallback: number) =>
  z._default(z.coerce.number().check(z.int(), z.positive()), fallback);
const text = (fallback: string) => z._default(z.string().check(z.minLength(1)), fallback);
/** A value that may be absent, but not empty when given. */
const optionalText = z.optional(z.string().check(z.minLength(1)));

/** Every environment variable the server reads. This file is the only reader of process.env. */
const EnvSchema = z.object({
  PORT: z._default(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(65_535)), 8080),
  HOST: text('127.0.0.1'),
  /** Address printed for people and used in links; defaults to http://localhost:PORT. */
  PUBLIC_URL: z.optional(z.url()),
  /** Embedded database folder (PGlite keeps its files in DATA_DIR/pglite). */
  DATA_DIR: text('.data'),
  /** A PostgreSQL URL switches from the embedded database to that server. */
  DATABASE_URL: optionalText,
  /** Seed the demo account: by default on an empty embedded database; with DATABASE_URL only when 1. */
  SEED_DEMO: flag,
  /** Our own proxies, addresses or CIDR networks (IPv4, IPv6), comma-separated: whose X-Forwarded-For is believed. */
  TRUSTED_PROXIES: z.optional(z.string().check(z.refine(isProxyList))),
  SESSION_IDLE_SECONDS: seconds(12 * 60 * 60),
  SESSION_ABSOLUTE_SECONDS: seconds(7 * 24 * 60 * 60),
  CONSOLE_DIR: text('dist/console'),
  EXTENSION_DIR: text('.output/chrome-mv3'),
  EXTENSION_ZIP: text('.output/extension.zip'),
  LOG_LEVEL: z._default(z.enum(['debug', 'info', 'warn', 'error']), 'info'),
  /** smtp://user:pass@host:port (or smtps://); without it mail stays in the outbox and the log. */
  SMTP_URL: optionalText,
  MAIL_FROM: text('Seller Center <no-reply@localhost>'),
  /** The main site the header links to; default: the sandbox's stand-in for it. */
  MAIN_SITE_URL: z.optional(z.url()),
  /**
   * 1 starts the sandbox (the platforms' stand-in, a development tool) on loopback, playing every
   * channel without credentials; default 1 on the embedded database, 0 with DATABASE_URL.
   */
  SANDBOX: flag,
  /** The sandbox (the platforms' stand-in) listens here; default PORT + 1. */
  SANDBOX_PORT: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(65_535))),
  /** Real WeChat credentials; without them WeChat sign-in and binding use the sandbox. */
  WECHAT_APP_ID: optionalText,
  WECHAT_APP_SECRET: optionalText,
  WECHAT_TOKEN: optionalText,
  WECHAT_OPEN_BASE: text('https://open.weixin.qq.com'),
  /** An S3-compatible bucket for uploads (all four S3_* but the region); without it they go to DATA_DIR/media. */
  S3_ENDPOINT: z.optional(z.url()),
  S3_BUCKET: optionalText,
  S3_REGION: text('us-east-1'),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  /**
   * 1 lets the server fetch a claimed product's source images from loopback and private
   * addresses (a development or test machine); never on a server others reach.
   */
  MEDIA_FETCH_ALLOW_PRIVATE: flag,
  /** Key for marketplace tokens at rest: 64 hex characters or base64 of 32 bytes. Embedded: kept in DATA_DIR when absent. */
  TOKEN_ENCRYPTION_KEY: optionalText,
  /** Real marketplace apps; a platform without its credentials is played by the sandbox. */
  LAZADA_APP_KEY: optionalText,
  LAZADA_APP_SECRET: optionalText,
  SHOPEE_PARTNER_ID: z.optional(z.coerce.number().check(z.int(), z.positive())),
  SHOPEE_PARTNER_KEY: optionalText,
  SHOPEE_HOST: text('https://partner.shopeemobile.com'),
  TIKTOK_APP_KEY: optionalText,
  TIKTOK_APP_SECRET: optionalText,
  TIKTOK_SERVICE_ID: optionalText,
  /**
   * Real payment providers; a channel without its credentials is played by the sandbox, one with
   * only some of them stops the start. Keys: PEM (line breaks may be written \n), bare base64, or a file path.
   */
  WECHATPAY_APP_ID: optionalText,
  WECHATPAY_MCH_ID: optionalText,
  WECHATPAY_MERCHANT_SERIAL: optionalText,
  WECHATPAY_MERCHANT_PRIVATE_KEY: optionalText,
  WECHATPAY_API_V3_KEY: z.optional(z.string().check(z.length(32))),
  WECHATPAY_PUBLIC_KEY_ID: optionalText,
  WECHATPAY_PUBLIC_KEY: optionalText,
  WECHATPAY_API_BASE: text('https://api.mch.weixin.qq.com'),
  ALIPAY_APP_ID: optionalText,
  ALIPAY_APP_PRIVATE_KEY: optionalText,
  ALIPAY_PUBLIC_KEY: optionalText,
  ALIPAY_GATEWAY: text('https://openapi.alipay.com/gateway.do'),
  PROMPTPAY_BILLER_ID: z.optional(z.string().check(z.regex(/^[0-9]{13,15}$/))),
  PROMPTPAY_WEBHOOK_SECRET: z.optional(z.string().check(z.minLength(16))),
  /** Days before a shop authorization ends that the seller is warned. */
  AUTH_EXPIRY_WARNING_DAYS: z._default(
    z.coerce.number().check(z.int(), z.minimum(0), z.maximum(90)),
    7,
  ),
  ORDER_SYNC_MINUTES: z._default(z.coerce.number().check(z.int(), z.minimum(1)), 15),
  PRODUCT_SYNC_MINUTES: z._default(z.coerce.number().check(z.int(), z.minimum(1)), 60),
  WECHAT_API_BASE: text('https://api.weixin.qq.com'),
});

export type Env = z.infer<typeof EnvSchema>;

export function readEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = EnvSchema.safeParse(source);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.code}`);
  throw new Error(`Invalid environment:\n${problems.join('\n')}`);
}
