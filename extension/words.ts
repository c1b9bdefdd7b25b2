import { failures as enFailures } from '@locales/en/collector.json';
import {
  COLLECT_FAILED as enCollectFailed,
  NETWORK_ERROR as enNetworkError,
  NETWORK_TIMEOUT as enNetworkTimeout,
  OPERATION_FAILED as enOperationFailed,
  RESPONSE_INVALID as enResponseInvalid,
  COLLECT_URL_UNSUPPORTED as enUrlUnsupported,
} from '@locales/en/errors.json';
import { collect as enCollect } from '@locales/en/extension.json';
import { failures as thFailures } from '@locales/th/collector.json';
import {
  COLLECT_FAILED as thCollectFailed,
  NETWORK_ERROR as thNetworkError,
  NETWORK_TIMEOUT as thNetworkTimeout,
  OPERATION_FAILED as thOperationFailed,
  RESPONSE_INVALID as thResponseInvalid,
  COLLECT_URL_UNSUPPORTED as thUrlUnsupported,
} from '@locales/th/errors.json';
import { collect as thCollect } from '@locales/th/extension.json';
import { failures as zhFailures } from '@locales/zh/collector.json';
import {
  COLLECT_FAILED as zhCollectFailed,
  NETWORK_ERROR as zhNetworkError,
  NETWORK_TIMEOUT as zhNetworkTimeout,
  OPERATION_FAILED as zhOperationFailed,
  RESPONSE_INVALID as zhResponseInvalid,
  COLLECT_URL_UNSUPPORTED as zhUrlUnsupported,
} from '@locales/zh/errors.json';
import { collect as zhCollect } from '@locales/zh/extension.json';
import type { Language } from '@shared/contracts/languages';
import type { ExtractionFailureKind } from '@shared/contracts/product-draft';

/**
 * The collector's words where React and i18next are not loaded (the buttons on source pages and
 * the background's answers): the `collect` object of extension.json and the failure words of
 * collector.json, taken one object at a time so that a page script carries only these.
 */
export type CollectWords = typeof enCollect;
type FailureWords = typeof enFailures;

const COLLECT: Record<Language, CollectWords> = { en: enCollect, zh: zhCollect, th: thCollect };
const FAILURES: Record<Language, FailureWords> = { en: enFailures, zh: zhFailures, th: thFailures };

/** The client's own error words the background may need when the server gave none. */
const CLIENT_ERRORS = {
  en: {
    COLLECT_FAILED: enCollectFailed,
    COLLECT_URL_UNSUPPORTED: enUrlUnsupported,
    NETWORK_ERROR: enNetworkError,
    NETWORK_TIMEOUT: enNetworkTimeout,
    OPERATION_FAILED: enOperationFailed,
    RESPONSE_INVALID: enResponseInvalid,
  },
  zh: {
    COLLECT_FAILED: zhCollectFailed,
    COLLECT_URL_UNSUPPORTED: zhUrlUnsupported,
    NETWORK_ERROR: zhNetworkError,
    NETWORK_TIMEOUT: zhNetworkTimeout,
    OPERATION_FAILED: zhOperationFailed,
    RESPONSE_INVALID: zhResponseInvalid,
  },
  th: {
    COLLECT_FAILED: thCollectFailed,
    COLLECT_URL_UNSUPPORTED: thUrlUnsupported,
    NETWORK_ERROR: thNetworkError,
    NETWORK_TIMEOUT: thNetworkTimeout,
    OPERATION_FAILED: thOperationFailed,
    RESPONSE_INVALID: thResponseInvalid,
  },
} as const;
export type ClientErrorKey = keyof (typeof CLIENT_ERRORS)['en'];

/** Fills `{{name}}` placeholders, as i18next does. */
export function fill(text: string, values: Record<string, string | number> = {}): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

export function collectWords(language: Language): CollectWords {
  return COLLECT[language];
}

/** Why a page gave no product, and what the seller can do about it. */
export function failureWords(
  language: Language,
  kind: ExtractionFailureKind,
  missing: readonly string[] = [],
): { message: string; hint: string } {
  const words = FAILURES[language][kind];
  return {
    message: words.message,
    hint: fill(words.hint, { missing: missing.length ? missing.join(', ') : '-' }),
  };
}

export function clientErrorWords(language: Language, key: ClientErrorKey): string {
  return CLIENT_ERRORS[language][key];
}
