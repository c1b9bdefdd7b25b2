/**
 * The one list of error keys. Every error the server sends carries one of these keys with its
 * resp_code; clients branch on the key, never on message text. Keys marked `client` are raised by
 * the API client itself (no server round trip), so they need words too.
 *
 * HTTP status: business errors keep 200 (decisions.md), authentication 401, unknown path 404,
 * unexpected failures 500.
 */
export const ERRORS = {
  VALIDATION_FAILED: { code: 400, http: 200 },
  MALFORMED_REQUEST: { code: 400, http: 200 },
  PAYLOAD_TOO_LARGE: { code: 413, http: 413 },
  BAD_CREDENTIALS: { code: 1001, http: 200 },
  ACCOUNT_DISABLED: { code: 1002, http: 200 },
  OPERATION_FAILED: { code: 1000, http: 200 },
  CLIENT_UNAUTHORIZED: { code: 401, http: 401 },
  TOKEN_MISSING: { code: 401, http: 401 },
  TOKEN_INVALID: { code: 401, http: 401 },
  TOKEN_EXPIRED: { code: 401, http: 401 },
  NOT_FOUND: { code: 404, http: 404 },
  INTERNAL_ERROR: { code: 500, http: 500 },
  RATE_LIMITED: { code: 429, http: 200 },
  LOGIN_LOCKED: { code: 1003, http: 200 },
  ACCOUNT_EXPIRED: { code: 1004, http: 200 },
  ACCOUNT_ALREADY_REGISTERED: { code: 1005, http: 200 },
  OLD_PASSWORD_WRONG: { code: 1006, http: 200 },
  CODE_INVALID: { code: 1101, http: 200 },
  CODE_EXPIRED: { code: 1102, http: 200 },
  CODE_ATTEMPTS_EXCEEDED: { code: 1103, http: 200 },
  CODE_SEND_LIMIT: { code: 1104, http: 200 },
  CODE_RESEND_TOO_SOON: { code: 1105, http: 200 },
  TICKET_INVALID: { code: 1106, http: 200 },
  CAPTCHA_REQUIRED: { code: 1201, http: 200 },
  CAPTCHA_FAILED: { code: 1202, http: 200 },
  PERMISSION_DENIED: { code: 403, http: 200 },
  RECORD_NOT_FOUND: { code: 1404, http: 200 },
  SHORT_LINK_NOT_FOUND: { code: 1405, http: 200 },
  THIRD_PARTY_NOT_BOUND: { code: 1301, http: 200 },
  THIRD_PARTY_FAILED: { code: 1302, http: 200 },
  WECHAT_ALREADY_BOUND: { code: 1303, http: 200 },
  WECHAT_NOT_BOUND: { code: 1304, http: 200 },
  QR_CODE_EXPIRED: { code: 1305, http: 200 },
  FILE_TOO_LARGE: { code: 1401, http: 200 },
  FILE_TYPE_UNSUPPORTED: { code: 1402, http: 200 },
  ACCOUNT_IN_USE: { code: 1007, http: 200 },
  MAIL_SEND_FAILED: { code: 1008, http: 200 },
  WALLET_INSUFFICIENT_BALANCE: { code: -10, http: 200 },
  YOUR_ACCOUNT_BALANCE_IS_INSUFFICIENT: { code: 2001, http: 200 },
  IDEMPOTENCY_KEY_REUSED: { code: 1009, http: 200 },
  WALLET_FREEZE_NOT_FOUND: { code: 2002, http: 200 },
  WALLET_FREEZE_RESOLVED: { code: 2003, http: 200 },
  WALLET_FREEZE_EXISTS: { code: 2004, http: 200 },
  WALLET_REFUND_EXCEEDS_CHARGED: { code: 2005, http: 200 },
  COUPON_IN_USE: { code: 2101, http: 200 },
  COUPON_SCENE_INVALID: { code: 2102, http: 200 },
  COUPON_NOT_FOUND: { code: 2103, http: 200 },
  COUPON_USED: { code: 2104, http: 200 },
  COUPON_EXPIRED: { code: 2105, http: 200 },
  COUPON_NOT_AVAILABLE: { code: 2106, http: 200 },
  COUPON_THRESHOLD_NOT_MET: { code: 2107, http: 200 },
  COUPON_TYPE_INVALID: { code: 2108, http: 200 },
  RECHARGE_LIMIT_EXCEEDED: { code: 2201, http: 200 },
  PAYMENT_QR_EXPIRED: { code: 2202, http: 200 },
  PAYMENT_TIMEOUT: { code: 2203, http: 200 },
  PAYMENT_ORDER_CLOSED: { code: 2204, http: 200 },
  PAYMENT_ORDER_PAID: { code: 2205, http: 200 },
  TRADE_ORDER_NOT_PAYABLE: { code: 2206, http: 200 },
  PAYMENT_PROVIDER_FAILED: { code: 2207, http: 200 },
  RECHARGE_AMOUNT_TOO_SMALL: { code: 2208, http: 200 },
  PLATFORM_OAUTH_ERROR: { code: 3001, http: 200 },
  NO_AUTHORIZED_PLATFORM: { code: 3002, http: 200 },
  PLATFORM_REQUEST_FAILED: { code: 3003, http: 200 },
  PLATFORM_SIGNATURE_REJECTED: { code: 3004, http: 200 },
  PLATFORM_TIMESTAMP_REJECTED: { code: 3005, http: 200 },
  PLATFORM_TOKEN_INVALID: { code: 3006, http: 200 },
  PLATFORM_CODE_INVALID: { code: 3007, http: 200 },
  PLATFORM_RATE_LIMITED: { code: 3008, http: 200 },
  PLATFORM_UNAVAILABLE: { code: 3009, http: 200 },
  SHOP_AUTHORIZED_BY_OTHER: { code: 3010, http: 200 },
  SHOP_AUTHORIZATION_REDIRECT_FAILED: { code: 3011, http: 200 },
  LAZADA_MULTI_SITE_NEEDS_MY_ACCOUNT: { code: 3012, http: 200 },
  SHOP_AUTHORIZATION_STATE_INVALID: { code: 3013, http: 200 },
  SHOP_REAUTHORIZE_MISMATCH: { code: 3014, http: 200 },
  SHOP_NO_SITE_AVAILABLE: { code: 3015, http: 200 },
  SYNC_ALREADY_RUNNING: { code: 3016, http: 200 },
  WAREHOUSE_NOT_BUY: { code: 4001, http: 200 },
  COLLECT_FAILED: { code: 5001, http: 200 },
  COLLECT_URL_UNSUPPORTED: { code: 5002, http: 200 },
  PLUGIN_REQUIRED: { code: 5003, http: 200 },
  COLLECT_ALREADY_CLAIMED: { code: 5004, http: 200 },
  COLLECT_SHOP_UNAVAILABLE: { code: 5005, http: 200 },
  ROUTE_INFO_EMPTY: { code: 0, http: 0, client: true },
  NETWORK_TIMEOUT: { code: 504, http: 504, client: true },
  NETWORK_ERROR: { code: 0, http: 0, client: true },
  RESPONSE_INVALID: { code: 0, http: 0, client: true },
} as const satisfies Record<string, { code: number; http: number; client?: true }>;

export type ErrorKey = keyof typeof ERRORS;
export const ERROR_KEYS = Object.keys(ERRORS) as ErrorKey[];

/** Keys whose messages mean "the session is gone": they contain the word "token" in every language. */
export const TOKEN_ERROR_KEYS = [
  'TOKEN_MISSING',
  'TOKEN_INVALID',
  'TOKEN_EXPIRED',
] as const satisfies readonly ErrorKey[];

/** Keys that open a global dialog instead of a toast (spec section 8). */
export const DIALOG_ERROR_KEYS = [
  'PLATFORM_OAUTH_ERROR',
  'NO_AUTHORIZED_PLATFORM',
  'WAREHOUSE_NOT_BUY',
  'YOUR_ACCOUNT_BALANCE_IS_INSUFFICIENT',
] as const satisfies readonly ErrorKey[];
export type DialogErrorKey = (typeof DIALOG_ERROR_KEYS)[number];

export const INSUFFICIENT_BALANCE_CODE = ERRORS.WALLET_INSUFFICIENT_BALANCE.code;
