import type { ExtractionFailureKind } from '@shared/contracts/product-draft';
import { absolute, distinct } from '../common/values';
import { originalImage } from './values';

/**
 * The product id of an AliExpress address: `/item/<id>.html`, `/i/<id>.html` (mobile),
 * `/item/<slug>/<id>.html` (old), or `?productId=<id>`; else null.
 */
export function itemIdOf(url: URL): string | null {
  const path = /\/(?:item|i)\/(?:[^/]+\/)?(\d{6,})\.html?$/.exec(url.pathname);
  if (path?.[1]) return path[1];
  const query = url.searchParams.get('productId');
  return query && /^\d{6,}$/.test(query) ? query : null;
}

/** The Alibaba anti-bot ("punish") page served in place of any page. */
const CAPTCHA_IDS = ['nc_1_n1z', 'baxia-punish', 'nocaptcha'];
const CAPTCHA_TITLES = /captcha interception|验证码拦截|滑动验证/i;

export function isCaptcha(document: Document, url: URL): boolean {
  if (url.pathname.includes('_____tmd_____')) return true;
  if (CAPTCHA_TITLES.test(document.title)) return true;
  return CAPTCHA_IDS.some((id) => document.getElementById(id) !== null);
}

const LOGIN_HOSTS = /^(login|passport)\./;
const LOGIN_TITLES = /^\s*(sign in|log in|login)\b|登录/i;

/** The sign-in page the site sends visitors to (its own host, or a sign-in title). */
export function isLoginPage(document: Document, url: URL): boolean {
  return LOGIN_HOSTS.test(url.hostname) || LOGIN_TITLES.test(document.title);
}

const LOGIN_SELECTORS =
  'iframe[src*="passport.aliexpress.com"], iframe[src*="login.aliexpress.com"], #fm-login-id';
const ERROR_TEXT =
  /page not found|404|no longer available|item is not available|this product is unavailable|商品不存在/i;

/** Why a page without product data gives no product: login, error, a listing, or null. */
export function pageWithoutProduct(
  document: Document,
  url: URL,
  script: (pattern: RegExp) => boolean,
): ExtractionFailureKind | null {
  if (script(/_____tmd_____\/(punish|verify)|action\s*:\s*['"]captcha['"]/)) return 'captcha';
  if (document.getElementsByClassName('punish-component').length) return 'captcha';
  if (isLoginPage(document, url) || document.querySelector(LOGIN_SELECTORS)) return 'loginWall';
  const heading = document.querySelector('h1, .not-found, .error-title')?.textContent ?? '';
  if (ERROR_TEXT.test(document.title) || ERROR_TEXT.test(heading)) return 'errorPage';
  if (document.querySelectorAll('[data-product-id], a[href*="/item/"]').length >= 5) {
    return 'notProduct';
  }
  return null;
}

/** Title of a page whose data has none: the product heading, og:title, or the <title>. */
export function titleFromDom(document: Document): string | null {
  const heading = document.querySelector(
    'h1.product-name, .product-title-text, h1[itemprop="name"]',
  );
  const og = document.querySelector('meta[property="og:title"]')?.getAttribute('content');
  const title = document.title.split('|')[0]?.replace(/\s*-\s*AliExpress.*$/i, '');
  for (const candidate of [heading?.textContent, og, title]) {
    const value = candidate?.replace(/\s+/g, ' ').trim();
    if (value) return value;
  }
  return null;
}

/** One SKU axis as the ≤2018 page lists it: its label and each value's id, name and image. */
export interface DomAxis {
  name: string;
  values: { id: string; name: string; image: string | null }[];
}

/** ≤2018: `#j-product-info-sku dl.p-property-item`, values as `a[data-sku-id]`. */
export function skuAxesFromDom(document: Document): DomAxis[] {
  const axes: DomAxis[] = [];
  for (const item of document.querySelectorAll('#j-product-info-sku .p-property-item')) {
    const name = item
      .querySelector('.p-item-title')
      ?.textContent?.replace(/[:：]\s*$/, '')
      .trim();
    if (!name) continue;
    const values: DomAxis['values'] = [];
    for (const link of item.querySelectorAll('a[data-sku-id]')) {
      const id = link.getAttribute('data-sku-id')?.trim();
      const image = link.querySelector('img');
      const valueName =
        link.getAttribute('title')?.trim() ||
        link.querySelector('span')?.textContent?.trim() ||
        image?.getAttribute('title')?.trim();
      if (!id || !valueName) continue;
      const picture = image?.getAttribute('bigpic') ?? image?.getAttribute('src') ?? null;
      values.push({ id, name: valueName, image: originalImage(picture) });
    }
    if (values.length) axes.push({ name, values });
  }
  return axes;
}

/** ≤2018: the gallery thumbnails (`_50x50` copies of the originals). */
export function imagesFromDom(document: Document): string[] {
  const thumbnails = document.querySelectorAll('#j-image-thumb-list img, .image-thumb-list img');
  return distinct([...thumbnails].map((image) => originalImage(image.getAttribute('src'))));
}

/** ≤2018: the store link in the seller box. */
export function shopFromDom(
  document: Document,
): { id: string | null; name: string; url: string | null } | null {
  const link = document.querySelector('a.store-lnk, .shop-name a, .store-name a');
  const name = link?.textContent?.trim();
  if (!link || !name) return null;
  const url = absolute(link.getAttribute('href')?.trim() ?? null);
  return { id: url ? (/\/store\/(\d+)/.exec(url)?.[1] ?? null) : null, name, url };
}

/** ≤2018: the breadcrumb, without its "Home" and "All Categories" steps. */
export function categoriesFromDom(document: Document): string[] {
  const steps = [...document.querySelectorAll('.ui-breadcrumb a, .m-sop-crumb a')]
    .map((link) => link.textContent?.trim() ?? '')
    .filter((name) => name && !/^(home|all categories)$/i.test(name));
  return distinct(steps);
}
