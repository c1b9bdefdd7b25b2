import enApi from '@locales/en/api.json';
import enCommon from '@locales/en/common.json';
import enErrors from '@locales/en/errors.json';
import enMail from '@locales/en/mail.json';
import enValidation from '@locales/en/validation.json';
import thApi from '@locales/th/api.json';
import thCommon from '@locales/th/common.json';
import thErrors from '@locales/th/errors.json';
import thMail from '@locales/th/mail.json';
import thValidation from '@locales/th/validation.json';
import zhApi from '@locales/zh/api.json';
import zhCommon from '@locales/zh/common.json';
import zhErrors from '@locales/zh/errors.json';
import zhMail from '@locales/zh/mail.json';
import zhValidation from '@locales/zh/validation.json';
import type { ErrorKey } from '@shared/contracts/errors';
import type { Language } from '@shared/contracts/languages';
import type { SiteCode } from '@shared/contracts/site-codes';
import type { ValidationMessageKey } from '@shared/contracts/validation';

/** The namespaces the server words its answers with; the console loads the same files. */
const RESOURCES = {
  zh: { api: zhApi, errors: zhErrors, validation: zhValidation, mail: zhMail },
  th: { api: thApi, errors: thErrors, validation: thValidation, mail: thMail },
  en: { api: enApi, errors: enErrors, validation: enValidation, mail: enMail },
} satisfies Record<
  Language,
  {
    api: typeof enApi;
    errors: Record<ErrorKey, string>;
    validation: Record<ValidationMessageKey, string>;
    mail: typeof enMail;
  }
>;

type Namespaces = (typeof RESOURCES)['en'];
export type ApiMessageKey = keyof Namespaces['api'];
type Params = Record<string, string | number>;

/** Fills `{{name}}` placeholders, the interpolation syntax i18next uses in the console. */
function interpolate(template: string, params: Params): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

export interface Translator {
  language: Language;
  message(key: ApiMessageKey, params?: Params): string;
  error(key: ErrorKey, params?: Params): string;
  validation(key: ValidationMessageKey, params?: Params): string;
  mail(key: Exclude<keyof Namespaces['mail'], 'purposes'>, params?: Params): string;
  purpose(key: keyof Namespaces['mail']['purposes']): string;
  /** A site's (country's) name, as the console names it (common.json's `sites`). */
  site(code: SiteCode): string;
}

/** The console's names of the sites, which the server's answers name too. */
const SITE_NAMES: Record<Language, Record<SiteCode, string>> = {
  zh: zhCommon.sites,
  th: thCommon.sites,
  en: enCommon.sites,
};

function makeTranslator(language: Language): Translator {
  const resources = RESOURCES[language];
  return {
    language,
    message: (key, params = {}) => interpolate(resources.api[key], params),
    error: (key, params = {}) => interpolate(resources.errors[key], params),
    validation: (key, params = {}) => interpolate(resources.validation[key], params),
    mail: (key, params = {}) => interpolate(resources.mail[key], params),
    purpose: (key) => resources.mail.purposes[key],
    site: (code) => SITE_NAMES[language][code],
  };
}

/** One translator per language, made once: every request of a language shares it. */
const TRANSLATORS = {
  zh: makeTranslator('zh'),
  th: makeTranslator('th'),
  en: makeTranslator('en'),
} satisfies Record<Language, Translator>;

export function translator(language: Language): Translator {
  return TRANSLATORS[language];
}
