import type { SourceSite } from '@shared/contracts/product-draft';
import { sourceSiteOf } from '@shared/contracts/source-sites';
import { offerIdOf } from '@shared/sites/1688/page';
import { itemIdOf } from '@shared/sites/aliexpress/page';
import { itemIdFromUrl } from '@shared/sites/lazada/match';
import { goodsIdFromUrl } from '@shared/sites/pinduoduo/match';
import { idsFromUrl } from '@shared/sites/shopee/match';

/** How a site's product pages are told apart from its other pages, and how list pages show them. */
interface ProductLinkRule {
  /** The item's id when an address is one of the site's product pages (as its adapter reads it). */
  productIdOf(url: URL): string | null;
  /** Product cards that carry the id without a link: where, and the address made from the id. */
  cards?: { selector: string; attributes: string[]; address(id: string, page: URL): string };
}

const PRODUCT_LINK_RULES: Record<SourceSite, ProductLinkRule> = {
  '1688': {
    productIdOf: offerIdOf,
    cards: {
      selector: '[data-offerid], [data-offer-id]',
      attributes: ['data-offerid', 'data-offer-id'],
      address: (id) => `https://detail.1688.com/offer/${id}.html`,
    },
  },
  aliexpress: {
    productIdOf: itemIdOf,
    cards: {
      selector: '[data-product-id]',
      attributes: ['data-product-id'],
      address: (id, page) =>
        `https://${sourceSiteOf(page.href) === 'aliexpress' ? page.host : 'www.aliexpress.com'}/item/${id}.html`,
    },
  },
  shopee: {
    productIdOf: (url) => {
      const ids = idsFromUrl(url);
      return ids ? `${ids.shopId}.${ids.itemId}` : null;
    },
  },
  lazada: { productIdOf: itemIdFromUrl },
  pinduoduo: { productIdOf: goodsIdFromUrl },
};

/** The item id of an address when it is a product page of `site`, else null. */
export function productIdOf(site: SourceSite, address: string | URL): string | null {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  if (sourceSiteOf(url.href) !== site) return null;
  return PRODUCT_LINK_RULES[site].productIdOf(url);
}

/** The most addresses one page hands to the bulk queue at once. */
export const PAGE_LINKS_MAX = 500;

/**
 * The product pages a list, search or shop page of `site` links to: each item once, in page
 * order, without the page's own item, as absolute addresses without a fragment.
 */
export function gatherProductLinks(
  document: Document,
  site: SourceSite,
  limit = PAGE_LINKS_MAX,
): string[] {
  const page = new URL(document.URL);
  const rule = PRODUCT_LINK_RULES[site];
  const own = productIdOf(site, page);
  const seen = new Set<string>(own ? [own] : []);
  const links: string[] = [];
  const add = (url: URL) => {
    if (links.length >= limit) return;
    const id = productIdOf(site, url);
    if (!id || seen.has(id)) return;
    seen.add(id);
    url.hash = '';
    links.push(url.href);
  };

  for (const anchor of document.querySelectorAll('a[href]')) {
    const href = anchor.getAttribute('href') ?? '';
    if (!href || href.startsWith('#') || /^(javascript|mailto|tel):/i.test(href)) continue;
    try {
      add(new URL(href, document.baseURI));
    } catch {
      // An address the browser cannot read either.
    }
  }
  const { cards } = rule;
  if (cards) {
    for (const card of document.querySelectorAll(cards.selector)) {
      const id = cards.attributes.map((name) => card.getAttribute(name)?.trim()).find(Boolean);
      if (id && /^\d{6,}$/.test(id)) add(new URL(cards.address(id, page)));
    }
  }
  return links;
}
