import type { AuthorizeCallbackRequest, AuthorizeFailure, Platform } from '@shared/contracts/shops';

// The route table reads these on the console's first load, so they check by hand against copies
// of the contract's lists (the contract module would bring the schema library to the login page).
// The types below keep the copies equal to the contract's lists.

type Exactly<List extends readonly string[], Union extends string> = [
  Exclude<Union, List[number]>,
] extends [never]
  ? List
  : never;

const PLATFORM_LIST = ['lazada', 'shopee', 'tiktok'] as const satisfies readonly Platform[];
const FAILURE_LIST = [
  'authorizedByOther',
  'redirectFailed',
  'lazadaMultiSite',
  'stateInvalid',
  'stateUsed',
  'stateExpired',
  'signInRequired',
  'otherAccount',
  'reauthorizeMismatch',
  'noSite',
  'platform',
] as const satisfies readonly AuthorizeFailure[];
const PLATFORMS: Exactly<typeof PLATFORM_LIST, Platform> = PLATFORM_LIST;
const AUTHORIZE_FAILURES: Exactly<typeof FAILURE_LIST, AuthorizeFailure> = FAILURE_LIST;

/** At most this many shop names travel in the result page's address; the count says the rest. */
export const RESULT_SHOP_NAMES = 10;
const MAX_TEXT = 200;

/** What /authorize/authorizeResult shows, as its address carries it. */
export interface AuthorizeResultSearch {
  success?: boolean | undefined;
  platform?: Platform | undefined;
  reason?: AuthorizeFailure | undefined;
  platformCode?: string | undefined;
  /** Names of the shops now authorized (the first few). */
  shops?: string[] | undefined;
  /** How many shops were authorized. */
  count?: number | undefined;
}

/** A value the router read from the address, as text when it was a number ("10001"). */
function text(value: unknown, max = MAX_TEXT): string | undefined {
  const raw = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
  return typeof raw === 'string' && raw !== '' && raw.length <= max ? raw : undefined;
}

function oneOf<T extends string>(list: readonly T[], value: unknown): T | undefined {
  return list.find((entry) => entry === value);
}

function flag(value: unknown): boolean | undefined {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  return undefined;
}

/**
 * The router's validateSearch for /authorize/authorizeResult: every field is checked on its own,
 * so a hand-edited address loses only what is wrong and the page still opens. Every key is
 * answered, undefined when wrong: the router lays the answer over what the address said.
 */
export function validateAuthorizeResultSearch(
  search: Record<string, unknown>,
): AuthorizeResultSearch {
  const success = flag(search.success);
  const platform = oneOf(PLATFORMS, search.platform);
  const reason = oneOf(AUTHORIZE_FAILURES, search.reason);
  const platformCode = text(search.platformCode, 80);
  const shops =
    Array.isArray(search.shops) && search.shops.length <= RESULT_SHOP_NAMES
      ? search.shops.flatMap((name) => {
          const kept = text(name);
          return kept ? [kept] : [];
        })
      : [];
  const count = typeof search.count === 'string' ? Number(search.count) : search.count;
  return {
    success,
    platform,
    reason,
    platformCode,
    shops: shops.length > 0 ? shops : undefined,
    count:
      typeof count === 'number' && Number.isInteger(count) && count >= 0 && count <= 10_000
        ? count
        : undefined,
  };
}

const CALLBACK_KEYS = ['state', 'code', 'shop_id', 'main_account_id', 'error'] as const;

/**
 * The router's validateSearch for /authorize/authorizeCallback: the fields a platform sends back,
 * as text. The page itself reads the raw query (a long numeric code must not pass through a number).
 */
export function validateAuthorizeCallbackSearch(search: Record<string, unknown>): {
  [Key in keyof AuthorizeCallbackRequest]: string | undefined;
} {
  return Object.fromEntries(
    CALLBACK_KEYS.map((key) => [key, text(search[key], key === 'code' ? 500 : MAX_TEXT)]),
  );
}
