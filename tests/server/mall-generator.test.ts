import { searchColumnsOf } from '@server/modules/catalogue/catalogue-write';
import { generateProduct } from '@server/seed/catalogue-generator';
import { generateBatch, TopPostings } from '@server/seed/mall-load';
import { describe, expect, it } from 'vitest';

/**
 * The generator's postings (server/seed/mall-load.ts): per token, the best mall products by sales
 * then id, both descending, as the search reads catalogue_token_top; made in parts on several
 * threads and merged.
 */

const SEED = 5;
const SUPPLIERS = 100;
const ROWS = 1200;
const DEPTH = 4;

/** Per token, the DEPTH best mall products of the first ROWS, sorted plainly. */
function reference(): Map<string, string[]> {
  const holders = new Map<string, { sales: number; id: string }[]>();
  for (let i = 0; i < ROWS; i++) {
    const product = generateProduct(SEED, i, SUPPLIERS);
    if (product.source !== 'mall') continue;
    for (const token of searchColumnsOf(product).tokens) {
      const list = holders.get(token) ?? [];
      list.push({ sales: product.salesCount ?? 0, id: product.id });
      holders.set(token, list);
    }
  }
  const best = new Map<string, string[]>();
  for (const [token, list] of holders) {
    list.sort((a, b) => b.sales - a.sales || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
    best.set(
      token,
      list.slice(0, DEPTH).map((h) => `${h.sales}\t${h.id}`),
    );
  }
  return best;
}

/** The postings' COPY text as token → its lines (sales, id) in the order they were kept. */
function postingsOf(top: TopPostings): Map<string, string[]> {
  const byToken = new Map<string, string[]>();
  for (const line of top.copyText().text.split('\n').filter(Boolean)) {
    const [token, sales, id] = line.split('\t');
    const list = byToken.get(token ?? '') ?? [];
    list.push(`${sales}\t${id}`);
    byToken.set(token ?? '', list);
  }
  for (const list of byToken.values())
    list.sort((a, b) => {
      const [sa, ia] = a.split('\t');
      const [sb, ib] = b.split('\t');
      return Number(sb) - Number(sa) || ((ia ?? '') < (ib ?? '') ? 1 : -1);
    });
  return byToken;
}

describe('the generator’s postings', () => {
  it('keeps each token’s best sellers by sales then id, made on two threads and merged', () => {
    const expected = reference();
    // Ties in sales are many (a third of the products sold nothing): the ids decide.
    expect(
      [...expected.values()].some(
        (list) => new Set(list.map((l) => l.split('\t')[0])).size < list.length,
      ),
    ).toBe(true);

    const whole = new TopPostings(SEED, DEPTH);
    generateBatch({ seed: SEED, from: 0, to: ROWS, suppliers: SUPPLIERS, copy: false }, whole);
    expect(postingsOf(whole)).toEqual(expected);

    // Two threads, each with every other batch, merged as the load merges them.
    const parts = [new TopPostings(SEED, DEPTH), new TopPostings(SEED, DEPTH)];
    for (let from = 0, k = 0; from < ROWS; from += 100, k++)
      generateBatch(
        { seed: SEED, from, to: from + 100, suppliers: SUPPLIERS, copy: true },
        parts[k % 2] as TopPostings,
      );
    const merged = new TopPostings(SEED, DEPTH);
    for (const part of parts) merged.merge(part.export());
    expect(postingsOf(merged)).toEqual(expected);
  });

  it('writes a batch as COPY text: one line per product and SKU, every token counted once per product', () => {
    const batch = generateBatch(
      { seed: SEED, from: 10, to: 60, suppliers: SUPPLIERS, copy: true },
      null,
    );
    const products = Array.from({ length: 50 }, (_, k) => generateProduct(SEED, 10 + k, SUPPLIERS));
    expect(batch.products.split('\n').filter(Boolean)).toHaveLength(50);
    expect(batch.skus.split('\n').filter(Boolean)).toHaveLength(
      products.reduce((sum, p) => sum + p.skus.length, 0),
    );
    const df = new Map(batch.df);
    const first = products[0];
    for (const token of first ? searchColumnsOf(first).tokens : [])
      expect(df.get(token)).toBe(
        products.filter((p) => searchColumnsOf(p).tokens.includes(token)).length,
      );
    expect(batch.products).toContain(first?.id);
    expect(batch.products.split('\n')[0]?.split('\t')).toHaveLength(33);
  });
});
