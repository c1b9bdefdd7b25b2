import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/errors';
import { isErrorKey } from '../contracts/errors';

/**
 * The words for a failed call: the server's translated resp_msg when it sent one, else the
 * client's own message for the error key, else a generic one.
 */
export function describeError(t: TFunction<['common', 'errors']>, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.serverMessage) return error.serverMessage;
    if (isErrorKey(error.key)) return t(`errors:${error.key}`);
  }
  return t('common:messages.error');
}

/** describeError bound to the current language, for components; stable while the language is. */
export function useErrorText(): (error: unknown) => string {
  const { t } = useTranslation(['common', 'errors']);
  return useCallback((error: unknown) => describeError(t, error), [t]);
}
