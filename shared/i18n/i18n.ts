import i18next, { type BackendModule, type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from '../contracts/languages';

/** Each language's namespaces are their own small chunks, fetched when a screen needs them. */
const loaders = import.meta.glob<Record<string, unknown>>('../../locales/*/*.json', {
  import: 'default',
});

/** Namespaces every screen needs: shared words and error messages. Forms load `validation` when they check. */
const BASE_NAMESPACES = ['common', 'errors'] as const;

const localeBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    const load = loaders[`../../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(new Error(`No messages for ${language}/${namespace}`), null);
      return;
    }
    load().then(
      (messages) => callback(null, messages),
      (error: unknown) =>
        callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/** An i18next instance for one language with the given namespaces loaded before it resolves. */
export async function createI18n(
  language: Language,
  namespaces: readonly string[] = BASE_NAMESPACES,
): Promise<i18n> {
  const instance = i18next.createInstance();
  await instance
    .use(localeBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      supportedLngs: [...LANGUAGES],
      fallbackLng: false,
      ns: [...new Set([...BASE_NAMESPACES, ...namespaces])],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
    });
  return instance;
}

/** Endonyms: each language is named in itself, whatever the interface language. */
export const LANGUAGE_NAMES: Record<Language, string> = { zh: '中文', th: 'ไทย', en: 'English' };
