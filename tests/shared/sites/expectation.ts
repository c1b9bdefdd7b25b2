import { readdirSync, readFileSync } from 'node:fs';
import type {
  ExtractionFailureKind,
  ProductDraft,
  SourceSite,
} from '@shared/contracts/product-draft';
import type { ExtractInput } from '@shared/sites/common/draft';
import { parseDocument } from '../../support/dom';

/**
 * What a fixture page must give, written by reading the page by eye: either a failure kind, or
 * the draft fields that must match (`toMatchObject`), plus checks of their own.
 */
export interface Expectation {
  /** The address the page was served at (an item URL of its site). */
  url: string;
  /**
   * How the saved file reaches the adapter: an HTML page (default), or a JSON payload the page
   * received from the given API address (`captured`), or a JSON object the page had in a script
   * assignment (`script`: the text before the object, e.g. "window.__INIT_DATA=").
   */
  load?: { captured: string } | { script: string };
  failure?: ExtractionFailureKind;
  draft?: Partial<{ [K in keyof ProductDraft]: unknown }>;
  check?: (draft: ProductDraft) => void;
}

export type Expectations = Record<string, Expectation>;

/**
 * A list or search page of each site (an address without an item id), at which any saved page
 * must be refused from its address alone.
 */
export const LIST_ADDRESSES: Record<SourceSite, string> = {
  '1688': 'https://s.1688.com/selloffer/offer_search.htm?keywords=%C8%D5%D3%C3%C6%B7',
  aliexpress: 'https://www.aliexpress.com/w/wholesale-headphones.html',
  shopee: 'https://shopee.vn/search?keyword=tai%20nghe',
  lazada: 'https://www.lazada.com.ph/catalog/?q=earphones',
  pinduoduo: 'https://mobile.yangkeduo.com/search_result.html?search_key=%E6%89%98%E7%9B%98',
};

/** The saved pages of a site (every file of its folder that an adapter can be given). */
export function savedPages(folder: string): string[] {
  return readdirSync(folder)
    .filter((name) => /\.(html|json)$/.test(name))
    .sort();
}

/** The expectations written for one site's saved pages (`<site>.expected.ts`). */
export async function expectationsOf(site: string): Promise<Expectations> {
  const module = (await import(`./${site}.expected.ts`)) as { EXPECTED: Expectations };
  return module.EXPECTED;
}

/** The adapter's input for a saved page, loaded the way its expectation says. */
export function inputOf(file: string, expectation: Expectation): ExtractInput {
  const text = readFileSync(file, 'utf8');
  const load = expectation.load;
  if (load && 'captured' in load) {
    const document = parseDocument(
      '<!doctype html><html><head></head><body></body></html>',
      expectation.url,
    );
    return { url: expectation.url, document, captured: [{ url: load.captured, body: text }] };
  }
  const html =
    load && 'script' in load
      ? `<!doctype html><html><head><script>${load.script}${text};</script></head><body></body></html>`
      : text;
  return { url: expectation.url, document: parseDocument(html, expectation.url) };
}
