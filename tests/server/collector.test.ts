import { readFileSync } from 'node:fs';
import { collectedProducts, products } from '@server/db/schema/index';
import { rateBetween } from '@server/modules/products/product-access';
import { PLUGIN_HEADER } from '@shared/contracts/collector';
import { convertAtRate, landedCostPrice } from '@shared/contracts/landed-cost';
import type { ProductDraft } from '@shared/contracts/product-draft';
import type { ProductDetail } from '@shared/contracts/products';
import { sourceSiteOf } from '@shared/contracts/source-sites';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSeller, makeSubAccount } from '../support/accounts';
import { createTestApp, type TestApp } from '../support/app';
import { collectDrafts } from '../support/collector';
import { readLocale } from '../support/locales';
import { authorizeStoredShop } from '../support/shops';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Seller = Awaited<ReturnType<typeof makeSeller>>;

/** A 1688 offer in CNY with quantity tiers and two SKUs. */
function offer1688(itemId: string, overrides: Partial<ProductDraft> = {}): ProductDraft {
  return {
    site: '1688',
    itemId,
    url: `https://detail.1688.com/offer/${itemId}.html`,
    title: `Stainless steel vacuum flask ${itemId}`,
    currency: 'CNY',
    price: { min: 1520, max: 2350 },
    tiers: [
      { minQuantity: 2, price: 1850 },
      { minQuantity: 50, price: 1680 },
      { minQuantity: 200, price: 1520 },
    ],
    skuProperties: [
      {
        id: '450',
        name: 'Capacity',
        values: [
          { id: 'v1', name: '500ml', image: null },
          { id: 'v2', name: '750ml', image: null },
        ],
      },
    ],
    skus: [
      {
        id: 'sku-500',
        values: { '450': 'v1' },
        price: 1850,
        originalPrice: 2100,
        stock: 300,
        available: true,
        image: null,
      },
      {
        id: 'sku-750',
        values: { '450': 'v2' },
        price: 2350,
        originalPrice: 2600,
        stock: 120,
        available: true,
        image: null,
      },
    ],
    images: ['https://cbu01.alicdn.com/img/ibank/flask-main.jpg'],
    description: { html: '<p>Double wall</p><script>alert(1)</script>' },
    shop: { id: '2208857268011', name: 'Yuebei Daily Goods', url: null },
    categoryPath: ['Home', 'Drinkware'],
    weightGrams: 420,
    dimensionsCm: { length: 8, width: 8, height: 24 },
    attributes: [{ name: 'Material', value: '304 stainless steel' }],
    minOrderQuantity: 2,
    raw: { offerId: itemId },
    confidence: {},
    ...overrides,
  };
}

/** An AliExpress item in USD without SKUs. */
function aliItem(itemId: string, overrides: Partial<ProductDraft> = {}): ProductDraft {
  return offer1688(itemId, {
    site: 'aliexpress',
    url: `https://www.aliexpress.com/item/${itemId}.html`,
    title: `Wireless earbuds ${itemId}`,
    currency: 'USD',
    price: { min: 1299, max: 1299 },
    tiers: [],
    skuProperties: [],
    skus: [],
    minOrderQuantity: 1,
    ...overrides,
  });
}

const PLUGIN = { [PLUGIN_HEADER]: '0.1.0' };

const collect = (token: string, drafts: ProductDraft[]) => collectDrafts(t, token, drafts);

async function list(token: string, query: Record<string, string> = {}) {
  const res = await t.call('GET', `/api-product/collect/list?${new URLSearchParams(query)}`, {
    token,
  });
  expect(res.body.resp_code, res.text).toBe(0);
  return res.body.datas as {
    records: Record<string, any>[];
    total: number;
    counts: { unclaimed: number; claimed: number };
  };
}

async function detail(token: string, id: string) {
  const res = await t.call('GET', `/api-product/collect/detail?id=${id}`, { token });
  expect(res.body.resp_code, res.text).toBe(0);
  return res.body.datas as Record<string, any>;
}

/** An edit that keeps everything of the draft but what `changes` names. */
function editOf(draft: ProductDraft, id: string, changes: Record<string, unknown> = {}) {
  return {
    id,
    title: draft.title,
    images: draft.images,
    skus: [],
    price: draft.price,
    descriptionHtml: null,
    weightGrams: draft.weightGrams,
    dimensionsCm: draft.dimensionsCm,
    ...changes,
  };
}

const claim = (token: string, ids: string[], shopIds: string[]) =>
  t.call('POST', '/api-product/collect/claim', { token, json: { ids, shopIds } });

const productsOf = (collectIds: string[]) =>
  t.db.select().from(products).where(inArray(products.collectId, collectIds));

let counter = 0;
const nextEmail = (name: string) => `${name}-${++counter}@example.com`;

describe('POST /api-product/collect/add', () => {
  let seller: Seller;
  beforeAll(async () => {
    seller = await makeSeller(t, nextEmail('collect'), ['Flask shop']);
  });

  it('takes products only from the plug-in', async () => {
    // A seller of its own: its box is empty, whatever the describe's other tests collected first.
    const seller = await makeSeller(t, nextEmail('plugin-only'), []);
    const res = await t.call('POST', '/api-product/collect/add', {
      token: seller.token,
      json: { drafts: [offer1688('610000000001')] },
      language: 'th',
    });
    expect(res.body).toMatchObject({
      key: 'PLUGIN_REQUIRED',
      datas: null,
      resp_msg: readLocale('th', 'errors').PLUGIN_REQUIRED,
    });
    expect((await list(seller.token)).counts).toEqual({ unclaimed: 0, claimed: 0 });

    const records = await collect(seller.token, [offer1688('610000000001'), aliItem('1005001')]);
    expect(records).toEqual([
      {
        id: expect.any(String),
        site: '1688',
        itemId: '610000000001',
        title: 'Stainless steel vacuum flask 610000000001',
        created: true,
      },
      expect.objectContaining({ site: 'aliexpress', itemId: '1005001', created: true }),
    ]);
    const stored = await detail(seller.token, records[0]?.id ?? '');
    expect(stored).toMatchObject({
      status: 'unclaimed',
      claims: [],
      edited: false,
      currency: 'CNY',
      priceMin: 1520,
      priceMax: 2350,
      skuCount: 2,
      image: 'https://cbu01.alicdn.com/img/ibank/flask-main.jpg',
    });
    // Stored HTML is sanitised; the source snapshot is kept once, with the original.
    expect(stored.draft.description).toEqual({ html: '<p>Double wall</p>' });
    expect(stored.draft.raw).toBeNull();
    expect(stored.original.raw).toEqual({ offerId: '610000000001' });
  });

  it('refuses a draft whose address is not on its site, and keeps none of the batch', async () => {
    const res = await t.call('POST', '/api-product/collect/add', {
      token: seller.token,
      headers: PLUGIN,
      json: {
        drafts: [
          offer1688('610000000002'),
          offer1688('610000000003', { url: 'https://www.aliexpress.com/item/610000000003.html' }),
        ],
      },
    });
    expect(res.body).toMatchObject({
      key: 'COLLECT_URL_UNSUPPORTED',
      datas: { index: 1, url: 'https://www.aliexpress.com/item/610000000003.html' },
    });
    const phishing = await t.call('POST', '/api-product/collect/add', {
      token: seller.token,
      headers: PLUGIN,
      json: { drafts: [offer1688('610000000004', { url: 'https://1688.com.evil.test/offer/1' })] },
    });
    expect(phishing.body.key).toBe('COLLECT_URL_UNSUPPORTED');
    // None of the refused batches was kept (what the file's other tests collected may be there).
    const page = await list(seller.token, { keyword: '61000000000' });
    const refused = ['610000000002', '610000000003', '610000000004'];
    expect(page.records.map((row) => row.itemId).filter((id) => refused.includes(id))).toEqual([]);
  });

  it('names the field of a malformed draft', async () => {
    const res = await t.call('POST', '/api-product/collect/add', {
      token: seller.token,
      headers: PLUGIN,
      json: { drafts: [{ ...offer1688('610000000005'), currency: 'yuan' }] },
    });
    expect(res.body.key).toBe('VALIDATION_FAILED');
    expect(res.body.datas.fields.map((f: { field: string }) => f.field)).toEqual([
      'drafts.0.currency',
    ]);
  });

  it('refreshes an item collected again: the original always, the draft unless edited, claims kept', async () => {
    const [plain, kept] = await collect(seller.token, [
      offer1688('620000000001'),
      offer1688('620000000002'),
    ]);
    const keptId = kept?.id ?? '';
    const before = await detail(seller.token, keptId);
    const edited = await t.call('POST', '/api-product/collect/update', {
      token: seller.token,
      json: editOf(before.draft, keptId, {
        title: 'My flask',
        skus: [{ id: 'sku-500', price: 1990, stock: 10 }],
      }),
    });
    expect(edited.body.resp_code, edited.text).toBe(0);
    const claimed = await claim(seller.token, [keptId], [seller.shops[0]?.id ?? '']);
    expect(claimed.body.resp_code, claimed.text).toBe(0);

    t.clock.advance(60_000);
    const again = await collect(seller.token, [
      offer1688('620000000001', { title: 'Flask, new title', price: { min: 1600, max: 2400 } }),
      offer1688('620000000002', { title: 'Flask, renamed by supplier' }),
    ]);
    expect(again.map((record) => [record.id, record.created, record.title])).toEqual([
      [plain?.id, false, 'Flask, new title'],
      [keptId, false, 'My flask'],
    ]);
    const refreshed = await detail(seller.token, plain?.id ?? '');
    expect(refreshed).toMatchObject({ title: 'Flask, new title', priceMin: 1600, edited: false });
    expect(refreshed.draft.title).toBe('Flask, new title');
    expect(refreshed.collectedAt).toBe(t.clock.now().toISOString());

    const mine = await detail(seller.token, keptId);
    expect(mine).toMatchObject({
      title: 'My flask',
      edited: true,
      status: 'claimed',
      claims: [{ shopId: seller.shops[0]?.id, shopName: 'Flask shop', platform: 'lazada' }],
    });
    expect(mine.draft.title).toBe('My flask');
    expect(mine.draft.skus[0].price).toBe(1990);
    expect(mine.original.title).toBe('Flask, renamed by supplier');
  });

  it('collects one item twice in a batch as one row', async () => {
    const records = await collect(seller.token, [
      aliItem('1005099', { title: 'First read' }),
      aliItem('1005099', { title: 'Second read' }),
    ]);
    expect(records.map((record) => record.created)).toEqual([true, false]);
    expect(records[0]?.id).toBe(records[1]?.id);
    expect((await detail(seller.token, records[0]?.id ?? '')).title).toBe('Second read');
  });
});

describe('GET /api-product/collect/list', () => {
  let seller: Seller;
  let ids: string[];
  beforeAll(async () => {
    seller = await makeSeller(t, nextEmail('list'), ['List shop']);
    ids = [];
    const drafts = [
      offer1688('700000000001', { title: 'Glass TEAPOT 600ml' }),
      offer1688('700000000002', { title: 'Bamboo cutting board' }),
      aliItem('1005700000003', { title: '100% cotton towel' }),
      aliItem('1005700000004', { title: 'Silicone spatula set_of_3' }),
      offer1688('700000000005', { title: 'Ceramic teapot' }),
    ];
    for (const draft of drafts) {
      t.clock.advance(1000);
      ids.push(...(await collect(seller.token, [draft])).map((record) => record.id));
    }
    const claimed = await claim(seller.token, [ids[1] ?? ''], [seller.shops[0]?.id ?? '']);
    expect(claimed.body.resp_code, claimed.text).toBe(0);
    // Another seller's products never show.
    const other = await makeSeller(t, nextEmail('list-other'), []);
    await collect(other.token, [offer1688('700000000009', { title: 'Teapot of another seller' })]);
  });

  it('answers a tab newest first, with both tabs counted', async () => {
    const unclaimed = await list(seller.token);
    expect(unclaimed.records.map((row) => row.id)).toEqual([ids[4], ids[3], ids[2], ids[0]]);
    expect(unclaimed.total).toBe(4);
    expect(unclaimed.counts).toEqual({ unclaimed: 4, claimed: 1 });
    const claimed = await list(seller.token, { status: 'claimed' });
    expect(claimed.records).toEqual([
      expect.objectContaining({
        id: ids[1],
        status: 'claimed',
        claims: [
          {
            shopId: seller.shops[0]?.id,
            shopName: 'List shop',
            platform: 'lazada',
            productId: expect.any(String),
            claimedAt: expect.any(String),
          },
        ],
      }),
    ]);
  });

  it('pages', async () => {
    const second = await list(seller.token, { page: '2', limit: '3' });
    expect(second.records.map((row) => row.id)).toEqual([ids[0]]);
    expect(second.total).toBe(4);
    const beyond = await list(seller.token, { page: '5', limit: '3' });
    expect(beyond.records).toEqual([]);
  });

  it('finds by title, item id or address, ignoring case, with wildcards taken literally', async () => {
    const teapots = await list(seller.token, { keyword: 'teapot' });
    expect(teapots.records.map((row) => row.id)).toEqual([ids[4], ids[0]]);
    expect(teapots.counts).toEqual({ unclaimed: 2, claimed: 0 });
    expect((await list(seller.token, { keyword: '700000000002', status: 'claimed' })).total).toBe(
      1,
    );
    expect((await list(seller.token, { keyword: 'ALIEXPRESS.COM/item' })).total).toBe(2);
    expect((await list(seller.token, { keyword: '100%' })).records.map((r) => r.id)).toEqual([
      ids[2],
    ]);
    expect((await list(seller.token, { keyword: 'set_of' })).total).toBe(1);
    expect((await list(seller.token, { keyword: '%' })).total).toBe(1);
    expect((await list(seller.token, { keyword: '_' })).total).toBe(1);
  });

  it('filters by site, counting both tabs with the same filter', async () => {
    const ali = await list(seller.token, { site: 'aliexpress' });
    expect(ali.records.map((row) => row.id)).toEqual([ids[3], ids[2]]);
    expect(ali.counts).toEqual({ unclaimed: 2, claimed: 0 });
    const board = await list(seller.token, { site: '1688', keyword: 'board' });
    expect(board.counts).toEqual({ unclaimed: 0, claimed: 1 });
  });

  it('refuses a bad query with the field named', async () => {
    const res = await t.call('GET', '/api-product/collect/list?site=taobao&limit=500', {
      token: seller.token,
    });
    expect(res.body.key).toBe('VALIDATION_FAILED');
    expect(res.body.datas.fields.map((f: { field: string }) => f.field).sort()).toEqual([
      'limit',
      'site',
    ]);
  });
});

describe('POST /api-product/collect/update', () => {
  let seller: Seller;
  beforeAll(async () => {
    seller = await makeSeller(t, nextEmail('edit'), []);
  });

  it('applies the edit to the draft and the listing, leaving the original as read', async () => {
    const [record] = await collect(seller.token, [offer1688('800000000001')]);
    const id = record?.id ?? '';
    const before = await detail(seller.token, id);
    t.clock.advance(5000);
    const res = await t.call('POST', '/api-product/collect/update', {
      token: seller.token,
      json: editOf(before.draft, id, {
        title: '  Vacuum flask 750ml  ',
        images: ['https://img.example.com/b.jpg', 'https://img.example.com/a.jpg'],
        skus: [
          { id: 'sku-750', price: 2990, stock: 0 },
          { id: 'sku-500', price: 990, stock: null },
        ],
        price: { min: 1, max: 2 },
        descriptionHtml: '<p onclick="steal()">Keeps tea hot</p><img src="javascript:alert(1)">',
        weightGrams: 450,
        dimensionsCm: null,
      }),
    });
    expect(res.body.resp_code, res.text).toBe(0);
    expect(res.body.datas).toMatchObject({
      id,
      title: 'Vacuum flask 750ml',
      image: 'https://img.example.com/b.jpg',
      priceMin: 990,
      priceMax: 2990,
      skuCount: 2,
      edited: true,
      updatedAt: t.clock.now().toISOString(),
    });
    const { draft, original } = res.body.datas;
    expect(draft.price).toEqual({ min: 990, max: 2990 });
    expect(
      draft.skus.map((sku: Record<string, unknown>) => [sku.id, sku.price, sku.stock]),
    ).toEqual([
      ['sku-500', 990, null],
      ['sku-750', 2990, 0],
    ]);
    expect(draft.description).toEqual({ html: '<p>Keeps tea hot</p><img>' });
    expect(draft).toMatchObject({ weightGrams: 450, dimensionsCm: null });
    expect(original.title).toBe('Stainless steel vacuum flask 800000000001');
    expect(original.skus[0].price).toBe(1850);
  });

  it('takes the product’s own price when it has no SKUs', async () => {
    const [record] = await collect(seller.token, [aliItem('1005800000002')]);
    const id = record?.id ?? '';
    const before = await detail(seller.token, id);
    const res = await t.call('POST', '/api-product/collect/update', {
      token: seller.token,
      json: editOf(before.draft, id, { price: { min: 1500, max: null }, descriptionHtml: 'Plain' }),
    });
    expect(res.body.datas).toMatchObject({ priceMin: 1500, priceMax: 1500, skuCount: 0 });
    expect(res.body.datas.draft.price).toEqual({ min: 1500, max: 1500 });
    expect(res.body.datas.draft.description).toEqual({ html: 'Plain' });
  });

  it('names the fields it refuses, in the request’s language', async () => {
    const [record] = await collect(seller.token, [offer1688('800000000003')]);
    const id = record?.id ?? '';
    const before = await detail(seller.token, id);
    const invalid = readLocale('zh', 'validation').invalid;
    const unknownSku = await t.call('POST', '/api-product/collect/update', {
      token: seller.token,
      language: 'zh',
      json: editOf(before.draft, id, {
        skus: [
          { id: 'sku-500', price: 100, stock: 1 },
          { id: 'sku-999', price: 100, stock: 1 },
        ],
        price: { min: 300, max: 200 },
      }),
    });
    expect(unknownSku.body).toMatchObject({
      key: 'VALIDATION_FAILED',
      datas: {
        fields: [
          { field: 'skus.1.id', message: invalid },
          { field: 'price.max', message: invalid },
        ],
      },
    });
    expect(unknownSku.body.resp_msg).toContain('skus.1.id');

    const malformed = await t.call('POST', '/api-product/collect/update', {
      token: seller.token,
      language: 'th',
      json: editOf(before.draft, id, {
        title: '   ',
        images: [],
        skus: [{ id: 'sku-500', price: -1, stock: 1 }],
      }),
    });
    expect(malformed.body.key).toBe('VALIDATION_FAILED');
    const fields = malformed.body.datas.fields as { field: string; message: string }[];
    expect(fields.map((f) => f.field)).toEqual(['title', 'images', 'skus.0.price']);
    expect(fields[0]?.message).toBe(readLocale('th', 'validation').required);
    // Nothing changed.
    const after = await detail(seller.token, id);
    expect(after.edited).toBe(false);
    expect(after.draft).toEqual(before.draft);
  });

  it('finds only the account’s own products', async () => {
    const other = await makeSeller(t, nextEmail('edit-other'), []);
    const [record] = await collect(seller.token, [offer1688('800000000004')]);
    const id = record?.id ?? '';
    const before = await detail(seller.token, id);
    const res = await t.call('POST', '/api-product/collect/update', {
      token: other.token,
      json: editOf(before.draft, id, { title: 'Taken' }),
    });
    expect(res.body).toMatchObject({ key: 'RECORD_NOT_FOUND', datas: null });
    const read = await t.call('GET', `/api-product/collect/detail?id=${id}`, {
      token: other.token,
    });
    expect(read.body).toMatchObject({ key: 'RECORD_NOT_FOUND', datas: null });
    expect((await detail(seller.token, id)).title).toBe(before.title);
  });
});

describe('POST /api-product/collect/delete', () => {
  it('removes products from the box; products claimed from them stay', async () => {
    const seller = await makeSeller(t, nextEmail('delete'), ['Keep shop']);
    const [a, b, c] = await collect(seller.token, [
      offer1688('900000000001'),
      offer1688('900000000002'),
      offer1688('900000000003'),
    ]);
    const claimed = await claim(seller.token, [a?.id ?? ''], [seller.shops[0]?.id ?? '']);
    expect(claimed.body.resp_code, claimed.text).toBe(0);
    const productId = claimed.body.datas.products[0].productId;

    const res = await t.call('POST', '/api-product/collect/delete', {
      token: seller.token,
      json: { ids: [a?.id, b?.id] },
    });
    expect(res.body.datas).toEqual({ deleted: 2 });
    const rest = await list(seller.token);
    expect(rest.records.map((row) => row.id)).toEqual([c?.id]);
    expect(rest.counts).toEqual({ unclaimed: 1, claimed: 0 });
    const [product] = await t.db.select().from(products).where(eq(products.id, productId));
    expect(product).toMatchObject({
      collectId: null,
      sourceItemId: '900000000001',
      status: 'wait',
    });
  });

  it('deletes nothing when one id is not the account’s', async () => {
    const seller = await makeSeller(t, nextEmail('delete-none'), []);
    const other = await makeSeller(t, nextEmail('delete-other'), []);
    const [mine] = await collect(seller.token, [offer1688('910000000001')]);
    const [theirs] = await collect(other.token, [offer1688('910000000001')]);
    for (const ids of [
      [mine?.id, theirs?.id],
      [mine?.id, crypto.randomUUID()],
    ]) {
      const res = await t.call('POST', '/api-product/collect/delete', {
        token: seller.token,
        json: { ids },
      });
      expect(res.body).toMatchObject({ key: 'RECORD_NOT_FOUND', datas: null });
    }
    const rows = await t.db
      .select()
      .from(collectedProducts)
      .where(inArray(collectedProducts.id, [mine?.id ?? '', theirs?.id ?? '']));
    expect(rows).toHaveLength(2);
  });
});

describe('POST /api-product/collect/claim', () => {
  let seller: Seller;
  beforeAll(async () => {
    seller = await makeSeller(t, nextEmail('claim'), ['Lazada TH', 'Shopee TH', 'TikTok TH']);
    const saved = await t.call('POST', '/admin/pluginmanage/save', {
      token: seller.token,
      json: {
        defaultShopIds: [],
        pricing: { markupPercent: 15, rounding: 'ninetyNine' },
        bulkPerMinute: 12,
      },
    });
    expect(saved.body.resp_code, saved.text).toBe(0);
  });
  const shop = (index: number) => seller.shops[index]?.id ?? '';

  it('makes a waiting product per product and shop, priced with the pricing template', async () => {
    const [flask] = await collect(seller.token, [offer1688('950000000001')]);
    const flaskId = flask?.id ?? '';
    t.clock.advance(1000);
    const res = await claim(seller.token, [flaskId], [shop(0), shop(1)]);
    expect(res.body.resp_code, res.text).toBe(0);
    const made = res.body.datas.products as {
      productId: string;
      shopId: string;
      readiness: { errors: number; warnings: number };
    }[];
    expect(made).toEqual([
      {
        collectId: flaskId,
        shopId: shop(0),
        productId: expect.any(String),
        status: 'wait',
        readiness: expect.any(Object),
      },
      {
        collectId: flaskId,
        shopId: shop(1),
        productId: expect.any(String),
        status: 'wait',
        readiness: expect.any(Object),
      },
    ]);
    const rows = await productsOf([flaskId]);
    expect(rows).toHaveLength(2);
    // Checked for publishing in its shop at the claim (no category yet: not ready).
    for (const one of made) {
      const row = rows.find((candidate) => candidate.id === one.productId);
      expect(one.readiness.errors).toBeGreaterThan(0);
      expect(one.readiness).toEqual({
        errors: row?.readinessErrors,
        warnings: row?.readinessWarnings,
      });
    }
    const lazada = rows.find((row) => row.shopId === shop(0));
    // 15 % up, then up to the next .99: 18.50 -> 21.28 -> 21.99; 23.50 -> 27.03 -> 27.99;
    // 21.00 -> 24.15 -> 24.99; 26.00 -> 29.90 -> 29.99; 16.80 -> 19.32 -> 19.99; 15.20 -> 17.48 -> 17.99.
    expect(lazada).toMatchObject({
      ownerId: seller.user.id,
      platform: 'lazada',
      status: 'wait',
      sourceSite: '1688',
      sourceItemId: '950000000001',
      sourceUrl: 'https://detail.1688.com/offer/950000000001.html',
      title: 'Stainless steel vacuum flask 950000000001',
      createdBy: seller.user.id,
    });
    expect(lazada?.data?.price).toEqual({ min: 1799, max: 2799 });
    // Listed in the Thai shop's baht at once: from the CNY cost through the shop's landed-cost
    // template (the draft's CNY prices are the cost, not what the shop sells at).
    const priced = await t.call('GET', `/product/product/detail?id=${lazada?.id}`, {
      token: seller.token,
    });
    const shopDetail = priced.body.datas as ProductDetail;
    expect(shopDetail.currency).toBe('THB');
    expect(shopDetail.costing).toMatchObject({ from: 'CNY', to: 'THB' });
    const selling = shopDetail.skus.map((sku) => {
      const landed = landedCostPrice({
        costMinor: sku.costPrice ?? 0,
        weightGrams: shopDetail.packageWeightGrams,
        dimensionsCm:
          shopDetail.packageLengthCm && shopDetail.packageWidthCm && shopDetail.packageHeightCm
            ? {
                length: shopDetail.packageLengthCm,
                width: shopDetail.packageWidthCm,
                height: shopDetail.packageHeightCm,
              }
            : null,
        rate: shopDetail.costing?.rate ?? '0',
        to: 'THB',
        template: shopDetail.pricing,
      });
      expect(sku.sellingPrice).toBe(landed.sellingPrice);
      return landed.sellingPrice;
    });
    expect(shopDetail.skus.map((sku) => sku.costPrice)).toEqual([1850, 2350]);
    expect(lazada).toMatchObject({
      currency: 'THB',
      priceMinMinor: Math.min(...selling),
      priceMaxMinor: Math.max(...selling),
    });
    expect(lazada?.data?.tiers.map((tier) => tier.price)).toEqual([2199, 1999, 1799]);
    expect(lazada?.data?.skus.map((sku) => [sku.price, sku.originalPrice])).toEqual([
      [2199, 2499],
      [2799, 2999],
    ]);
    expect(rows.find((row) => row.shopId === shop(1))?.platform).toBe('shopee');

    const after = await detail(seller.token, flaskId);
    expect(after.status).toBe('claimed');
    expect(after.claims.map((c: { shopName: string }) => c.shopName)).toEqual([
      'Lazada TH',
      'Shopee TH',
    ]);
    // Claiming into one more shop later keeps the first claim's time.
    const [stored] = await t.db
      .select()
      .from(collectedProducts)
      .where(eq(collectedProducts.id, flaskId));
    t.clock.advance(1000);
    expect((await claim(seller.token, [flaskId], [shop(2)])).body.resp_code).toBe(0);
    const [later] = await t.db
      .select()
      .from(collectedProducts)
      .where(eq(collectedProducts.id, flaskId));
    expect(later?.claimedAt).toEqual(stored?.claimedAt);
  });

  it('refuses the whole claim when a shop already holds one of the items, naming every pair', async () => {
    const [a, b] = await collect(seller.token, [
      offer1688('960000000001', { title: 'Kettle' }),
      aliItem('1005960000002', { title: 'Earbuds' }),
    ]);
    const aId = a?.id ?? '';
    const bId = b?.id ?? '';
    expect((await claim(seller.token, [aId], [shop(0)])).body.resp_code).toBe(0);
    const before = await t.db.select().from(products);

    const res = await claim(seller.token, [aId, bId], [shop(0), shop(1)]);
    expect(res.body).toMatchObject({
      key: 'COLLECT_ALREADY_CLAIMED',
      resp_msg: readLocale('en', 'errors').COLLECT_ALREADY_CLAIMED,
      datas: {
        conflicts: [{ collectId: aId, title: 'Kettle', shopId: shop(0), shopName: 'Lazada TH' }],
      },
    });
    expect(await t.db.select().from(products)).toHaveLength(before.length);
    expect((await detail(seller.token, bId)).status).toBe('unclaimed');

    // The same source item in the shop from elsewhere (the box row deleted and collected again).
    await t.call('POST', '/api-product/collect/delete', {
      token: seller.token,
      json: { ids: [aId] },
    });
    const [again] = await collect(seller.token, [offer1688('960000000001', { title: 'Kettle 2' })]);
    const second = await claim(seller.token, [again?.id ?? ''], [shop(0)]);
    expect(second.body).toMatchObject({
      key: 'COLLECT_ALREADY_CLAIMED',
      datas: { conflicts: [{ collectId: again?.id, title: 'Kettle 2', shopName: 'Lazada TH' }] },
    });
  });

  it('gives one of two simultaneous claims of the same pair, and refuses the other', async () => {
    const [item] = await collect(seller.token, [offer1688('970000000001')]);
    const id = item?.id ?? '';
    const results = await Promise.all([
      claim(seller.token, [id], [shop(1)]),
      claim(seller.token, [id], [shop(1)]),
    ]);
    expect(results.map((res) => res.body.key ?? 'ok').sort()).toEqual([
      'COLLECT_ALREADY_CLAIMED',
      'ok',
    ]);
    expect(await productsOf([id])).toHaveLength(1);
  });

  it('refuses a product not in the box, and a shop that is abnormal or not the account’s', async () => {
    const [item] = await collect(seller.token, [offer1688('980000000001')]);
    const id = item?.id ?? '';
    const missing = await claim(seller.token, [id, crypto.randomUUID()], [shop(0)]);
    expect(missing.body).toMatchObject({ key: 'RECORD_NOT_FOUND', datas: null });

    const other = await makeSeller(t, nextEmail('claim-other'), ['Other shop']);
    const foreign = await claim(seller.token, [id], [shop(0), other.shops[0]?.id ?? '']);
    expect(foreign.body).toMatchObject({
      key: 'COLLECT_SHOP_UNAVAILABLE',
      datas: { shopIds: [other.shops[0]?.id] },
    });
    const theirs = await claim(other.token, [id], [other.shops[0]?.id ?? '']);
    expect(theirs.body.key).toBe('RECORD_NOT_FOUND');

    const sick = await makeSeller(t, nextEmail('claim-abnormal'), ['Expired shop']);
    const sickShop = sick.shops[0]?.id ?? '';
    await authorizeStoredShop(t, sickShop, {
      abnormal: { key: 'PLATFORM_TOKEN_INVALID', code: 'IllegalAccessToken', message: null },
    });
    const [own] = await collect(sick.token, [offer1688('980000000002')]);
    const abnormal = await claim(sick.token, [own?.id ?? ''], [sickShop]);
    expect(abnormal.body).toMatchObject({
      key: 'COLLECT_SHOP_UNAVAILABLE',
      datas: { shopIds: [sickShop] },
    });
    expect(await productsOf([id, own?.id ?? ''])).toHaveLength(0);
  });

  it('lets a sub-account claim only into the shops it was given, and see only the box of its main account', async () => {
    const sub = await makeSubAccount(t, seller.token, nextEmail('claim-sub'), [shop(2)]);
    const [item] = await collect(seller.token, [offer1688('990000000001', { title: 'Mug' })]);
    const id = item?.id ?? '';
    const refused = await claim(sub.token, [id], [shop(0)]);
    expect(refused.body).toMatchObject({
      key: 'COLLECT_SHOP_UNAVAILABLE',
      datas: { shopIds: [shop(0)] },
    });
    expect(await productsOf([id])).toHaveLength(0);
    const given = await claim(sub.token, [id], [shop(2)]);
    expect(given.body.resp_code, given.text).toBe(0);
    t.clock.advance(1000);
    expect((await claim(seller.token, [id], [shop(0)])).body.resp_code).toBe(0);

    // The sub-account sees its main account's box, with the claims into its own shops only.
    const seen = await list(sub.token, { status: 'claimed', keyword: 'Mug' });
    expect(seen.records).toHaveLength(1);
    expect(seen.records[0]?.claims.map((c: { shopId: string }) => c.shopId)).toEqual([shop(2)]);
    const all = await list(seller.token, { status: 'claimed', keyword: 'Mug' });
    expect(all.records[0]?.claims.map((c: { shopId: string }) => c.shopId)).toEqual([
      shop(2),
      shop(0),
    ]);

    // Collected by the sub-account: it lands in the main account's box.
    const [byHelper] = await collect(sub.token, [
      aliItem('1005990000002', { title: 'Helper find' }),
    ]);
    expect((await list(seller.token, { keyword: 'Helper find' })).records[0]?.id).toBe(
      byHelper?.id,
    );

    // Another tenant's box stays out of reach.
    const other = await makeSeller(t, nextEmail('claim-sub-other'), []);
    const [foreign] = await collect(other.token, [offer1688('990000000003', { title: 'Foreign' })]);
    expect((await list(sub.token, { keyword: 'Foreign' })).total).toBe(0);
    const read = await t.call('GET', `/api-product/collect/detail?id=${foreign?.id}`, {
      token: sub.token,
    });
    expect(read.body).toMatchObject({ key: 'RECORD_NOT_FOUND', datas: null });
    const take = await claim(sub.token, [foreign?.id ?? ''], [shop(2)]);
    expect(take.body.key).toBe('RECORD_NOT_FOUND');
  });

  it('follows the menus and buttons a sub-account was granted', async () => {
    const viewer = await makeSubAccount(
      t,
      seller.token,
      nextEmail('viewer'),
      [shop(0)],
      [
        { url: '/product/collectorList', buttons: [] },
        { url: '/product/collectorDetails', buttons: ['claim'] },
      ],
    );
    const [item] = await collect(seller.token, [offer1688('995000000001')]);
    expect((await list(viewer.token)).total).toBeGreaterThan(0);
    for (const [method, path, json] of [
      ['POST', '/api-product/collect/claim', { ids: [item?.id], shopIds: [shop(0)] }],
      ['POST', '/api-product/collect/delete', { ids: [item?.id] }],
      ['POST', '/api-product/collect/update', { id: item?.id }],
    ] as const) {
      const res = await t.call(method, path, { token: viewer.token, json, headers: PLUGIN });
      expect(res.body, path).toMatchObject({ key: 'PERMISSION_DENIED', datas: null });
    }
    const detailRes = await t.call('GET', `/api-product/collect/detail?id=${item?.id}`, {
      token: viewer.token,
    });
    expect(detailRes.body.resp_code).toBe(0);
    const anonymous = await t.call('GET', '/api-product/collect/list');
    expect(anonymous.status).toBe(401);
  });
});

describe('plug-in settings', () => {
  const version = JSON.parse(readFileSync('package.json', 'utf8')).version as string;

  it('answers the defaults until saved, with the extension on offer', async () => {
    const seller = await makeSeller(t, nextEmail('settings'), []);
    const res = await t.call('GET', '/admin/pluginmanage/getByTenantId', { token: seller.token });
    expect(res.body.datas).toEqual({
      defaultShopIds: [],
      pricing: { markupPercent: 0, rounding: 'none' },
      bulkPerMinute: 12,
      version,
      downloadUrl: '/downloads/extension.zip',
    });
    expect((await t.call('GET', '/admin/pluginmanage/getByTenantId')).status).toBe(401);
  });

  it('saves the main account’s settings, which its sub-accounts read within their shops', async () => {
    const seller = await makeSeller(t, nextEmail('settings-save'), ['One', 'Two']);
    const [one, two] = seller.shops.map((shop) => shop.id);
    const input = {
      defaultShopIds: [one, two, one],
      pricing: { markupPercent: 25, rounding: 'whole' },
      bulkPerMinute: 30,
    };
    const saved = await t.call('POST', '/admin/pluginmanage/save', {
      token: seller.token,
      json: input,
    });
    expect(saved.body.resp_code, saved.text).toBe(0);
    expect(saved.body.datas).toEqual({
      ...input,
      defaultShopIds: [one, two],
      version,
      downloadUrl: '/downloads/extension.zip',
    });
    const sub = await makeSubAccount(t, seller.token, nextEmail('settings-sub'), [two ?? '']);
    const read = await t.call('GET', '/admin/pluginmanage/getByTenantId', { token: sub.token });
    expect(read.body.datas).toMatchObject({
      defaultShopIds: [two],
      pricing: { markupPercent: 25, rounding: 'whole' },
    });
    const bySub = await t.call('POST', '/admin/pluginmanage/save', {
      token: sub.token,
      json: input,
    });
    expect(bySub.body).toMatchObject({ key: 'PERMISSION_DENIED', datas: null });

    // The pricing template applies to the next claim: 12.99 USD + 25 % = 16.2375 -> 16.24 -> 17.00.
    const [item] = await collect(seller.token, [aliItem('1005123123')]);
    const claimed = await claim(seller.token, [item?.id ?? ''], [two ?? '']);
    expect(claimed.body.resp_code, claimed.text).toBe(0);
    const [product] = await productsOf([item?.id ?? '']);
    expect(product?.data?.price).toEqual({ min: 1700, max: 1700 });
    // Sold in the shop's baht: the priced 17.00 USD at the dated rate.
    const rate = await rateBetween(t.deps, 'USD', 'THB');
    if (!rate) throw new Error('no USD to THB rate');
    const baht = convertAtRate(1700, 'USD', 'THB', rate.rate);
    expect(product).toMatchObject({ currency: 'THB', priceMinMinor: baht, priceMaxMinor: baht });
  });

  it('refuses shops that are not the account’s and values out of range', async () => {
    const seller = await makeSeller(t, nextEmail('settings-bad'), ['Mine']);
    const other = await makeSeller(t, nextEmail('settings-bad-other'), ['Theirs']);
    const foreign = await t.call('POST', '/admin/pluginmanage/save', {
      token: seller.token,
      json: {
        defaultShopIds: [seller.shops[0]?.id, other.shops[0]?.id],
        pricing: { markupPercent: 10, rounding: 'none' },
        bulkPerMinute: 12,
      },
    });
    expect(foreign.body).toMatchObject({ key: 'RECORD_NOT_FOUND', datas: null });
    const invalid = await t.call('POST', '/admin/pluginmanage/save', {
      token: seller.token,
      json: {
        defaultShopIds: ['not-a-uuid'],
        pricing: { markupPercent: 501, rounding: 'up' },
        bulkPerMinute: 0,
      },
    });
    expect(invalid.body.key).toBe('VALIDATION_FAILED');
    expect(invalid.body.datas.fields.map((f: { field: string }) => f.field).sort()).toEqual([
      'bulkPerMinute',
      'defaultShopIds.0',
      'pricing.markupPercent',
      'pricing.rounding',
    ]);
    const read = await t.call('GET', '/admin/pluginmanage/getByTenantId', { token: seller.token });
    expect(read.body.datas.pricing).toEqual({ markupPercent: 0, rounding: 'none' });
  });

  it('leaves out default shops that are gone', async () => {
    const seller = await makeSeller(t, nextEmail('settings-gone'), ['Stays', 'Goes']);
    const [stays, goes] = seller.shops.map((shop) => shop.id);
    await t.call('POST', '/admin/pluginmanage/save', {
      token: seller.token,
      json: {
        defaultShopIds: [stays, goes],
        pricing: { markupPercent: 0, rounding: 'none' },
        bulkPerMinute: 12,
      },
    });
    const unbound = await t.call('POST', '/api-user/shop/unbind', {
      token: seller.token,
      json: { shopId: goes },
    });
    expect(unbound.body.resp_code, unbound.text).toBe(0);
    const read = await t.call('GET', '/admin/pluginmanage/getByTenantId', { token: seller.token });
    expect(read.body.datas.defaultShopIds).toEqual([stays]);
  });
});

describe('GET /admin/pluginmanage/platform/list', () => {
  it('answers the source sites the plug-in reads with type=collect', async () => {
    const res = await t.call('GET', '/admin/pluginmanage/platform/list?type=collect');
    expect(res.body.resp_code, res.text).toBe(0);
    const sites = res.body.datas as {
      site: string;
      name: string;
      iconUrl: string;
      hosts: string[];
      example: string;
    }[];
    expect(sites.map((site) => site.site)).toEqual([
      '1688',
      'aliexpress',
      'shopee',
      'lazada',
      'pinduoduo',
    ]);
    expect(sites[1]).toMatchObject({
      name: 'AliExpress',
      iconUrl: '/cmp/platforms/aliexpress.svg',
      hosts: ['aliexpress.com', 'aliexpress.us', 'aliexpress.ru'],
    });
    for (const site of sites) {
      expect(sourceSiteOf(site.example), site.example).toBe(site.site);
      expect(() => readFileSync(`console/public/platforms/${site.site}.svg`, 'utf8')).not.toThrow();
    }
  });

  it('answers the marketplaces without a type, as before', async () => {
    for (const query of ['', '?type=shop']) {
      const res = await t.call('GET', `/admin/pluginmanage/platform/list${query}`);
      expect(res.body.datas.map((p: { platformType: string }) => p.platformType)).toEqual([
        'lazada',
        'shopee',
        'tiktok',
      ]);
    }
    const bad = await t.call('GET', '/admin/pluginmanage/platform/list?type=warehouse');
    expect(bad.body.key).toBe('VALIDATION_FAILED');
    const anonymous = await t.call('GET', '/admin/pluginmanage/platform/list?type=collect', {
      client: false,
    });
    expect(anonymous.status).toBe(401);
  });
});

describe('the demo seed', () => {
  it('fills the demo seller’s box, with one product claimed into an authorized shop', async () => {
    // As the server seeds it: the shops authorized on the sandbox platforms, then the box.
    const demo = await createTestApp({ sandboxShops: true });
    try {
      const { seedDemo, DEMO_ACCOUNT } = await import('@server/seed/demo');
      const { login } = await import('../support/accounts');
      await seedDemo(demo.deps);
      const token = await login(demo, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
      const read = async (query: Record<string, string>) =>
        (
          await demo.call('GET', `/api-product/collect/list?${new URLSearchParams(query)}`, {
            token,
          })
        ).body.datas;
      const unclaimed = await read({});
      const claimed = await read({ status: 'claimed' });
      expect(unclaimed.counts).toEqual({ unclaimed: 3, claimed: 1 });
      expect(unclaimed.records.map((row: { site: string }) => row.site).sort()).toEqual([
        'aliexpress',
        'lazada',
        'shopee',
      ]);
      expect(claimed.records[0]).toMatchObject({
        site: '1688',
        currency: 'CNY',
        claims: [{ platform: 'shopee' }],
      });
      const settings = await demo.call('GET', '/admin/pluginmanage/getByTenantId', { token });
      expect(settings.body.datas).toMatchObject({
        defaultShopIds: [claimed.records[0]?.claims[0].shopId],
        pricing: { markupPercent: 30, rounding: 'ninetyNine' },
      });
    } finally {
      await demo.close();
    }
  });
});
