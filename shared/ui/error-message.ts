import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/errors';

/**
 * The words for a failed call: the server's translated resp_msg when it sent one, else the
 * client's own message for the error key, else a generic one.
 */
export function describeError(t: TFunction<['common', 'errors']>, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.serverMessage) return error.serverMessage;
    // The client's own words for its key, when it has some (no key list needed on the page).
    const own = error.key
      ? t(`errors:${error.key}` as 'errors:NETWORK_ERROR', { defaultValue: '' })
      : '';
    if (own) return own;
  }
  return t('common:messages.error');
}

/** describeError bound to the current language, for components; stable while the language is. */
export function useErrorText(): (error: unknown) => string {
  // `errors` arrives with the API client; asking for it here would load it with the page.
  const { i18n } = useTranslation('common');
  const language = i18n.language;
  return useCallback(
    (error: unknown) => describeError(i18n.getFixedT(language, ['common', 'errors']), error),
    [i18n, language],
  );
}
