import type auth from '../../locales/en/auth.json';
import type common from '../../locales/en/common.json';
import type dashboard from '../../locales/en/dashboard.json';
import type errors from '../../locales/en/errors.json';
import type extension from '../../locales/en/extension.json';
import type layout from '../../locales/en/layout.json';
import type members from '../../locales/en/members.json';
import type policy from '../../locales/en/policy.json';
import type settings from '../../locales/en/settings.json';
import type shops from '../../locales/en/shops.json';
import type signup from '../../locales/en/signup.json';
import type validation from '../../locales/en/validation.json';

/** Message keys are typed from the English files; the parity test keeps zh and th in step. */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      auth: typeof auth;
      common: typeof common;
      dashboard: typeof dashboard;
      errors: typeof errors;
      extension: typeof extension;
      layout: typeof layout;
      members: typeof members;
      policy: typeof policy;
      settings: typeof settings;
      shops: typeof shops;
      signup: typeof signup;
      validation: typeof validation;
    };
  }
}
