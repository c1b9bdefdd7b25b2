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
  WALLET_INSUFFICIENT_BALANCE: { code: -10, http: 200 },
  YOUR_ACCOUNT_BALANCE_IS_INSUFFICIENT: { code: 2001, http: 200 },
  PLATFORM_OAUTH_ERROR: { code: 3001, http: 200 },
  NO_AUTHORIZED_PLATFORM: { code: 3002, http: 200 },
  WAREHOUSE_NOT_BUY: { code: 4001, http: 200 },
  ROUTE_INFO_EMPTY: { code: 0, http: 0, client: true },
  NETWORK_TIMEOUT: { code: 504, http: 504, client: true },
  NETWORK_ERROR: { code: 0, http: 0, client: true },
  RESPONSE_INVALID: { code: 0, http: 0, client: true },
} as const satisfies Record<string, { code: number; http: number; client?: true }>;

export type ErrorKey = keyof typeof ERRORS;
export const ERROR_KEYS = Object.keys(ERRORS) as ErrorKey[];

export function isErrorKey(value: unknown): value is ErrorKey {
  return typeof value === 'string' && Object.hasOwn(ERRORS, value);
}

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
