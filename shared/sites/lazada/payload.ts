/**
 * Where a Lazada/Daraz page keeps its product: `var __moduleData__ = {data:{root:{fields}}}` or
 * `app.run({data:{root:{fields}}})` (the same object under two spellings), the JSON-in-a-string
 * `var pdpTrackingData = "…"`, and the page's summary for search engines (og tags, LD+JSON
 * `Product`). Also the Alibaba "punish" captcha markers that replace the page for suspicious
 * sessions.
 */
import { jsonAfter, jsonInString } from '../common/scan';

import { asArray, at, isRecord, type Json, record } from '../common/values';
import { itemIdFromUrl } from './match';

export { asArray, isRecord, type Json, record };

/** Where a page names an item besides its page data: the address's item, another one, or none. */
type Naming = 'item' | 'other' | 'none';

export interface LazadaPage {
  /** `data.root.fields`, and the script spelling it came from. */
  fields: Json | null;
  source: '__moduleData__' | 'app.run' | null;
  /** `pdpTrackingData`, decoded twice. */
  tracking: Json;
  /** The LD+JSON `Product` block (empty if none), read only when a fallback needs it. */
  product: () => Json;
  /** A head meta value (`og:title`, `og:image`), by property or name. */
  meta: (key: string) => string | null;
  /** Whether the head (og:url, canonical link) and the LD+JSON `Product` name this item. */
  naming: (itemId: string) => Naming;
}

const PAYLOAD_MARKERS = [
  ['__moduleData__', '__moduleData__'],
  ['app.run(', 'app.run'],
] as const;

/** Keys by which a fields object saved on its own (without `data.root`) is recognised. */
const FIELD_KEYS = ['primaryKey', 'skuInfos', 'productOption', 'product', 'tracking'];

/**
 * The fields object wherever the payload roots it: `data.root.fields` (both spellings) or
 * `root.fields`, whatever they hold (a publisher may reduce them to one field); or a `fields`
 * object saved on its own, recognised by its keys.
 */
function fieldsOf(value: unknown): Json | null {
  for (const candidate of [at(value, 'data', 'root', 'fields'), at(value, 'root', 'fields')]) {
    if (isRecord(candidate)) return candidate;
  }
  for (const candidate of [at(value, 'fields'), value]) {
    if (isRecord(candidate) && FIELD_KEYS.some((key) => isRecord(candidate[key]))) {
      return candidate;
    }
  }
  return null;
}

/** The string literal assigned after `marker` (`var x = "…"`), unescaped; null if none parses. */
function stringAfter(text: string, marker: string): string | null {
  for (let at = text.indexOf(marker); at >= 0; at = text.indexOf(marker, at + 1)) {
    let i = at + marker.length;
    while (i < text.length && /[\s=:]/.test(text[i] ?? '')) i += 1;
    if (text[i] !== '"') continue;
    let end = i + 1;
    while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
    try {
      const value: unknown = JSON.parse(text.slice(i, end + 1));
      if (typeof value === 'string') return value;
    } catch {
      // Not a string literal: try the next occurrence.
    }
  }
  return null;
}

function ldProduct(document: Document): Json {
  for (const script of document.querySelectorAll('script[type="application/ld+json"]')) {
    try {
      const block: unknown = JSON.parse(script.textContent ?? '');
      for (const entry of Array.isArray(block) ? block : [block]) {
        if (isRecord(entry) && entry['@type'] === 'Product') return entry;
      }
    } catch {
      // A broken block is skipped.
    }
  }
  return {};
}

function metaOf(document: Document, key: string): string | null {
  const value = document
    .querySelector(`meta[property="${key}"], meta[name="${key}"]`)
    ?.getAttribute('content')
    ?.trim();
  return value || null;
}

/** The item id of an address the page states (Daraz writes og:url with a trailing slash). */
function itemIdOfAddress(address: unknown, base: string): string | null {
  if (typeof address !== 'string' || !address.trim()) return null;
  try {
    const url = new URL(address.trim(), base);
    url.pathname = url.pathname.replace(/\/+$/, '');
    return itemIdFromUrl(url);
  } catch {
    return null;
  }
}

/** An item code of the LD+JSON block as text (`sku` may be `<itemId>_<venture>-<skuId>`). */
function codeOf(value: unknown): string | null {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  if (typeof value !== 'string' || !value.trim()) return null;
  return value.trim().split('_')[0] ?? null;
}

/**
 * Whether the page's summary names the item, in two places independent of the page data: the
 * head (og:url, canonical link) and the LD+JSON `Product` (its addresses, and `productID`, `mpn`
 * and `sku`, which Lazada fills with the item id). A place whose addresses name another item,
 * and none this one, makes the page another item's.
 */
function namingOf(document: Document, product: Json, itemId: string): Naming {
  const offers = product.offers;
  const places = [
    {
      addresses: [
        metaOf(document, 'og:url'),
        document.querySelector('link[rel="canonical"]')?.getAttribute('href'),
      ],
      codes: [],
    },
    {
      addresses: [product.url, at(offers, 'url'), ...asArray(offers).map((o) => at(o, 'url'))],
      codes: [product.productID, product.mpn, product.sku],
    },
  ];
  let named = false;
  for (const place of places) {
    const ids = place.addresses.map((address) => itemIdOfAddress(address, document.URL));
    if (ids.includes(itemId) || place.codes.map(codeOf).includes(itemId)) named = true;
    else if (ids.some((id) => id !== null)) return 'other';
  }
  return named ? 'item' : 'none';
}

/** Reads the page's data from its inline scripts (`texts`, each read once by the caller). */
export function readPage(document: Document, texts: string[]): LazadaPage {
  let fields: Json | null = null;
  let source: LazadaPage['source'] = null;
  let tracking: Json = {};
  for (const text of texts) {
    for (const [marker, name] of PAYLOAD_MARKERS) {
      if (fields || !text.includes(marker)) continue;
      fields = fieldsOf(jsonAfter(text, marker));
      if (fields) source = name;
    }
    if (Object.keys(tracking).length === 0 && text.includes('pdpTrackingData')) {
      tracking = record(jsonInString(stringAfter(text, 'pdpTrackingData')));
    }
  }
  let product: Json | null = null;
  const ld = () => (product ??= ldProduct(document));
  return {
    fields,
    source,
    tracking,
    product: ld,
    meta: (key) => metaOf(document, key),
    naming: (itemId) => namingOf(document, ld(), itemId),
  };
}

const CAPTCHA_TITLE = /captcha interception/i;
const CAPTCHA_SLIDER = 'nc_1_n1z';
const CAPTCHA_CLASSES = ['baxia-punish', 'punish-component'];

/**
 * The Alibaba "punish" slider page by its cheapest signs, its title and its slider's id (one
 * lookup each): read before anything else, on any address.
 */
export function showsCaptcha(document: Document): boolean {
  return CAPTCHA_TITLE.test(document.title) || document.getElementById(CAPTCHA_SLIDER) !== null;
}

/**
 * The slider's other markers, dearer to look for (its container's class, a walk of the whole
 * document; the tmd/x5sec markers in the scripts): only on a product address without page data.
 */
export function hidesCaptcha(document: Document, texts: string[]): boolean {
  if (CAPTCHA_CLASSES.some((name) => document.getElementsByClassName(name).length > 0)) {
    return true;
  }
  return texts.some((text) => text.includes('_____tmd_____/punish') || text.includes('x5secdata'));
}
