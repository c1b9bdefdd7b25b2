import i18next, { type BackendModule, type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from '../contracts/languages';

/** Set by the console build: where it put the locale files (see console/vite.config.ts). */
declare const __CMP_LOCALES__: string | undefined;

/**
 * Each language's namespaces load when a screen needs them: as JSON files in the built console,
 * as modules elsewhere (tests, dev server, extension).
 */
const loaders =
  typeof __CMP_LOCALES__ === 'string'
    ? null
    : import.meta.glob<Record<string, unknown>>('../../locales/*/*.json', { import: 'default' });

function loadMessages(language: string, namespace: string): Promise<Record<string, unknown>> {
  if (typeof __CMP_LOCALES__ === 'string') {
    return fetch(`${__CMP_LOCALES__}/${language}/${namespace}.json`).then((response) => {
      if (!response.ok) throw new Error(`No messages for ${language}/${namespace}`);
      return response.json() as Promise<Record<string, unknown>>;
    });
  }
  const load = loaders?.[`../../locales/${language}/${namespace}.json`];
  return load ? load() : Promise.reject(new Error(`No messages for ${language}/${namespace}`));
}

/**
 * Namespaces every screen needs: the shared words. The client's error words (`errors`) load with
 * the API client, forms load `validation` when they check.
 */
const BASE_NAMESPACES = ['common'] as const;

const localeBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    loadMessages(language, namespace).then(
      (messages) => callback(null, messages),
      (error: unknown) =>
        callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/** Namespaces already at hand (written into the page by the server), by name. */
export type Messages = Record<string, Record<string, unknown>>;

/**
 * An i18next instance for one language with the given namespaces loaded before it resolves.
 * `preloaded` namespaces (the page's own words) are used as they are, without a request.
 */
export async function createI18n(
  language: Language,
  namespaces: readonly string[] = BASE_NAMESPACES,
  preloaded: Messages = {},
): Promise<i18n> {
  const instance = i18next.createInstance();
  const bundled = Object.keys(preloaded).length > 0;
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
      ...(bundled ? { resources: { [language]: preloaded }, partialBundledLanguages: true } : {}),
    });
  return instance;
}

/** Endonyms: each language is named in itself, whatever the interface language. */
export const LANGUAGE_NAMES: Record<Language, string> = { zh: '中文', th: 'ไทย', en: 'English' };
