import type { ProductDraft } from '@shared/contracts/product-draft';
import { expect } from 'vitest';
import type { Expectations } from './expectation';

function sku(draft: ProductDraft, id: string) {
  const found = draft.skus.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no SKU ${id}`);
  return found;
}

export const EXPECTED: Expectations = {
  // globalData.tempModel / skuModel / orderParamModel and the od modules of offer 597090034012.
  '1688-2024-initdata-597090034012-skincare-set.json': {
    url: 'https://detail.1688.com/offer/597090034012.html',
    load: { script: 'window.__INIT_DATA=' },
    draft: {
      site: '1688',
      itemId: '597090034012',
      url: 'https://detail.1688.com/offer/597090034012.html',
      title: '梵贞男士洗面奶补水护肤品套装面霜洁面乳素颜霜男士护肤套盒批发',
      currency: 'CNY',
      // skuPriceScale "2.30-20.52" (promotion prices; the original scale is 2.88-25.65).
      price: { min: 230, max: 2052 },
      // skuPriceType "skuPrice": skuRangePrices [{2.30, 3}, {20.52, 3}] is a min/max, not a ladder.
      tiers: [],
      minOrderQuantity: 3,
      // offer-logistics unitWeight 0.933 (kg).
      weightGrams: 933,
      // pieceWeightScale row of the SKU weighing 933 g (男士劲肤酷爽五件套/盒装（新）).
      dimensionsCm: { length: 29.7, width: 20.7, height: 6.5 },
      description: { url: 'https://itemcdn.tmall.com/1688offer/icoss4165340769b90795afecc86a4b' },
      shop: {
        id: '2926666289',
        name: '广州欧博化妆品有限公司',
        url: 'https://shop1467652076311.1688.com',
      },
      skuProperties: [{ id: '361', name: '产品规格' }],
      images: expect.arrayContaining([
        'https://cbu01.alicdn.com/img/ibank/O1CN01az7MZu1wKPcYfQCSE_!!2926666289-0-cib.jpg',
      ]),
    },
    check: (draft) => {
      expect(draft.skuProperties[0]?.values).toHaveLength(10);
      expect(draft.skuProperties[0]?.values.map((value) => value.name)).toContain(
        '洁面乳（新包装）80g',
      );
      expect(draft.skus).toHaveLength(10);
      expect(sku(draft, '5430796454799')).toEqual({
        id: '5430796454799',
        values: { '361': '精华乳（新）120ml' },
        price: 430,
        originalPrice: 538,
        stock: 1195,
        available: true,
        image: 'https://cbu01.alicdn.com/img/ibank/O1CN01EzQQoP1wKPmRtCUYx_!!2926666289-0-cib.jpg',
      });
      expect(sku(draft, '5194598109456')).toMatchObject({
        price: 2052,
        originalPrice: 2565,
        stock: 404,
      });
      expect(draft.images).toHaveLength(15);
      expect(draft.images[0]).toBe(
        'https://cbu01.alicdn.com/img/ibank/O1CN01az7MZu1wKPcYfQCSE_!!2926666289-0-cib.jpg',
      );
      expect(draft.attributes).toContainEqual({ name: '品牌', value: '梵贞' });
      expect(draft.attributes.map((attribute) => attribute.name)).not.toContain('产品规格');
      // SKU weights differ (113-933 g): the offer weight is flagged.
      expect(draft.confidence.weightGrams?.level).toBe('medium');
      // The logged-in buyer in offerBaseInfo is never kept.
      expect(JSON.stringify(draft.raw)).not.toContain('median314');
    },
  },

  // Reduced by its publisher: title, shop, mainPrice tradeWithoutPromotion and the offer id only.
  '1688-2025-context-996518024136-reduced.html': {
    url: 'https://detail.1688.com/offer/996518024136.html',
    draft: {
      itemId: '996518024136',
      title:
        "Women's Autumn and Winter Retro Elegant Knitted Texture Fabric V Neck Slim Long Sleeve Long Dress",
      currency: 'CNY',
      price: { min: 3700, max: 3900 },
      tiers: [],
      minOrderQuantity: 1,
      shop: { id: '2219662283173', name: '广州衣秀缘服饰商行', url: null },
      skus: [],
      images: [],
      description: null,
    },
    check: (draft) => {
      expect(draft.confidence.images?.level).toBe('low');
      expect(draft.confidence.skus?.level).toBe('low');
    },
  },

  // window.context (2026), saved logged out; another extension's UI is in the DOM.
  '1688-2026-context-983002962097-fullpage.html': {
    url: 'https://detail.1688.com/offer/983002962097.html?offerId=983002962097&hotSaleSkuId=6110685807709',
    draft: {
      itemId: '983002962097',
      url: 'https://detail.1688.com/offer/983002962097.html',
      title: '【双胆】全自动点火锅鸳鸯双胆电饭煲多功能煮粥锅智能蒸煮一体锅',
      currency: 'CNY',
      // mainPrice currentPrices 19.90 / 65.00 and skuPriceScale "19.90-65.00", not tradeModel's 19.90.
      price: { min: 1990, max: 6500 },
      tiers: [],
      minOrderQuantity: 1,
      // productPackInfo unitWeight 0.300 (kg).
      weightGrams: 300,
      description: { url: 'https://itemcdn.tmall.com/1688offer/icoss3331106474dc4e391843a1a64b' },
      shop: {
        id: '2219443957487',
        name: '深圳市鑫业昌盛科技有限公司',
        url: 'https://xycs888.1688.com',
      },
      categoryPath: ['电煮锅'],
      skuProperties: [{ id: '404', name: '颜色' }],
    },
    check: (draft) => {
      expect(draft.skuProperties[0]?.values).toHaveLength(7);
      expect(draft.skus).toHaveLength(7);
      expect(sku(draft, '6110685807709')).toMatchObject({
        values: { '404': '白色单锅1.8L【不粘锅】' },
        price: 1990,
        originalPrice: null,
        stock: 99999,
        available: true,
        image:
          'https://cbu01.alicdn.com/img/ibank/O1CN01hUvV6B1CxNJhZbLOl_!!2215451050147-0-cib.jpg',
      });
      expect(sku(draft, '6110685807708')).toMatchObject({ price: 6500 });
      // gallery.offerImgList: 12 images, the 5 main ones first.
      expect(draft.images).toHaveLength(12);
      expect(draft.images[0]).toBe(
        'https://cbu01.alicdn.com/img/ibank/O1CN01TS1EwM1CxNJhlQ3DZ_!!2215451050147-0-cib.jpg',
      );
      expect(draft.images.every((image) => image.startsWith('https://cbu01.alicdn.com/'))).toBe(
        true,
      );
      expect(draft.attributes).toContainEqual({ name: '清洗方式', value: '一体式' });
      expect(JSON.stringify(draft)).not.toContain('TedarikApp');
    },
  },

  '1688-2026-search-listing-nonpdp-negative.html': {
    url: 'https://s.1688.com/selloffer/offer_search.htm?keywords=%C8%D5%D3%C3%C6%B7',
    failure: 'notProduct',
  },

  // Constructed: 2021-24 carrier, quantity ladder, no SKUs, weight only in grams.
  'constructed-initdata-rangeprice-tiers.html': {
    url: 'https://detail.1688.com/offer/712345678901.html',
    draft: {
      itemId: '712345678901',
      title: '304不锈钢保温杯 500ml 定制logo',
      currency: 'CNY',
      // skuRangePrices, given out of order: from 2 at 9.80, from 100 at 8.80, from 1000 at 7.50.
      tiers: [
        { minQuantity: 2, price: 980 },
        { minQuantity: 100, price: 880 },
        { minQuantity: 1000, price: 750 },
      ],
      price: { min: 750, max: 980 },
      minOrderQuantity: 2,
      skuProperties: [],
      skus: [],
      weightGrams: 250,
      dimensionsCm: { length: 20, width: 15, height: 8 },
      images: [
        'https://cbu01.alicdn.com/img/ibank/O1CN01cupA_!!1000-0-cib.jpg',
        'https://cbu01.alicdn.com/img/ibank/O1CN01cupB_!!1000-0-cib.jpg',
        'https://cbu01.alicdn.com/img/ibank/O1CN01cupC_!!1000-0-cib.jpg',
      ],
      description: { url: 'https://itemcdn.tmall.com/1688offer/icoss0000constructed01' },
      shop: {
        id: '1234567890',
        name: '义乌市示例日用品有限公司',
        url: 'https://example-shop.1688.com',
      },
      attributes: [
        { name: '品牌', value: '示例' },
        { name: '产地', value: '浙江' },
      ],
    },
    check: (draft) => {
      expect(draft.confidence.weightGrams?.level).toBe('high');
      expect(JSON.stringify(draft.raw)).not.toContain('someone');
    },
  },

  // Constructed: 2025-26 carrier, two axes joined with &gt;, a sold-out SKU, weight in kg.
  'constructed-context-two-axes-kg.html': {
    url: 'https://detail.1688.com/offer/712345678903.html',
    draft: {
      itemId: '712345678903',
      title: '女士纯棉T恤 宽松短袖',
      currency: 'CNY',
      price: { min: 2500, max: 3200 },
      tiers: [],
      minOrderQuantity: 3,
      weightGrams: 1250,
      skuProperties: [
        { id: '3216', name: '颜色', values: [{ name: '红色' }, { name: '蓝色' }] },
        {
          id: '450',
          name: '尺码',
          values: [
            { name: 'M', image: null },
            { name: 'L', image: null },
          ],
        },
      ],
      categoryPath: ['T恤'],
      attributes: [{ name: '面料名称', value: '棉' }],
    },
    check: (draft) => {
      expect(draft.skus).toHaveLength(4);
      expect(sku(draft, '5100000000001')).toEqual({
        id: '5100000000001',
        values: { '3216': '红色', '450': 'M' },
        price: 2500,
        originalPrice: 2800,
        stock: 120,
        available: true,
        image: 'https://cbu01.alicdn.com/img/ibank/O1CN01teeRed_!!2000-0-cib.jpg',
      });
      expect(sku(draft, '5100000000003')).toMatchObject({
        values: { '3216': '蓝色', '450': 'M' },
        stock: 0,
        available: false,
      });
    },
  },

  // Constructed: prices private to members; the draft says so instead of giving 0.
  'constructed-initdata-private-price.html': {
    url: 'https://detail.1688.com/offer/712345678904.html',
    draft: {
      itemId: '712345678904',
      title: '深沟球轴承 6204 工业级',
      price: { min: null, max: null },
      minOrderQuantity: 10,
    },
    check: (draft) => {
      expect(draft.skus).toHaveLength(2);
      expect(draft.skus.every((entry) => entry.price === null)).toBe(true);
      expect(draft.confidence.price).toEqual({
        level: 'low',
        code: 'pricesHidden',
        reason: 'prices are hidden from this visitor',
      });
    },
  },

  'constructed-other-offer-id.html': {
    url: 'https://detail.1688.com/offer/712345678901.html',
    failure: 'layoutUnknown',
  },

  'constructed-punish-captcha.html': {
    url: 'https://detail.1688.com/offer/712345678901.html',
    failure: 'captcha',
  },

  'constructed-login-wall.html': {
    url: 'https://login.1688.com/member/signin.htm?Done=https%3A%2F%2Fdetail.1688.com%2Foffer%2F712345678901.html',
    failure: 'loginWall',
  },

  'constructed-offer-removed.html': {
    url: 'https://detail.1688.com/offer/712345678905.html',
    failure: 'errorPage',
  },
};
