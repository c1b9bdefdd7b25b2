import {
  type AuthorizeCallbackRequest,
  type AuthorizeResult,
  PLATFORMS,
  type Platform,
} from '@shared/contracts/shops';
import { type AuthorizeResultSearch, RESULT_SHOP_NAMES } from './authorize-route-search';

/** The result page's address for what the server answered. */
export function resultSearchOf(result: AuthorizeResult): AuthorizeResultSearch {
  const names = result.shops.map((shop) => shop.alias || shop.name).slice(0, RESULT_SHOP_NAMES);
  return {
    success: result.success,
    platform: result.platform ?? undefined,
    reason: result.success ? undefined : (result.reason ?? 'platform'),
    platformCode: result.platformCode?.slice(0, 80) || undefined,
    shops: names.length > 0 ? names : undefined,
    count: result.shops.length,
  };
}

const CALLBACK_KEYS = ['state', 'code', 'shop_id', 'main_account_id', 'error'] as const;

/**
 * The callback's fields exactly as the address has them (the raw query string), passed on as they
 * came: the server checks them.
 */
export function callbackRequestOf(searchStr: string): AuthorizeCallbackRequest {
  const params = new URLSearchParams(searchStr);
  return Object.fromEntries(
    CALLBACK_KEYS.flatMap((key) => {
      const value = params.get(key);
      return value === null ? [] : [[key, unquoted(value)]];
    }),
  );
}

/**
 * The router writes a text that looks like a number back into the address as a JSON string
 * (`shop_id=%22220000103%22`) to keep its type; the platform sent the bare text.
 */
function unquoted(value: string): string {
  if (value.length < 2 || !value.startsWith('"') || !value.endsWith('"')) return value;
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === 'string' ? parsed : value;
  } catch {
    return value;
  }
}

/** What opens the authorize dialog on the shop list from elsewhere (`?authorize=lazada&crossBorder=true`, or `any`). */
export interface AuthorizePreset {
  platform?: Platform;
  crossBorder?: boolean;
}

/** The search that opens the authorize dialog on the shop list, preset. */
export function authorizeListSearch(preset: AuthorizePreset): Record<string, string | boolean> {
  return {
    authorize: preset.platform ?? 'any',
    ...(preset.crossBorder !== undefined ? { crossBorder: preset.crossBorder } : {}),
  };
}

/** The preset the shop list's address asks for, or null when it asks for none. */
export function readAuthorizePreset(search: Record<string, unknown>): AuthorizePreset | null {
  const asked = search.authorize;
  if (asked === undefined || asked === null) return null;
  const platform = PLATFORMS.find((candidate) => candidate === asked);
  const crossBorder =
    search.crossBorder === true || search.crossBorder === 'true'
      ? true
      : search.crossBorder === false || search.crossBorder === 'false'
        ? false
        : undefined;
  return {
    ...(platform ? { platform } : {}),
    ...(crossBorder !== undefined ? { crossBorder } : {}),
  };
}
