import type { ExtractionFailureKind } from '@shared/contracts/product-draft';
import { absolute } from '../common/values';

/**
 * The offer id of a 1688 address: `detail.1688.com/offer/<id>.html`, `m.1688.com/offer/<id>.html`,
 * or `?offerId=<id>` (the mobile page), else null.
 */
export function offerIdOf(url: URL): string | null {
  const path = /\/offer\/(\d{6,})\.html?$/.exec(url.pathname);
  if (path?.[1]) return path[1];
  const query = url.searchParams.get('offerId');
  return query && /^\d{6,}$/.test(query) ? query : null;
}

/** The Alibaba anti-bot ("punish") slider that replaces any page of the family. */
const CAPTCHA_IDS = ['nc_1_n1z', 'baxia-punish', 'nocaptcha'];
const CAPTCHA_TITLES = /captcha interception|验证码拦截|滑动验证|安全验证/i;

export function isCaptcha(document: Document, url: URL): boolean {
  if (url.pathname.includes('_____tmd_____')) return true;
  if (CAPTCHA_TITLES.test(document.title)) return true;
  return CAPTCHA_IDS.some((id) => document.getElementById(id) !== null);
}

/** Markers looked at only once no offer data was found. */
const LOGIN_HOSTS = /^(login|passport)\./;
const LOGIN_SELECTORS =
  'iframe[src*="login.1688.com"], iframe[src*="login.taobao.com"], form#login-form, #loginchina';
const LOGIN_TITLES = /^\s*(1688\s*)?(登录|会员登录|账号登录)|sign in/i;
const ERROR_TEXT =
  /页面不存在|商品已下架|该商品已下架|商品已失效|offer不存在|暂时无法访问|404 not found/i;

/** The sign-in page the site sends visitors to (its own host, or a sign-in title). */
export function isLoginPage(document: Document, url: URL): boolean {
  return (
    LOGIN_HOSTS.test(url.hostname) ||
    /\/member\/signin/.test(url.pathname) ||
    LOGIN_TITLES.test(document.title)
  );
}

/** Why a page without offer data gives no product: a login wall, an error, a listing, or null. */
export function pageWithoutOffer(
  document: Document,
  url: URL,
  script: (pattern: RegExp) => boolean,
): ExtractionFailureKind | null {
  if (script(/_____tmd_____\/(punish|verify)/)) return 'captcha';
  if (document.getElementsByClassName('punish-component').length) return 'captcha';
  if (isLoginPage(document, url) || document.querySelector(LOGIN_SELECTORS)) return 'loginWall';
  const heading = document.querySelector('h1, .error-title, .mod-error')?.textContent ?? '';
  if (ERROR_TEXT.test(document.title) || ERROR_TEXT.test(heading)) return 'errorPage';
  if (document.querySelector('meta[name="splus-scene"][content="search"]')) return 'notProduct';
  if (
    document.querySelectorAll('a[href*="/offer/"], [data-offerid], [data-offer-id]').length >= 5
  ) {
    return 'notProduct';
  }
  return null;
}

/** The visible title when the data holds none: the title heading, og:title, or the <title>. */
export function titleFromDom(document: Document): string | null {
  const heading = document.querySelector('#productTitle h1, .title-content h1, .d-title h1');
  const og = document.querySelector('meta[property="og:title"]')?.getAttribute('content');
  const candidates = [heading?.textContent, og, document.title.replace(/\s*-\s*阿里巴巴\s*$/, '')];
  for (const candidate of candidates) {
    const value = candidate?.trim();
    if (value) return value;
  }
  return null;
}

/** The shop name and address in the shop navigation bar. */
export function shopFromDom(document: Document): { name: string; url: string | null } | null {
  const heading = document.querySelector('#shopNavigation h1[title]');
  const name = heading?.getAttribute('title')?.trim();
  if (!name) return null;
  const link =
    heading?.closest('a') ?? document.querySelector('#shopNavigation a[href*=".1688.com"]');
  const href = absolute(link?.getAttribute('href')?.trim() ?? null);
  return { name, url: href ? new URL(href).origin : null };
}
