import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { media, products, sandboxProducts } from '@server/db/schema/index';
import { encodePng } from '@server/lib/png';
import { runProductJobs } from '@server/modules/products/publish.service';
import type { Media, ProductInput } from '@shared/contracts/products';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeSeller } from '../support/accounts';
import { createTestApp, type TestApp } from '../support/app';
import { callbackBody, consentAt } from '../support/shop-consent';

/**
 * Publishing through the marketplace clients to the sandbox: media first, then the product, then
 * its status read back; timed publishing under the test's clock; a refused publish and its retry;
 * runners sharing the work.
 */

let t: TestApp;
let seller: Awaited<ReturnType<typeof makeSeller>>;

beforeEach(async () => {
  t = await createTestApp({ sandboxShops: true, marketplaces: (clients) => clients });
  seller = await makeSeller(t, 'publisher@example.com', []);
});
afterEach(() => t.close());

async function authorize(platform: string, sites: string[], sellerId: string) {
  const url = await t.call('POST', '/api-user/shop/authorize/url', {
    token: seller.token,
    json: { platform, sites },
  });
  expect(url.body.resp_code, url.text).toBe(0);
  const back = await consentAt(t, url.body.datas.url, { sellerId });
  const result = await t.call('POST', '/api-user/shop/authorize/callback', {
    json: callbackBody(back),
    token: seller.token,
  });
  expect(result.body.datas.success, result.text).toBe(true);
  return result.body.datas.shops as { id: string; site: string }[];
}

/** A square PNG of one colour, uploaded as the seller. */
async function upload(size: number, shade: number): Promise<Media> {
  const rgba = new Uint8Array(size * size * 4).map((_, i) => (i % 4 === 3 ? 255 : shade));
  const form = new FormData();
  form.set(
    'file',
    new Blob([new Uint8Array(encodePng(size, size, rgba))], { type: 'image/png' }),
    'cover.png',
  );
  const res = await t.call('POST', '/product/media/upload', { token: seller.token, body: form });
  expect(res.body.resp_code, res.text).toBe(0);
  return res.body.datas as Media;
}

const base = (overrides: Partial<ProductInput>): ProductInput => ({
  categoryId: null,
  title: 'Stainless steel vacuum flask 500 ml',
  sku: 'FLASK_500',
  brand: 'No Brand',
  model: null,
  warrantyType: null,
  tax: null,
  packageWeightGrams: 450,
  packageLengthCm: 25,
  packageWidthCm: 8,
  packageHeightCm: 8,
  packageContent: '1 flask, 1 lid',
  attributes: {},
  variations: [],
  skus: [],
  images: [],
  video: null,
  sizeChart: null,
  description: 'Keeps drinks hot for 12 hours and cold for 24 hours, double wall.',
  shortDescription: 'Double-wall vacuum flask, 500 ml',
  sourceUrl: null,
  variantType: 'single',
  wholesale: [],
  preOrder: { enabled: false, days: null },
  condition: 'new',
  logistics: [],
  freight: 'weight',
  warranty: { period: null, policy: null },
  cod: false,
  ...overrides,
});

const sku = (id: string, sellerSku: string, options: string[], price: number) => ({
  id,
  skuId: null,
  sellerSku,
  options,
  originalPrice: null,
  sellingPrice: price,
  promotionPrice: null,
  promotionStart: null,
  promotionEnd: null,
  stock: 30,
  costPrice: 3_500,
  image: null,
});

/** A waiting product in a shop, saved through the editor's call (so every rule ran on it). */
async function waitingProduct(
  shopId: string,
  platform: 'lazada' | 'shopee' | 'tiktok',
  content: ProductInput,
) {
  const now = t.clock.now();
  const [row] = await t.db
    .insert(products)
    .values({
      ownerId: seller.user.id,
      shopId,
      platform,
      origin: 'created',
      title: content.title,
      currency: 'THB',
      status: 'wait',
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error('no product');
  const saved = await t.call('POST', '/product/product/save', {
    token: seller.token,
    json: { id: row.id, version: row.version, product: content },
  });
  expect(saved.body.resp_code, saved.text).toBe(0);
  return row.id;
}

async function stored(id: string) {
  const [row] = await t.db.select().from(products).where(eq(products.id, id));
  if (!row) throw new Error(`no product ${id}`);
  return row;
}

async function publish(ids: string[], extra: Record<string, unknown> = {}) {
  const res = await t.call('POST', '/product/product/publish', {
    token: seller.token,
    json: { ids, confirmWarnings: true, ...extra },
  });
  expect(res.body.resp_code, res.text).toBe(0);
  return res.body.datas as { accepted: string[]; refused: { id: string; code: string }[] };
}

async function shopeeProduct(shopId: string, logisticsId = '70016') {
  const cover = await upload(1000, 40);
  return waitingProduct(
    shopId,
    'shopee',
    base({
      categoryId: '100636',
      attributes: { '100211': ['Stainless Steel'], '100999': ['China'] },
      variantType: 'multiple',
      variations: [
        {
          name: 'Colour',
          options: [
            { name: 'Red', image: null },
            { name: 'Blue', image: null },
          ],
        },
        {
          name: 'Size',
          options: [
            { name: '500 ml', image: null },
            { name: '750 ml', image: null },
          ],
        },
      ],
      skus: [
        sku('a', 'FLASK_RED_500', ['Red', '500 ml'], 29_900),
        sku('b', 'FLASK_RED_750', ['Red', '750 ml'], 34_900),
        sku('c', 'FLASK_BLUE_500', ['Blue', '500 ml'], 29_900),
        sku('d', 'FLASK_BLUE_750', ['Blue', '750 ml'], 34_900),
      ],
      images: [cover],
      logistics: [{ channelId: logisticsId, enabled: true, feeMinor: null }],
    }),
  );
}

describe('publishing to the sandbox', () => {
  it('a multi-variant Shopee product goes online, its image uploaded first', async () => {
    const [shop] = await authorize('shopee', ['th'], 'shopee-demo-th');
    const id = await shopeeProduct(shop?.id ?? '');
    const queued = await publish([id]);
    expect(queued.accepted).toEqual([id]);
    expect((await stored(id)).status).toBe('pushing');

    expect(await runProductJobs(t.deps, null)).toBe(1);
    const row = await stored(id);
    expect(row.failure).toBeNull();
    expect(row.status).toBe('online');
    expect(row.platformStatus).toBe('NORMAL');
    expect(row.job).toBeNull();
    const [platform] = await t.db
      .select()
      .from(sandboxProducts)
      .where(
        and(
          eq(sandboxProducts.platform, 'shopee'),
          eq(sandboxProducts.productId, row.externalId ?? ''),
        ),
      );
    if (!platform) throw new Error('the item is not on the platform');
    expect(platform.data.item_name).toBe('Stainless steel vacuum flask 500 ml');
    // The platform holds its own image id (media_space), not our address.
    const images = (platform.data.image as { image_id_list: string[] }).image_id_list;
    expect(images).toHaveLength(1);
    expect(images[0]).toMatch(/^sg-11134201-[0-9a-f]{24}$/);
    const models = platform.data.model as unknown[];
    expect(models).toHaveLength(4);
    // Every SKU got the platform's id back.
    expect(row.content?.skus.every((one) => one.skuId !== null)).toBe(true);
  });

  it('a Lazada product goes online on three sites (6-in-1 from Malaysia), each at its own price', async () => {
    const shops = await authorize('lazada', ['my', 'sg', 'th'], 'lazada-demo-cb');
    const my = shops.find((shop) => shop.site === 'my');
    const cover = await upload(800, 90);
    const id = await waitingProduct(
      my?.id ?? '',
      'lazada',
      base({
        categoryId: '1684',
        skus: [sku('a', 'FLASK-500', [], 5_990)],
        images: [cover],
      }),
    );
    const res = await t.call('POST', '/product/lazada/multiSite/publish', {
      token: seller.token,
      json: { id, sites: [{ site: 'sg' }, { site: 'th', prices: { a: 45_900 } }] },
    });
    expect(res.body.resp_code, res.text).toBe(0);
    await runProductJobs(t.deps, null);
    const row = await stored(id);
    expect(row.failure).toBeNull();
    expect(row.status).toBe('online');
    expect(row.siteListings.map((listing) => [listing.site, listing.status])).toEqual([
      ['sg', 'online'],
      ['th', 'online'],
    ]);
    const sg = row.siteListings.find((listing) => listing.site === 'sg');
    // 59.90 MYR at the recorded rate (USD pivot: 1.29 / 4.25) is 18.18 SGD.
    expect(sg?.currency).toBe('SGD');
    expect(sg?.prices.a).toBe(1_818);
    expect(Number(sg?.rate)).toBeCloseTo(1.29 / 4.25, 10);
    expect(row.siteListings.find((listing) => listing.site === 'th')?.prices.a).toBe(45_900);
    const ids = [row.externalId, ...row.siteListings.map((listing) => listing.externalId)];
    const onPlatform = await t.db
      .select()
      .from(sandboxProducts)
      .where(eq(sandboxProducts.platform, 'lazada'));
    const ours = onPlatform.filter((one) => ids.includes(one.productId));
    expect(ours).toHaveLength(3);
    expect(new Set(ours.map((one) => one.shopId)).size).toBe(3);
  });

  it('a refused publish keeps the platform’s reason and code, and succeeds when retried after the fix', async () => {
    const [shop] = await authorize('shopee', ['th'], 'shopee-demo-th');
    // A logistics channel the shop does not have: Shopee refuses the item.
    const id = await shopeeProduct(shop?.id ?? '', '99999');
    await publish([id]);
    await runProductJobs(t.deps, null);
    const failed = await stored(id);
    expect(failed.status).toBe('fail');
    expect(failed.externalId).toBeNull();
    expect(failed.failure?.code).toBeTruthy();
    expect(failed.failure?.message).toMatch(/99999|logistic/i);

    const list = await t.call('GET', '/product/product/list?platform=shopee&status=pushFail', {
      token: seller.token,
    });
    expect(list.body.datas.records.map((record: { id: string }) => record.id)).toEqual([id]);
    expect(list.body.datas.records[0].failure.message).toBe(failed.failure?.message);

    const detail = await t.call('GET', `/product/product/detail?id=${id}`, { token: seller.token });
    const fixed = {
      ...detail.body.datas,
      logistics: [{ channelId: '70016', enabled: true, feeMinor: null }],
    };
    const product = Object.fromEntries(
      Object.keys(base({})).map((key) => [key, fixed[key]]),
    ) as ProductInput;
    const saved = await t.call('POST', '/product/product/save', {
      token: seller.token,
      json: { id, version: detail.body.datas.version, product },
    });
    expect(saved.body.resp_code, saved.text).toBe(0);
    expect((await publish([id])).accepted).toEqual([id]);
    await runProductJobs(t.deps, null);
    const retried = await stored(id);
    expect(retried.status).toBe('online');
    expect(retried.failure).toBeNull();
  });

  it('a timed publish waits as intervalPushing and fires when the clock reaches its time', async () => {
    const [shop] = await authorize('shopee', ['th'], 'shopee-demo-th');
    const id = await shopeeProduct(shop?.id ?? '');
    const at = new Date(t.clock.now().getTime() + 3 * 3_600_000);
    await publish([id], { at: at.toISOString() });
    expect((await stored(id)).status).toBe('intervalPushing');
    expect((await stored(id)).scheduledAt?.toISOString()).toBe(at.toISOString());

    t.clock.advance(3 * 3_600_000 - 1000);
    expect(await runProductJobs(t.deps, null)).toBe(0);
    expect((await stored(id)).status).toBe('intervalPushing');
    t.clock.advance(1000);
    expect(await runProductJobs(t.deps, null)).toBe(1);
    expect((await stored(id)).status).toBe('online');
  });

  it('two runners never publish one product twice', async () => {
    const [shop] = await authorize('shopee', ['th'], 'shopee-demo-th');
    const ids = [await shopeeProduct(shop?.id ?? ''), await shopeeProduct(shop?.id ?? '')];
    await publish(ids);
    const before = await t.db
      .select()
      .from(sandboxProducts)
      .where(eq(sandboxProducts.platform, 'shopee'));
    const counts = await Promise.all([
      runProductJobs(t.deps, null),
      runProductJobs(t.deps, null),
      runProductJobs(t.deps, null),
    ]);
    expect(counts.reduce((sum, n) => sum + n, 0)).toBe(2);
    const after = await t.db
      .select()
      .from(sandboxProducts)
      .where(eq(sandboxProducts.platform, 'shopee'));
    expect(after.length - before.length).toBe(2);
    for (const id of ids) expect((await stored(id)).status).toBe('online');
    // Nothing left to do: a later round finds no job.
    expect(await runProductJobs(t.deps, null)).toBe(0);
  });

  it('delists, puts back online and deletes on the platform', async () => {
    const [shop] = await authorize('shopee', ['th'], 'shopee-demo-th');
    const id = await shopeeProduct(shop?.id ?? '');
    await publish([id]);
    await runProductJobs(t.deps, null);
    const externalId = (await stored(id)).externalId ?? '';
    const platformStatus = async () =>
      (
        await t.db
          .select()
          .from(sandboxProducts)
          .where(
            and(eq(sandboxProducts.platform, 'shopee'), eq(sandboxProducts.productId, externalId)),
          )
      )[0]?.status;

    const delisted = await t.call('POST', '/product/product/delist', {
      token: seller.token,
      json: { ids: [id] },
    });
    expect(delisted.body.datas.accepted).toEqual([id]);
    await runProductJobs(t.deps, null);
    expect((await stored(id)).status).toBe('offline');
    expect(await platformStatus()).toBe('UNLIST');

    await t.call('POST', '/product/product/activate', { token: seller.token, json: { ids: [id] } });
    await runProductJobs(t.deps, null);
    expect((await stored(id)).status).toBe('online');
    expect(await platformStatus()).toBe('NORMAL');

    await t.call('POST', '/product/product/delete', { token: seller.token, json: { ids: [id] } });
    await runProductJobs(t.deps, null);
    expect(await t.db.select().from(products).where(eq(products.id, id))).toEqual([]);
    expect(await platformStatus()).toBe('SELLER_DELETE');
  });
});

describe('a claimed product’s source images', () => {
  let images: Server | null = null;
  const hits = new Map<string, number>();

  /** The source site's image host, on this machine. */
  async function imageHost() {
    const rgba = new Uint8Array(1000 * 1000 * 4).map((_, i) => (i % 4 === 3 ? 255 : 120));
    const png = Buffer.from(encodePng(1000, 1000, rgba));
    images = createServer((req, res) => {
      hits.set(req.url ?? '', (hits.get(req.url ?? '') ?? 0) + 1);
      // The type it claims is not believed: the bytes are read.
      if (req.url === '/cover.jpg') res.writeHead(200, { 'content-type': 'text/html' }).end(png);
      else if (req.url === '/page.jpg')
        res.writeHead(200, { 'content-type': 'image/jpeg' }).end('<html><svg onload=alert(1)>');
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => images?.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(images.address() as AddressInfo).port}`;
  }
  afterEach(async () => {
    const running = images;
    images = null;
    hits.clear();
    if (running) await new Promise((resolve) => running.close(resolve));
  });

  const remote = (url: string): Media => ({
    key: null,
    url,
    mime: null,
    bytes: null,
    width: null,
    height: null,
    durationMs: null,
  });
  /** The job runner of a development or test server, allowed to fetch from this machine. */
  const local = () => ({
    ...t.deps,
    config: { ...t.deps.config, remoteMedia: { allowPrivate: true, timeoutMs: 5_000 } },
  });

  async function remoteProduct(shopId: string, url: string) {
    return waitingProduct(
      shopId,
      'shopee',
      base({
        categoryId: '100636',
        attributes: { '100211': ['Stainless Steel'], '100999': ['China'] },
        skus: [{ ...sku('a', 'FLASK_500', [], 29_900), image: remote(url) }],
        images: [remote(url)],
        logistics: [{ channelId: '70016', enabled: true, feeMinor: null }],
      }),
    );
  }

  it('are fetched once, stored under their hash for the owner, uploaded, and not fetched again', async () => {
    const host = await imageHost();
    const [shop] = await authorize('shopee', ['th'], 'shopee-demo-th');
    const id = await remoteProduct(shop?.id ?? '', `${host}/cover.jpg`);
    await publish([id]);
    await runProductJobs(local(), null);
    const row = await stored(id);
    expect(row.failure).toBeNull();
    expect(row.status).toBe('online');
    // The cover and the SKU image are one address: one fetch.
    expect(hits.get('/cover.jpg')).toBe(1);
    const cover = row.content?.images[0];
    expect(cover?.key).toMatch(/^[0-9a-f]{64}$/);
    expect(cover).toMatchObject({ mime: 'image/png', width: 1000, height: 1000 });
    expect(row.content?.skus[0]?.image?.key).toBe(cover?.key);
    expect(row.coverHash).toBe(cover?.key);
    const [owned] = await t.db
      .select()
      .from(media)
      .where(eq(media.key, cover?.key ?? ''));
    expect(owned?.ownerId).toBe(seller.user.id);
    const file = await t.call('GET', `/product/media/${cover?.key}`, { token: seller.token });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    const [platform] = await t.db
      .select()
      .from(sandboxProducts)
      .where(eq(sandboxProducts.productId, row.externalId ?? ''));
    if (!platform) throw new Error('the item is not on the platform');
    const ids = (platform.data.image as { image_id_list: string[] }).image_id_list;
    expect(ids).toHaveLength(1);
    expect(ids[0]).toMatch(/^sg-11134201-[0-9a-f]{24}$/);

    // Published again (an update): the stored file is used, the source is not asked again.
    expect((await publish([id])).accepted).toEqual([id]);
    await runProductJobs(local(), null);
    expect((await stored(id)).status).toBe('online');
    expect(hits.get('/cover.jpg')).toBe(1);
  });

  it('are never fetched from this machine by a production server, and fail the publish saying which', async () => {
    const host = await imageHost();
    const [shop] = await authorize('shopee', ['th'], 'shopee-demo-th');
    const id = await remoteProduct(shop?.id ?? '', `${host}/cover.jpg`);
    await publish([id]);
    await runProductJobs(t.deps, null);
    const row = await stored(id);
    expect(row.status).toBe('fail');
    expect(row.externalId).toBeNull();
    expect(row.failure?.code).toBe('MEDIA_FETCH_FAILED');
    expect(row.failure?.message).toBe(`blocked ${host}/cover.jpg`);
    expect(hits.size).toBe(0);
  });

  it('that are not images (HTML named .jpg) are refused by their bytes', async () => {
    const host = await imageHost();
    const [shop] = await authorize('shopee', ['th'], 'shopee-demo-th');
    const id = await remoteProduct(shop?.id ?? '', `${host}/page.jpg`);
    await publish([id]);
    await runProductJobs(local(), null);
    const row = await stored(id);
    expect(row.status).toBe('fail');
    expect(row.failure?.message).toBe(`type ${host}/page.jpg`);
    expect(row.content?.images[0]?.key).toBeNull();
    expect(await t.db.select().from(media).where(eq(media.ownerId, seller.user.id))).toEqual([]);
  });
});
