import type auth from '../../locales/en/auth.json';
import type browser from '../../locales/en/browser.json';
import type catalogue from '../../locales/en/catalogue.json';
import type collector from '../../locales/en/collector.json';
import type common from '../../locales/en/common.json';
import type dashboard from '../../locales/en/dashboard.json';
import type documentation from '../../locales/en/documentation.json';
import type errors from '../../locales/en/errors.json';
import type extension from '../../locales/en/extension.json';
import type guide from '../../locales/en/guide.json';
import type help from '../../locales/en/help.json';
import type layout from '../../locales/en/layout.json';
import type members from '../../locales/en/members.json';
import type messages from '../../locales/en/messages.json';
import type notices from '../../locales/en/notices.json';
import type orders from '../../locales/en/orders.json';
import type pay from '../../locales/en/pay.json';
import type policy from '../../locales/en/policy.json';
import type products from '../../locales/en/products.json';
import type purchases from '../../locales/en/purchases.json';
import type services from '../../locales/en/services.json';
import type settings from '../../locales/en/settings.json';
import type shops from '../../locales/en/shops.json';
import type signup from '../../locales/en/signup.json';
import type support from '../../locales/en/support.json';
import type validation from '../../locales/en/validation.json';
import type wallet from '../../locales/en/wallet.json';

/** Message keys are typed from the English files; the parity test keeps zh and th in step. */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      auth: typeof auth;
      browser: typeof browser;
      catalogue: typeof catalogue;
      collector: typeof collector;
      common: typeof common;
      dashboard: typeof dashboard;
      documentation: typeof documentation;
      errors: typeof errors;
      extension: typeof extension;
      guide: typeof guide;
      help: typeof help;
      layout: typeof layout;
      members: typeof members;
      messages: typeof messages;
      notices: typeof notices;
      orders: typeof orders;
      pay: typeof pay;
      policy: typeof policy;
      purchases: typeof purchases;
      products: typeof products;
      services: typeof services;
      settings: typeof settings;
      shops: typeof shops;
      signup: typeof signup;
      support: typeof support;
      validation: typeof validation;
      wallet: typeof wallet;
    };
  }
}
