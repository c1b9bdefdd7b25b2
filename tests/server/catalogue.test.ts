import { catalogueCategories } from '@server/db/schema/index';
import {
  fillSortedPostings,
  insertCatalogueProducts,
  type NewCatalogueProduct,
  trimPostings,
} from '@server/modules/catalogue/catalogue-write';
import { searchMall } from '@server/modules/catalogue/search.service';
import { uuidOf } from '@server/seed/catalogue-generator';
import type { CataloguePage, CatalogueProduct, MallSearchQuery } from '@shared/contracts/catalogue';
import { landedCostPrice } from '@shared/contracts/landed-cost';
import type { ProductDetail } from '@shared/contracts/products';
import { type SQL, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSeller, makeSubAccount } from '../support/accounts';
import { createTestApp, type TestApp } from '../support/app';
import { readLocale } from '../support/locales';

/**
 * The catalogue and the mall over a few hundred planted products: search in Chinese, Thai and
 * English (characters found apart never match), filters, sorts, keyset pages while rows come in,
 * follows within the limit, the cart, and choosing products into shops.
 */

let t: TestApp;
let seller: Awaited<ReturnType<typeof makeSeller>>;

const id = (name: string) => uuidOf(`test-catalogue:${name}`);
const TOP = id('top');
const PHONES = id('phones');
const CASES = id('cases');
const HANDSETS = id('handsets');
const SHOES = id('shoes');
const SNEAKERS = id('sneakers');
const DRESSES = id('dresses');
const DRESS_LEAF = id('dress-leaf');
const EXTRA = [id('extra-1'), id('extra-2')];
const OTHER_TOP = id('other-top');

async function plantCategories() {
  await t.db.insert(catalogueCategories).values([
    {
      id: TOP,
      parentId: null,
      level: 1,
      nameZh: '数码',
      nameTh: 'ดิจิทัล',
      nameEn: 'Digital',
      sort: 0,
    },
    {
      id: OTHER_TOP,
      parentId: null,
      level: 1,
      nameZh: '服饰',
      nameTh: null,
      nameEn: 'Apparel',
      sort: 1,
    },
    {
      id: PHONES,
      parentId: TOP,
      level: 2,
      nameZh: '手机',
      nameTh: 'โทรศัพท์',
      nameEn: 'Phones',
      sort: 0,
    },
    {
      id: SHOES,
      parentId: OTHER_TOP,
      level: 2,
      nameZh: '鞋',
      nameTh: 'รองเท้า',
      nameEn: 'Shoes',
      sort: 0,
    },
    {
      id: DRESSES,
      parentId: OTHER_TOP,
      level: 2,
      nameZh: '裙',
      nameTh: 'กระโปรง',
      nameEn: 'Dresses',
      sort: 1,
    },
    ...EXTRA.map((extra, i) => ({
      id: extra,
      parentId: TOP,
      level: 2,
      nameZh: `配件${i}`,
      nameTh: null,
      nameEn: `Parts ${i}`,
      sort: i + 1,
    })),
    {
      id: CASES,
      parentId: PHONES,
      level: 3,
      nameZh: '手机壳',
      nameTh: 'เคส',
      nameEn: 'Cases',
      sort: 0,
    },
    {
      id: HANDSETS,
      parentId: PHONES,
      level: 3,
      nameZh: '整机',
      nameTh: null,
      nameEn: 'Handsets',
      sort: 1,
    },
    {
      id: SNEAKERS,
      parentId: SHOES,
      level: 3,
      nameZh: '运动鞋',
      nameTh: null,
      nameEn: 'Sneakers',
      sort: 0,
    },
    {
      id: DRESS_LEAF,
      parentId: DRESSES,
      level: 3,
      nameZh: '连衣裙',
      nameTh: null,
      nameEn: 'Dress',
      sort: 0,
    },
  ]);
}

const PATHS: Record<string, [string, string, string]> = {
  [CASES]: [TOP, PHONES, CASES],
  [HANDSETS]: [TOP, PHONES, HANDSETS],
  [SNEAKERS]: [OTHER_TOP, SHOES, SNEAKERS],
  [DRESS_LEAF]: [OTHER_TOP, DRESSES, DRESS_LEAF],
};

let serial = 0;
function product(
  name: string,
  fields: Partial<NewCatalogueProduct> & { leaf?: string },
): NewCatalogueProduct {
  serial += 1;
  const [l1, l2, l3] = PATHS[fields.leaf ?? DRESS_LEAF] as [string, string, string];
  const price = fields.priceMin ?? 1000 + serial;
  const { leaf: _leaf, ...rest } = fields;
  return {
    id: id(name),
    source: 'mall',
    sourceSite: '1688',
    categoryL1: l1,
    categoryL2: l2,
    categoryL3: l3,
    titleZh: null,
    titleTh: null,
    titleEn: null,
    currency: 'CNY',
    priceMin: price,
    priceMax: price,
    stock: 10,
    shipsFrom: 'cn',
    salesCount: serial * 7,
    skuCount: 1,
    platforms: ['lazada', 'shopee', 'tiktok'],
    listedAt: new Date(Date.UTC(2025, 0, 1) + serial * 3_600_000),
    weightGrams: 200,
    skus: [
      {
        id: id(`${name}:sku`),
        skuCode: `SKU-${serial}`,
        options: [],
        price,
        originalPrice: null,
        stock: fields.stock ?? 10,
        weightGrams: 200,
      },
    ],
    ...rest,
  };
}

const PLANTED = {
  xiaomiCase: product('xiaomi-case', {
    leaf: CASES,
    titleZh: '小米新款防摔手机壳',
    titleEn: 'Xiaomi shockproof phone case',
    titleTh: 'เคสโทรศัพท์กันกระแทกสีดำ',
    priceMin: 1500,
    priceMax: 1500,
    salesCount: 500,
  }),
  keyboardShell: product('keyboard-shell', {
    leaf: CASES,
    titleZh: '手工机械键盘壳',
    salesCount: 5,
  }),
  huawei: product('huawei', {
    leaf: HANDSETS,
    titleZh: '华为智能手机 Mate60',
    titleEn: 'Huawei smart mobile phone',
    priceMin: 300_000,
    priceMax: 320_000,
    salesCount: 9000,
    sourceSite: 'jd',
    shipsFrom: 'th',
  }),
  reversed: product('reversed', { leaf: CASES, titleZh: '机手玩偶' }),
  spaced: product('spaced', { leaf: CASES, titleZh: '手 机 支架' }),
  runners: product('runners', {
    leaf: SNEAKERS,
    titleTh: 'รองเท้าผ้าใบสำหรับวิ่งมาราธอนน้ำหนักเบา',
    titleEn: 'Lightweight marathon sneakers',
    stock: 0,
  }),
  earphones: product('earphones', {
    leaf: HANDSETS,
    titleZh: '无线蓝牙耳机',
    titleEn: 'Wireless Bluetooth Earphones',
    sourceSite: 'taobao',
  }),
  thirdParty: product('third-party', {
    leaf: CASES,
    source: 'thirdParty',
    sourceSite: 'shopee',
    titleZh: '透明手机壳 Shopee 热卖',
    platforms: ['shopee'],
  }),
  supplier: product('supplier', {
    leaf: CASES,
    source: 'supplier',
    sourceSite: null,
    titleZh: '工厂直供硅胶手机壳',
  }),
};

const DRESS_WORDS = ['碎花', '雪纺', '修身', '长款', '复古', '法式', '吊带', '蕾丝'];
function filler(i: number): NewCatalogueProduct {
  const word = DRESS_WORDS[i % DRESS_WORDS.length] ?? '';
  return product(`filler-${i}`, {
    titleZh: `${word}连衣裙 ${i}`,
    titleEn: i % 3 === 0 ? `floral dress ${i}` : null,
    priceMin: 500 + ((i * 7919) % 20_000),
    salesCount: (i * 104_729) % 5000,
    stock: i % 5 === 0 ? 0 : 3,
    shipsFrom: i % 4 === 0 ? 'th' : 'cn',
    sourceSite: i % 2 === 0 ? '1688' : 'pinduoduo',
  });
}

beforeAll(async () => {
  t = await createTestApp();
  await plantCategories();
  await insertCatalogueProducts(t.db, [
    ...Object.values(PLANTED),
    ...Array.from({ length: 200 }, (_, i) => filler(i)),
  ]);
  seller = await makeSeller(t, 'catalogue-seller@example.com', [
    'Lazada TH',
    'Shopee TH',
    'TikTok TH',
  ]);
});
afterAll(() => t.close());

const get = async (path: string, language = 'en') => {
  const res = await t.call('GET', path, { token: seller.token, language });
  expect(res.body.resp_code, res.text).toBe(0);
  return res.body.datas;
};
const search = async (params: Record<string, string>): Promise<CataloguePage> =>
  get(`/api-product/mall/search?${new URLSearchParams(params)}`);
const ids = (page: CataloguePage) => page.records.map((record) => record.id);

describe('mall search', () => {
  it('finds planted products by two Chinese characters, never by the characters found apart', async () => {
    const page = await search({ q: '手机', limit: '50' });
    expect(ids(page)).toEqual(expect.arrayContaining([PLANTED.xiaomiCase.id, PLANTED.huawei.id]));
    // 手工机械 has 手 and 机 apart, 机手 has them reversed, "手 机" has a space between them.
    for (const apart of [PLANTED.keyboardShell, PLANTED.reversed, PLANTED.spaced])
      expect(ids(page)).not.toContain(apart.id);
    // Only mall products (the third-party and supplier cases are in their own lists).
    expect(ids(page)).not.toContain(PLANTED.thirdParty.id);
    expect(ids(page)).not.toContain(PLANTED.supplier.id);
    expect((await search({ q: '工键' })).records).toEqual([]);
    expect(ids(await search({ q: '械键' }))).toEqual([PLANTED.keyboardShell.id]);
    expect(ids(await search({ q: '手机壳' }))).toEqual([PLANTED.xiaomiCase.id]);
  });

  it('finds a Thai word inside longer Thai text, and full-width or capital letters as typed', async () => {
    expect(ids(await search({ q: 'วิ่ง' }))).toEqual([PLANTED.runners.id]);
    expect(ids(await search({ q: 'มาราธอน' }))).toEqual([PLANTED.runners.id]);
    expect(ids(await search({ q: 'กันกระแทก' }))).toEqual([PLANTED.xiaomiCase.id]);
    expect((await search({ q: 'วิ่งผ้าใบ' })).records).toEqual([]);
    expect(ids(await search({ q: 'ＢＬＵＥ' }))).toEqual([PLANTED.earphones.id]);
  });

  it('finds English words by their beginnings, and mixed queries by every term', async () => {
    expect(ids(await search({ q: 'blue' }))).toEqual([PLANTED.earphones.id]);
    expect(ids(await search({ q: 'xiao' }))).toEqual([PLANTED.xiaomiCase.id]);
    expect(ids(await search({ q: 'pho', sort: 'sales' }))).toEqual([
      PLANTED.huawei.id,
      PLANTED.xiaomiCase.id,
    ]);
    // A beginning only: "hone" is inside "phone", not the start of a word.
    expect((await search({ q: 'hone' })).records).toEqual([]);
    expect(ids(await search({ q: '小米 phone' }))).toEqual([PLANTED.xiaomiCase.id]);
    expect(ids(await search({ q: '手机 mate60' }))).toEqual([PLANTED.huawei.id]);
    expect((await search({ q: '小米 huawei' })).records).toEqual([]);
  });

  it('ranks a title holding the whole query first, and names the product in the reader’s language', async () => {
    const page = await search({ q: '手机壳' });
    expect(page.sort).toBe('relevance');
    expect(page.broad).toBe(false);
    const zh = (await get('/api-product/mall/search?q=xiao', 'zh')) as CataloguePage;
    const th = (await get('/api-product/mall/search?q=xiao', 'th')) as CataloguePage;
    expect(zh.records[0]?.title).toBe('小米新款防摔手机壳');
    expect(th.records[0]?.title).toBe('เคสโทรศัพท์กันกระแทกสีดำ');
    expect(zh.records[0]?.categoryPath.map((step) => step.name)).toEqual([
      '数码',
      '手机',
      '手机壳',
    ]);
    expect(th.records[0]?.categoryPath.map((step) => step.name)).toEqual(['ดิจิทัล', 'โทรศัพท์', 'เคส']);
  });

  it('asks for a category before searching one character, in the reader’s language', async () => {
    for (const language of ['zh', 'th', 'en'] as const) {
      const res = await t.call('GET', '/api-product/mall/search?q=机', {
        token: seller.token,
        language,
      });
      expect(res.body).toMatchObject({
        key: 'CATALOGUE_QUERY_TOO_SHORT',
        resp_msg: readLocale(language, 'errors').CATALOGUE_QUERY_TOO_SHORT,
        datas: null,
      });
    }
    const inside = await search({ q: '机', categoryId: CASES, limit: '50' });
    expect(ids(inside).sort()).toEqual(
      [
        PLANTED.xiaomiCase.id,
        PLANTED.keyboardShell.id,
        PLANTED.reversed.id,
        PLANTED.spaced.id,
      ].sort(),
    );
  });

  it('filters by category of any level, price range, source site, ships from and stock', async () => {
    expect(ids(await search({ q: '手机', categoryId: HANDSETS }))).toEqual([PLANTED.huawei.id]);
    expect(ids(await search({ q: '手机', categoryId: PHONES, sort: 'priceAsc' }))).toEqual([
      PLANTED.xiaomiCase.id,
      PLANTED.huawei.id,
    ]);
    expect(ids(await search({ q: '手机', categoryId: OTHER_TOP }))).toEqual([]);
    expect(ids(await search({ q: '手机', priceMin: '200000' }))).toEqual([PLANTED.huawei.id]);
    expect(ids(await search({ q: '手机', priceMax: '2000' }))).toEqual([PLANTED.xiaomiCase.id]);
    expect(ids(await search({ q: '手机', sourceSite: 'jd' }))).toEqual([PLANTED.huawei.id]);
    expect(ids(await search({ q: '手机', shipsFrom: 'cn' }))).toEqual([PLANTED.xiaomiCase.id]);
    expect(ids(await search({ q: 'marathon' }))).toEqual([PLANTED.runners.id]);
    expect(ids(await search({ q: 'marathon', inStock: 'true' }))).toEqual([]);
    const dresses = await search({ q: '连衣裙', inStock: 'true', shipsFrom: 'th', limit: '100' });
    expect(dresses.records.length).toBeGreaterThan(0);
    for (const record of dresses.records) {
      expect(record.stock).toBeGreaterThan(0);
      expect(record.shipsFrom).toBe('th');
    }
  });

  it('sorts by sales, newest and price both ways, page after page without repeats', async () => {
    const orderOf: Record<string, (a: CatalogueProduct, b: CatalogueProduct) => boolean> = {
      sales: (a, b) => a.salesCount >= b.salesCount,
      newest: (a, b) => a.listedAt >= b.listedAt,
      priceAsc: (a, b) => a.priceMin <= b.priceMin,
      priceDesc: (a, b) => a.priceMin >= b.priceMin,
    };
    for (const [sort, inOrder] of Object.entries(orderOf)) {
      const seen: CatalogueProduct[] = [];
      let cursor: string | null = null;
      do {
        const page: CataloguePage = await search({
          q: '连衣裙',
          sort,
          limit: '30',
          ...(cursor ? { cursor } : {}),
        });
        seen.push(...page.records);
        cursor = page.next;
      } while (cursor);
      expect(seen).toHaveLength(200);
      expect(new Set(seen.map((r) => r.id)).size).toBe(200);
      for (let i = 1; i < seen.length; i++)
        expect(inOrder(seen[i - 1] as CatalogueProduct, seen[i] as CatalogueProduct), sort).toBe(
          true,
        );
    }
  });

  it('walks relevance pages back and forth', async () => {
    const first = await search({ q: '连衣裙', limit: '40' });
    const second = await search({ q: '连衣裙', limit: '40', cursor: first.next ?? '' });
    expect(second.previous).not.toBeNull();
    const back = await search({ q: '连衣裙', limit: '40', cursor: second.previous ?? '' });
    expect(ids(back)).toEqual(ids(first));
    expect(ids(second).some((x) => ids(first).includes(x))).toBe(false);
  });

  it('reads a broad query from the sort’s index, still checking every row', async () => {
    const page = await searchMall(
      { db: t.db },
      { q: '手机', sort: 'relevance', limit: 10, language: 'en' },
      { broadMatches: 2 },
    );
    expect(page.broad).toBe(true);
    expect(page.sort).toBe('sales');
    expect(ids(page)).toEqual([PLANTED.huawei.id, PLANTED.xiaomiCase.id]);
  });

  it('reads a common word’s best sellers from its postings and past them the sales index, both ways', async () => {
    // 袋鼠 held by 14 products (sales with ties); its postings cut to the best 5, as a common
    // word's are, so pages past them come from the sales index.
    const kangaroos = Array.from({ length: 14 }, (_, i) =>
      product(`kangaroo-${i}`, {
        leaf: SNEAKERS,
        titleZh: i === 3 ? '袋 鼠 拖鞋' : `袋鼠玩偶 ${i}`,
        salesCount: ((i * 37) % 6) * 10,
        stock: i % 4 === 0 ? 0 : 5,
      }),
    );
    await insertCatalogueProducts(t.db, kangaroos);
    await t.db.execute(trimPostings(['袋鼠'], 5));
    const kept = (await t.db.execute(
      sql`select product_id from catalogue_token_top where token = '袋鼠' order by sales desc, product_id desc`,
    )) as unknown as { rows: { product_id: string }[] };
    const bySales = kangaroos
      .filter((k) => k.titleZh?.startsWith('袋鼠'))
      .sort(
        (a, b) =>
          (b.salesCount ?? 0) - (a.salesCount ?? 0) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0),
      );
    expect(kept.rows.map((row) => row.product_id)).toEqual(bySales.slice(0, 5).map((k) => k.id));
    const options = { broadMatches: 2, postingsDepth: 5 };
    const read = (sort: 'sales' | 'relevance', cursor: string | null, inStock = false) =>
      searchMall(
        { db: t.db },
        {
          q: '袋鼠',
          sort,
          limit: 3,
          language: 'zh',
          ...(inStock ? { inStock: true } : {}),
          ...(cursor ? { cursor } : {}),
        },
        options,
      );
    for (const [sort, inStock] of [
      ['sales', false],
      ['relevance', false],
      ['sales', true],
    ] as const) {
      const pages: CataloguePage[] = [];
      let cursor: string | null = null;
      do {
        const page = await read(sort, cursor, inStock);
        expect(page.broad).toBe(true);
        expect(page.sort).toBe('sales');
        pages.push(page);
        cursor = page.next;
      } while (cursor);
      const expected = bySales.filter((k) => !inStock || (k.stock ?? 0) > 0).map((k) => k.id);
      expect(pages.flatMap(ids)).toEqual(expected);
      // Back from the last page to the first, over the postings' end.
      const back: string[][] = [];
      let previous = pages.at(-1)?.previous ?? null;
      while (previous) {
        const page = await read(sort, previous, inStock);
        back.unshift(ids(page));
        previous = page.previous;
      }
      expect(back).toEqual(pages.slice(0, -1).map(ids));
    }
  });

  it('pages a common word by newest and price from its lists and past them the index, as a plain sort orders it', async () => {
    // 考拉 held by 40 products (ties of price and time); written in batches with the postings cut
    // to 5, so it becomes common on the way and its newest and price lists are cut as well.
    const koalas = Array.from({ length: 40 }, (_, i) =>
      product(`koala-${i}`, {
        leaf: i % 3 === 0 ? SNEAKERS : DRESS_LEAF,
        titleZh: `考拉${i % 2 === 0 ? '玩偶' : '背包'} ${i}`,
        priceMin: 100 + ((i * 37) % 9) * 50,
        salesCount: (i * 53) % 11,
        stock: i % 4 === 0 ? 0 : 2,
        listedAt: new Date(Date.UTC(2024, 5, 1) + ((i * 29) % 13) * 86_400_000),
        ...(i === 7 ? { source: 'thirdParty' as const, sourceSite: 'shopee' } : {}),
      }),
    );
    for (const [from, to] of [
      [0, 4],
      [4, 17],
      [17, 40],
    ] as const)
      await insertCatalogueProducts(t.db, koalas.slice(from, to), 5);
    const mall = koalas.filter((k) => k.source === 'mall');
    const desc = (a: string, b: string) => (a < b ? 1 : a > b ? -1 : 0);
    const time = (k: NewCatalogueProduct) => k.listedAt.getTime();
    const orders = {
      newest: (a: NewCatalogueProduct, b: NewCatalogueProduct) =>
        time(b) - time(a) || desc(a.id, b.id),
      priceAsc: (a: NewCatalogueProduct, b: NewCatalogueProduct) =>
        a.priceMin - b.priceMin || -desc(a.id, b.id),
      priceDesc: (a: NewCatalogueProduct, b: NewCatalogueProduct) =>
        b.priceMin - a.priceMin || desc(a.id, b.id),
      sales: (a: NewCatalogueProduct, b: NewCatalogueProduct) =>
        (b.salesCount ?? 0) - (a.salesCount ?? 0) || desc(a.id, b.id),
    };
    // The lists hold the token's 5 newest, cheapest and dearest mall products.
    const listed = async (query: SQL) =>
      ((await t.db.execute(query)) as unknown as { rows: { product_id: string }[] }).rows.map(
        (row) => row.product_id,
      );
    const top5 = (order: keyof typeof orders) =>
      [...mall]
        .sort(orders[order])
        .slice(0, 5)
        .map((k) => k.id);
    expect(
      await listed(
        sql`select product_id from catalogue_token_newest where token = '考拉' order by listed_at desc, product_id desc`,
      ),
    ).toEqual(top5('newest'));
    expect(
      await listed(
        sql`select product_id from catalogue_token_price where token = '考拉' and not dearest order by price, product_id`,
      ),
    ).toEqual(top5('priceAsc'));
    expect(
      await listed(
        sql`select product_id from catalogue_token_price where token = '考拉' and dearest order by price desc, product_id desc`,
      ),
    ).toEqual(top5('priceDesc'));
    const options = { broadMatches: 2, postingsDepth: 5 };
    const cases: [keyof typeof orders, string, Partial<MallSearchQuery>][] = [
      ['newest', '考拉', {}],
      ['priceAsc', '考拉', {}],
      ['priceDesc', '考拉', { inStock: true }],
      ['newest', '考拉玩偶', { categoryId: SNEAKERS }],
      ['priceAsc', '考拉背包', { priceMax: 300 }],
      ['sales', '考拉', { inStock: true }],
    ];
    for (const [sort, q, filters] of cases) {
      const read = (cursor: string | null) =>
        searchMall(
          { db: t.db },
          { q, sort, limit: 4, language: 'zh', ...filters, ...(cursor ? { cursor } : {}) },
          options,
        );
      const pages: CataloguePage[] = [];
      let cursor: string | null = null;
      do {
        const page = await read(cursor);
        expect(page.broad).toBe(true);
        expect(page.sort).toBe(sort);
        pages.push(page);
        cursor = page.next;
      } while (cursor);
      const expected = mall
        .filter(
          (k) =>
            k.titleZh?.startsWith(q) &&
            (!filters.inStock || (k.stock ?? 0) > 0) &&
            (!filters.categoryId || k.categoryL3 === filters.categoryId) &&
            (filters.priceMax === undefined || k.priceMin <= filters.priceMax),
        )
        .sort(orders[sort])
        .map((k) => k.id);
      expect(expected.length, `${sort} ${q}`).toBeGreaterThan(4);
      expect(pages.flatMap(ids), `${sort} ${q}`).toEqual(expected);
      const back: string[][] = [];
      let previous = pages.at(-1)?.previous ?? null;
      while (previous) {
        const page = await read(previous);
        back.unshift(ids(page));
        previous = page.previous;
      }
      expect(back, `${sort} ${q} backwards`).toEqual(pages.slice(0, -1).map(ids));
    }
    // A load's lists, made anew from the products, are the lists kept while writing.
    const lists = sql`select token, listed_at::text as k, product_id from catalogue_token_newest where token like '考%'
      union all select token, dearest::text || price, product_id from catalogue_token_price where token like '考%'
      order by 1, 2, 3`;
    const kept = (await t.db.execute(lists)) as unknown as { rows: unknown[] };
    await t.db.transaction(async (tx) => {
      for (const statement of fillSortedPostings(5)) await tx.execute(statement);
    });
    expect(((await t.db.execute(lists)) as unknown as { rows: unknown[] }).rows).toEqual(kept.rows);
    expect(kept.rows.length).toBeGreaterThanOrEqual(15);
    // Past the lists the index is read at most `scanBudget` rows: a page not filled within them
    // asks for a narrower search.
    await expect(
      searchMall(
        { db: t.db },
        { q: '考拉', sort: 'newest', limit: 20, language: 'zh' },
        { ...options, scanBudget: 3 },
      ),
    ).rejects.toMatchObject({ key: 'CATALOGUE_NARROW_SEARCH' });
  });

  it('never repeats or skips a product while products come in between pages', async () => {
    let round = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('sales', 'newest', 'priceAsc', 'priceDesc', 'relevance'),
        fc.integer({ min: 3, max: 25 }),
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 4, maxLength: 10 }),
        async (sort, limit, inserts) => {
          round += 1;
          const before = new Set(ids(await search({ q: '雪纺', sort, limit: '100' })));
          const seen: string[] = [];
          let cursor: string | null = null;
          let step = 0;
          do {
            const page: CataloguePage = await search({
              q: '雪纺',
              sort,
              limit: String(limit),
              ...(cursor ? { cursor } : {}),
            });
            seen.push(...ids(page));
            cursor = page.next;
            const count = inserts[step % inserts.length] ?? 0;
            step += 1;
            await insertCatalogueProducts(
              t.db,
              Array.from({ length: count }, (_, k) =>
                product(`inserted-${round}-${step}-${k}`, {
                  titleZh: `雪纺连衣裙 新到 ${round}-${step}-${k}`,
                  priceMin: 400 + ((round * 31 + step * 17 + k * 13) % 30_000),
                  salesCount: (round * 53 + step * 29 + k) % 6000,
                  listedAt: new Date(
                    Date.UTC(2024, 0, 1) + (round * 97 + step * 89 + k) * 3_600_000,
                  ),
                }),
              ),
            );
          } while (cursor);
          expect(new Set(seen).size).toBe(seen.length);
          for (const existing of before) expect(seen).toContain(existing);
        },
      ),
      { numRuns: 6, seed: 2026 },
    );
  });
});

describe('supplier, direct-sale and third-party lists', () => {
  it('lists supplier products with their supplier-less path and details with SKUs', async () => {
    const page = (await get('/api-product/catalogue/list?source=supplier')) as CataloguePage;
    expect(ids(page)).toEqual([PLANTED.supplier.id]);
    const detail = await get(`/api-product/catalogue/detail?id=${PLANTED.supplier.id}`, 'zh');
    expect(detail).toMatchObject({
      source: 'supplier',
      title: '工厂直供硅胶手机壳',
      skus: [{ id: PLANTED.supplier.skus[0]?.id, price: PLANTED.supplier.priceMin }],
      chosenShopIds: [],
    });
  });

  it('shows a shop the third-party products of the categories it follows only', async () => {
    const shop = seller.shops[1];
    const before = (await get(
      `/api-product/catalogue/thirdProductList?shopId=${shop?.id}`,
    )) as CataloguePage;
    expect(before.records).toEqual([]);
    const res = await t.call('POST', '/api-product/catalogue/follow', {
      token: seller.token,
      json: { shopId: shop?.id, categoryIds: [PHONES] },
    });
    expect(res.body.resp_code, res.text).toBe(0);
    const after = (await get(
      `/api-product/catalogue/thirdProductList?shopId=${shop?.id}`,
    )) as CataloguePage;
    expect(ids(after)).toEqual([PLANTED.thirdParty.id]);
  });
});

describe('follows', () => {
  it('follows at most three secondary categories, and refuses a fourth or a change, in every language', async () => {
    const shop = seller.shops[0];
    const follow = (categoryIds: string[], language = 'en') =>
      t.call('POST', '/api-product/catalogue/follow', {
        token: seller.token,
        language,
        json: { shopId: shop?.id, categoryIds },
      });
    const three = await follow([PHONES, SHOES, DRESSES]);
    expect(three.body.resp_code, three.text).toBe(0);
    expect(three.body.datas.categories.map((c: { id: string }) => c.id).sort()).toEqual(
      [PHONES, SHOES, DRESSES].sort(),
    );
    for (const language of ['zh', 'th', 'en'] as const) {
      const fourth = await follow([PHONES, SHOES, DRESSES, EXTRA[0] ?? ''], language);
      expect(fourth.body).toMatchObject({ key: 'CATALOGUE_FOLLOW_LIMIT', datas: null });
      expect(fourth.body.resp_msg).toBe(
        readLocale(language, 'errors').CATALOGUE_FOLLOW_LIMIT.replace('{{limit}}', '3'),
      );
      const change = await follow([PHONES, SHOES, EXTRA[0] ?? ''], language);
      expect(change.body).toMatchObject({
        key: 'CATALOGUE_FOLLOW_CHANGE',
        resp_msg: readLocale(language, 'errors').CATALOGUE_FOLLOW_CHANGE,
      });
    }
    const leaf = await follow([CASES]);
    expect(leaf.body.key).toBe('CATALOGUE_CATEGORY_NOT_SECONDARY');
    const follows = await get('/api-product/catalogue/follows');
    const held = follows.shops.find((s: { shopId: string }) => s.shopId === shop?.id);
    expect(held.categories).toHaveLength(3);
    expect(follows.limit).toBe(3);
  });

  it('lets only one of two parallel follows past the limit through', async () => {
    const shop = seller.shops[2];
    const first = await t.call('POST', '/api-product/catalogue/follow', {
      token: seller.token,
      json: { shopId: shop?.id, categoryIds: [PHONES, SHOES] },
    });
    expect(first.body.resp_code, first.text).toBe(0);
    const answers = await Promise.all(
      [DRESSES, EXTRA[0] ?? '', EXTRA[1] ?? ''].map((third) =>
        t.call('POST', '/api-product/catalogue/follow', {
          token: seller.token,
          json: { shopId: shop?.id, categoryIds: [PHONES, SHOES, third] },
        }),
      ),
    );
    expect(answers.filter((res) => res.body.resp_code === 0)).toHaveLength(1);
    for (const refused of answers.filter((res) => res.body.resp_code !== 0))
      expect(refused.body.key).toBe('CATALOGUE_FOLLOW_CHANGE');
    const follows = await get('/api-product/catalogue/follows');
    expect(
      follows.shops.find((s: { shopId: string }) => s.shopId === shop?.id).categories,
    ).toHaveLength(3);
  });
});

describe('choosing into shops', () => {
  it('creates a waiting product at the shop’s pricing template price, and refuses it twice', async () => {
    const shopee = seller.shops[1];
    const res = await t.call('POST', '/api-product/catalogue/choose', {
      token: seller.token,
      json: { productIds: [PLANTED.xiaomiCase.id], shopIds: [shopee?.id] },
    });
    expect(res.body.resp_code, res.text).toBe(0);
    const [chosen] = res.body.datas.products;
    expect(chosen).toMatchObject({
      catalogueId: PLANTED.xiaomiCase.id,
      shopId: shopee?.id,
      status: 'wait',
    });
    const detail = (await get(`/product/product/detail?id=${chosen.productId}`)) as ProductDetail;
    expect(detail.status).toBe('wait');
    expect(detail.costing).toMatchObject({ from: 'CNY', to: 'THB' });
    for (const sku of detail.skus) {
      expect(sku.costPrice).toBe(PLANTED.xiaomiCase.priceMin);
      const priced = landedCostPrice({
        costMinor: sku.costPrice ?? 0,
        weightGrams: detail.packageWeightGrams,
        dimensionsCm: null,
        rate: detail.costing?.rate ?? '0',
        to: 'THB',
        template: detail.pricing,
      });
      expect(sku.sellingPrice).toBe(priced.sellingPrice);
      expect(sku.originalPrice).toBe(priced.originalPrice);
    }
    const again = await t.call('POST', '/api-product/catalogue/choose', {
      token: seller.token,
      language: 'th',
      json: { productIds: [PLANTED.huawei.id, PLANTED.xiaomiCase.id], shopIds: [shopee?.id] },
    });
    expect(again.body).toMatchObject({
      key: 'CATALOGUE_ALREADY_CHOSEN',
      resp_msg: readLocale('th', 'errors').CATALOGUE_ALREADY_CHOSEN,
      datas: { conflicts: [{ catalogueId: PLANTED.xiaomiCase.id, shopId: shopee?.id }] },
    });
    // All or nothing: the other product was not chosen either.
    const huawei = await get(`/api-product/catalogue/detail?id=${PLANTED.huawei.id}`);
    expect(huawei.chosenShopIds).toEqual([]);
    const xiaomi = await get(`/api-product/catalogue/detail?id=${PLANTED.xiaomiCase.id}`);
    expect(xiaomi.chosenShopIds).toEqual([shopee?.id]);
  });

  it('refuses two parallel requests choosing the same product into one shop but once', async () => {
    const tiktok = seller.shops[2];
    const answers = await Promise.all(
      [0, 1].map(() =>
        t.call('POST', '/api-product/catalogue/choose', {
          token: seller.token,
          json: { productIds: [PLANTED.earphones.id], shopIds: [tiktok?.id] },
        }),
      ),
    );
    expect(answers.map((res) => res.body.resp_code === 0).sort()).toEqual([false, true]);
    expect(answers.find((res) => res.body.resp_code !== 0)?.body.key).toBe(
      'CATALOGUE_ALREADY_CHOSEN',
    );
  });

  it('refuses a shop of a platform the product is not sold on, and a sub-account without the shop', async () => {
    const lazada = seller.shops[0];
    const unfit = await t.call('POST', '/api-product/catalogue/choose', {
      token: seller.token,
      json: { productIds: [PLANTED.thirdParty.id], shopIds: [lazada?.id] },
    });
    expect(unfit.body.key).toBe('CATALOGUE_SHOP_UNFIT');
    const sub = await makeSubAccount(t, seller.token, 'catalogue-sub@example.com', [
      seller.shops[2]?.id ?? '',
    ]);
    const refused = await t.call('POST', '/api-product/catalogue/choose', {
      token: sub.token,
      json: { productIds: [PLANTED.runners.id], shopIds: [lazada?.id] },
    });
    expect(refused.body).toMatchObject({ key: 'COLLECT_SHOP_UNAVAILABLE' });
    const own = await t.call('POST', '/api-product/catalogue/choose', {
      token: sub.token,
      json: { productIds: [PLANTED.runners.id], shopIds: [seller.shops[2]?.id] },
    });
    expect(own.body.resp_code, own.text).toBe(0);
    const thirdParty = await t.call(
      'GET',
      `/api-product/catalogue/thirdProductList?shopId=${lazada?.id}`,
      {
        token: sub.token,
      },
    );
    expect(thirdParty.body.key).toBe('RECORD_NOT_FOUND');
  });
});

describe('the cart', () => {
  it('adds, updates and removes SKUs; userInfo’s skuList and the count follow it', async () => {
    const skuA = PLANTED.xiaomiCase.skus[0]?.id ?? '';
    const skuB = PLANTED.huawei.skus[0]?.id ?? '';
    const post = async (path: string, json: unknown) => {
      const res = await t.call('POST', path, { token: seller.token, json });
      expect(res.body.resp_code, res.text).toBe(0);
      return res.body.datas;
    };
    await post('/api-product/cart/add', { skuId: skuA, quantity: 2 });
    await post('/api-product/cart/add', { skuId: skuB, quantity: 1 });
    const added = await post('/api-product/cart/add', { skuId: skuA, quantity: 3 });
    expect(
      added.lines.map((l: { skuId: string; quantity: number }) => [l.skuId, l.quantity]).sort(),
    ).toEqual(
      [
        [skuA, 5],
        [skuB, 1],
      ].sort(),
    );
    expect(added.count).toBe(6);
    let info = await get('/api-user/user/userInfo');
    expect(
      [...info.skuList].sort((a: { skuId: string }, b: { skuId: string }) =>
        a.skuId < b.skuId ? -1 : 1,
      ),
    ).toEqual(
      [
        { skuId: skuA, quantity: 5 },
        { skuId: skuB, quantity: 1 },
      ].sort((a, b) => (a.skuId < b.skuId ? -1 : 1)),
    );
    const updated = await post('/api-product/cart/update', { skuId: skuB, quantity: 4 });
    expect(updated.count).toBe(9);
    const removed = await post('/api-product/cart/remove', { skuIds: [skuA] });
    expect(removed).toMatchObject({ count: 4, lines: [{ skuId: skuB, quantity: 4 }] });
    info = await get('/api-user/user/userInfo');
    expect(info.skuList).toEqual([{ skuId: skuB, quantity: 4 }]);
    const unknown = await t.call('POST', '/api-product/cart/add', {
      token: seller.token,
      json: { skuId: id('no-such-sku'), quantity: 1 },
    });
    expect(unknown.body.key).toBe('RECORD_NOT_FOUND');
    const zero = await t.call('POST', '/api-product/cart/update', {
      token: seller.token,
      json: { skuId: skuB, quantity: 0 },
    });
    expect(zero.body.key).toBe('VALIDATION_FAILED');
  });
});

describe('the category tree', () => {
  it('has three levels named in the reader’s language (English, then Chinese, where Thai is not known)', async () => {
    const zh = await get('/api-product/catalogue/categories', 'zh');
    const th = await get('/api-product/catalogue/categories', 'th');
    const top = th.categories.find((c: { id: string }) => c.id === TOP);
    expect(top.name).toBe('ดิจิทัล');
    expect(
      top.children
        .find((c: { id: string }) => c.id === PHONES)
        .children.map((c: { name: string }) => c.name),
    ).toEqual(['เคส', 'Handsets']);
    expect(zh.categories.find((c: { id: string }) => c.id === OTHER_TOP).name).toBe('服饰');
    expect(zh.version).toBe(th.version);
  });
});
