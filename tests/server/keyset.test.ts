import { collectedProducts } from '@server/db/schema/index';
import { encodeCursor } from '@shared/contracts/paging';
import type { ProductDraft } from '@shared/contracts/product-draft';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSeller } from '../support/accounts';
import { createTestApp, type TestApp } from '../support/app';
import { collectDrafts } from '../support/collector';

/**
 * Keyset pages (server/lib/keyset.ts) through a list call that uses them: every row once, in the
 * list's order, forwards and back, with several rows sharing a sort key; rows added before the
 * position do not shift the pages after it; cursors not made for the list are refused.
 */

let t: TestApp;
let token: string;
/** The seller's products in the list's order (newest change first, then by id). */
let ordered: string[];

function draft(itemId: string): ProductDraft {
  return {
    site: 'aliexpress',
    itemId,
    url: `https://www.aliexpress.com/item/${itemId}.html`,
    title: `Keyset item ${itemId}`,
    currency: 'USD',
    price: { min: 1299, max: 1299 },
    tiers: [],
    skuProperties: [],
    skus: [],
    images: ['https://ae01.alicdn.com/kf/keyset.jpg'],
    description: { html: '<p>Item</p>' },
    shop: null,
    categoryPath: [],
    weightGrams: null,
    dimensionsCm: null,
    attributes: [],
    minOrderQuantity: 1,
    raw: {},
    confidence: {},
  };
}

interface Page {
  records: { id: string }[];
  total: number;
  next: string | null;
  previous: string | null;
}

async function list(query: Record<string, string>): Promise<Page> {
  const res = await t.call('GET', `/api-product/collect/list?${new URLSearchParams(query)}`, {
    token,
  });
  expect(res.body.resp_code, res.text).toBe(0);
  return res.body.datas as Page;
}

beforeAll(async () => {
  t = await createTestApp();
  const seller = await makeSeller(t, 'keyset@example.com', []);
  token = seller.token;
  const ids = (
    await collectDrafts(
      t,
      token,
      Array.from({ length: 7 }, (_, i) => draft(`10057000000${10 + i}`)),
    )
  ).map((record) => record.id);
  // Three rows share one time to the microsecond, two another; the id orders each group.
  const times = [
    '2026-03-01T10:00:00.123456Z',
    '2026-03-01T10:00:00.123456Z',
    '2026-03-01T10:00:00.123456Z',
    '2026-03-01T10:00:00.123457Z',
    '2026-03-01T09:00:00.5Z',
    '2026-03-01T09:00:00.5Z',
    '2026-02-01T00:00:00Z',
  ];
  for (const [i, id] of ids.entries())
    await t.db
      .update(collectedProducts)
      .set({ updatedAt: sql`${times[i]}::timestamptz` })
      .where(eq(collectedProducts.id, id));
  const rows = await t.db
    .select({ id: collectedProducts.id })
    .from(collectedProducts)
    .where(inArray(collectedProducts.id, ids))
    .orderBy(sql`${collectedProducts.updatedAt} desc, ${collectedProducts.id} asc`);
  ordered = rows.map((row) => row.id);
});
afterAll(() => t.close());

describe('keyset pages', () => {
  it('walks every row once in order, forwards by next and back by previous', async () => {
    const forward: string[][] = [];
    const cursors: (string | undefined)[] = [undefined];
    let page = await list({ limit: '2' });
    expect(page.previous).toBeNull();
    expect(page.total).toBe(7);
    forward.push(page.records.map((row) => row.id));
    while (page.next) {
      cursors.push(page.next);
      page = await list({ limit: '2', cursor: page.next });
      expect(page.previous).not.toBeNull();
      forward.push(page.records.map((row) => row.id));
    }
    expect(forward.map((ids) => ids.length)).toEqual([2, 2, 2, 1]);
    expect(forward.flat()).toEqual(ordered);

    // Back from the last page: the same pages in reverse, until the first (no cursor needed).
    const back: string[][] = [];
    while (page.previous) {
      page = await list({ limit: '2', cursor: page.previous });
      back.push(page.records.map((row) => row.id));
      if (page.previous) expect(page.next).not.toBeNull();
    }
    expect(back).toEqual(forward.slice(0, -1).reverse());
    // Reached backwards, the first page leads on to the second.
    expect(page.next).not.toBeNull();
    expect((await list({ limit: '2', cursor: page.next ?? '' })).records).toEqual(
      (await list({ limit: '2', cursor: cursors[1] ?? '' })).records,
    );
  });

  it('keeps the pages after a position when rows come before it', async () => {
    const first = await list({ limit: '3' });
    const [added] = await collectDrafts(t, token, [draft('1005700000099')]);
    const second = await list({ limit: '3', cursor: first.next ?? '' });
    expect(second.records.map((row) => row.id)).toEqual(ordered.slice(3, 6));
    await t.db.delete(collectedProducts).where(eq(collectedProducts.id, added?.id ?? ''));
  });

  it('still answers numbered pages, with the cursors around them', async () => {
    const second = await list({ limit: '3', page: '2' });
    expect(second.records.map((row) => row.id)).toEqual(ordered.slice(3, 6));
    const after = await list({ limit: '3', cursor: second.next ?? '' });
    expect(after.records.map((row) => row.id)).toEqual(ordered.slice(6));
    expect(after.next).toBeNull();
    const before = await list({ limit: '3', cursor: second.previous ?? '' });
    expect(before.records.map((row) => row.id)).toEqual(ordered.slice(0, 3));
    expect(before.previous).toBeNull();
  });

  it.each([
    ['not base64', '%%%'],
    ['not a position', 'bm90LWpzb24'],
    ['another direction', encodeCursor({ direction: 'n', key: [] })],
    ['too few keys', encodeCursor({ direction: 'n', key: ['2026-03-01T10:00:00Z'] })],
    ['keys of another type', encodeCursor({ direction: 'p', key: [12, 'x'] })],
    [
      'a time that is none',
      encodeCursor({ direction: 'n', key: ['tomorrow', '6f1c2b7e-0000-4000-8000-000000000000'] }),
    ],
    ['too long', 'a'.repeat(600)],
  ])('refuses a cursor %s, naming the field', async (_, cursor) => {
    const res = await t.call('GET', `/api-product/collect/list?cursor=${cursor}`, { token });
    expect(res.body.key).toBe('VALIDATION_FAILED');
    expect(res.body.resp_msg).toContain('cursor');
  });
});
