import type { ProductDraft } from '@shared/contracts/product-draft';
import { and, asc, eq } from 'drizzle-orm';
import type { AppDeps } from '../context';
import { shops } from '../db/schema/index';
import { claimIntoShops } from '../modules/collector/claim.service';
import { collectDrafts } from '../modules/collector/collector.service';
import { savePluginSettings } from '../modules/collector/plugin-settings.service';
import { sellerActor } from './actor';

const ALICDN = 'https://cbu01.alicdn.com/img/ibank';

/** A 1688 wholesale offer in CNY: quantity tiers, two properties, four SKUs. */
const THERMOS_1688: ProductDraft = {
  site: '1688',
  itemId: '745512380921',
  url: 'https://detail.1688.com/offer/745512380921.html',
  title: '304不锈钢保温杯 大容量便携水杯 车载咖啡杯 礼品定制logo',
  currency: 'CNY',
  price: { min: 1520, max: 2350 },
  tiers: [
    { minQuantity: 2, price: 1850 },
    { minQuantity: 50, price: 1680 },
    { minQuantity: 200, price: 1520 },
  ],
  skuProperties: [
    {
      id: '3216',
      name: '颜色',
      values: [
        {
          id: 'c1',
          name: '象牙白',
          image: `${ALICDN}/O1CN01thermosWhite_!!2208857268011-0-cib.jpg`,
        },
        { id: 'c2', name: '墨蓝', image: `${ALICDN}/O1CN01thermosNavy_!!2208857268011-0-cib.jpg` },
      ],
    },
    {
      id: '450',
      name: '容量',
      values: [
        { id: 'v1', name: '500ml', image: null },
        { id: 'v2', name: '750ml', image: null },
      ],
    },
  ],
  skus: [
    {
      id: '5123480012001',
      values: { '3216': 'c1', '450': 'v1' },
      price: 1850,
      originalPrice: 2100,
      stock: 3260,
      available: true,
      image: `${ALICDN}/O1CN01thermosWhite_!!2208857268011-0-cib.jpg`,
    },
    {
      id: '5123480012002',
      values: { '3216': 'c1', '450': 'v2' },
      price: 2350,
      originalPrice: 2600,
      stock: 1840,
      available: true,
      image: `${ALICDN}/O1CN01thermosWhite_!!2208857268011-0-cib.jpg`,
    },
    {
      id: '5123480012003',
      values: { '3216': 'c2', '450': 'v1' },
      price: 1850,
      originalPrice: 2100,
      stock: 2975,
      available: true,
      image: `${ALICDN}/O1CN01thermosNavy_!!2208857268011-0-cib.jpg`,
    },
    {
      id: '5123480012004',
      values: { '3216': 'c2', '450': 'v2' },
      price: 2350,
      originalPrice: 2600,
      stock: 0,
      available: false,
      image: `${ALICDN}/O1CN01thermosNavy_!!2208857268011-0-cib.jpg`,
    },
  ],
  images: [
    `${ALICDN}/O1CN01thermosMain_!!2208857268011-0-cib.jpg`,
    `${ALICDN}/O1CN01thermosWhite_!!2208857268011-0-cib.jpg`,
    `${ALICDN}/O1CN01thermosNavy_!!2208857268011-0-cib.jpg`,
  ],
  description: {
    html: '<p>304食品级不锈钢内胆，双层真空保温，12小时保温保冷。</p><p>支持激光定制logo，50个起订。</p>',
  },
  shop: { id: '2208857268011', name: '永康市悦杯日用品有限公司', url: 'https://yuebei.1688.com' },
  categoryPath: ['家居日用', '水杯', '保温杯'],
  weightGrams: 420,
  dimensionsCm: { length: 8, width: 8, height: 24 },
  attributes: [
    { name: '材质', value: '304不锈钢' },
    { name: '是否支持定制', value: '是' },
  ],
  minOrderQuantity: 2,
  raw: { offerId: 745512380921, source: 'window.__INIT_DATA' },
  confidence: {
    weightGrams: { level: 'medium', reason: 'The offer weight, not per SKU.' },
  },
};

/** An AliExpress item in USD with two colour SKUs. */
const EARBUDS_ALIEXPRESS: ProductDraft = {
  site: 'aliexpress',
  itemId: '1005006287745210',
  url: 'https://www.aliexpress.com/item/1005006287745210.html',
  title: 'Wireless Earbuds Bluetooth 5.3 ENC Noise Cancelling Sport Headphones with Charging Case',
  currency: 'USD',
  price: { min: 1299, max: 1399 },
  tiers: [],
  skuProperties: [
    {
      id: '14',
      name: 'Color',
      values: [
        {
          id: '193',
          name: 'Black',
          image: 'https://ae01.alicdn.com/kf/S8a1f0c2e4b7d4f1e9c3a5b6d7e8f9a0bK.jpg',
        },
        {
          id: '29',
          name: 'White',
          image: 'https://ae01.alicdn.com/kf/S1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6eW.jpg',
        },
      ],
    },
  ],
  skus: [
    {
      id: '12000036701543371',
      values: { '14': '193' },
      price: 1299,
      originalPrice: 2598,
      stock: 812,
      available: true,
      image: 'https://ae01.alicdn.com/kf/S8a1f0c2e4b7d4f1e9c3a5b6d7e8f9a0bK.jpg',
    },
    {
      id: '12000036701543372',
      values: { '14': '29' },
      price: 1399,
      originalPrice: 2798,
      stock: 455,
      available: true,
      image: 'https://ae01.alicdn.com/kf/S1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6eW.jpg',
    },
  ],
  images: [
    'https://ae01.alicdn.com/kf/S4e5f6a7b8c9d4e0f1a2b3c4d5e6f7a8bM.jpg',
    'https://ae01.alicdn.com/kf/S8a1f0c2e4b7d4f1e9c3a5b6d7e8f9a0bK.jpg',
  ],
  description: {
    url: 'https://aeproductsourcesite.alicdn.com/product/description/pc/1005006287745210.html',
  },
  shop: {
    id: '1102345678',
    name: 'SoundWave Official Store',
    url: 'https://www.aliexpress.com/store/1102345678',
  },
  categoryPath: ['Consumer Electronics', 'Earphones & Headphones', 'Bluetooth Earphones'],
  weightGrams: 180,
  dimensionsCm: { length: 10, width: 8, height: 4 },
  attributes: [
    { name: 'Brand Name', value: 'SoundWave' },
    { name: 'Bluetooth Version', value: '5.3' },
  ],
  minOrderQuantity: 1,
  raw: { productId: '1005006287745210', source: 'runParams' },
  confidence: {},
};

/** A Shopee Thailand item in THB with size SKUs. */
const TOTE_SHOPEE: ProductDraft = {
  site: 'shopee',
  itemId: '23456789012',
  url: 'https://shopee.co.th/product/334455667/23456789012',
  title: 'กระเป๋าผ้าแคนวาส Tote Bag ใบใหญ่ มีซิป สไตล์มินิมอล',
  currency: 'THB',
  price: { min: 15900, max: 19900 },
  tiers: [],
  skuProperties: [
    {
      id: 'size',
      name: 'ขนาด',
      values: [
        { id: 'M', name: 'M', image: null },
        { id: 'L', name: 'L', image: null },
      ],
    },
  ],
  skus: [
    {
      id: '187654321001',
      values: { size: 'M' },
      price: 15900,
      originalPrice: 22900,
      stock: 120,
      available: true,
      image: null,
    },
    {
      id: '187654321002',
      values: { size: 'L' },
      price: 19900,
      originalPrice: 25900,
      stock: 64,
      available: true,
      image: null,
    },
  ],
  images: [
    'https://down-th.img.susercontent.com/file/th-11134207-7r98o-lq1a2b3c4d5e6f',
    'https://down-th.img.susercontent.com/file/th-11134207-7r98o-lq7a8b9c0d1e2f',
  ],
  description: {
    html: '<p>ผ้าแคนวาสหนา 12 ออนซ์ มีซิปด้านบนและช่องใส่ของด้านใน</p>',
  },
  shop: { id: '334455667', name: 'Canvas Corner TH', url: 'https://shopee.co.th/canvascorner' },
  categoryPath: ['กระเป๋าผู้หญิง', 'กระเป๋าผ้า'],
  weightGrams: 250,
  dimensionsCm: null,
  attributes: [{ name: 'วัสดุ', value: 'ผ้าแคนวาส' }],
  minOrderQuantity: null,
  raw: { itemid: 23456789012, shopid: 334455667 },
  confidence: { dimensionsCm: { level: 'low', reason: 'Not on the page.' } },
};

/** A Lazada Thailand item without SKUs: the product's own price. */
const LAMP_LAZADA: ProductDraft = {
  site: 'lazada',
  itemId: '4123987650',
  url: 'https://www.lazada.co.th/products/i4123987650-s18765432109.html',
  title: 'โคมไฟตั้งโต๊ะ LED ถนอมสายตา ปรับแสงได้ 3 ระดับ ชาร์จ USB',
  currency: 'THB',
  price: { min: 34900, max: 34900 },
  tiers: [],
  skuProperties: [],
  skus: [],
  images: ['https://th-live.slatic.net/p/5c7d9e1f3a5b7c9d1e3f5a7b9c1d3e5f.jpg'],
  description: null,
  shop: { id: '100234567', name: 'Bright Home Official', url: null },
  categoryPath: ['Home & Living', 'Lighting', 'Desk Lamps'],
  weightGrams: 650,
  dimensionsCm: { length: 15, width: 15, height: 40 },
  attributes: [{ name: 'Power Source', value: 'USB' }],
  minOrderQuantity: null,
  raw: { itemId: 4123987650, skuId: 18765432109 },
  confidence: {},
};

const DEMO_COLLECTED: readonly ProductDraft[] = [
  LAMP_LAZADA,
  TOTE_SHOPEE,
  EARBUDS_ALIEXPRESS,
  THERMOS_1688,
];

/**
 * The demo seller's collection box: products from 1688, AliExpress, Shopee and Lazada collected
 * through the same service the extension calls, a pricing template, and the 1688 offer claimed
 * into the Shopee shop (the first normal shop when there is none).
 */
export async function seedCollector(deps: Pick<AppDeps, 'db' | 'clock'>, sellerId: string) {
  const actor = sellerActor(sellerId);
  const { records } = await collectDrafts(deps, actor, DEMO_COLLECTED);
  const candidates = await deps.db
    .select({ id: shops.id, platform: shops.platform })
    .from(shops)
    .where(and(eq(shops.ownerId, sellerId), eq(shops.status, 'normal')))
    .orderBy(asc(shops.platform), asc(shops.name));
  const shop = candidates.find((row) => row.platform === 'shopee') ?? candidates[0];
  await savePluginSettings(deps, actor, {
    defaultShopIds: shop ? [shop.id] : [],
    pricing: { markupPercent: 30, rounding: 'ninetyNine' },
    bulkPerMinute: 12,
  });
  const thermos = records.find((record) => record.site === '1688');
  if (shop && thermos) await claimIntoShops(deps, actor, { ids: [thermos.id], shopIds: [shop.id] });
}
