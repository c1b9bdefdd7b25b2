import { expect } from 'vitest';
import type { Expectations } from './expectation';

/**
 * Pinduoduo pages. Amounts are fen (CNY minor units): "22.9" yuan and 2290 fen are both 2290.
 * The 2026 files are rendered-DOM excerpts without rawData: one (the flower-pot tray) holds a
 * title, a price and the SKU dialog and gives a low-confidence draft; the others hold no title
 * (only the SKU dialog, or only the details section) and give layoutUnknown naming what is
 * missing. Their goods ids are not in the excerpts, so their addresses are assumed.
 */
const GOODS = 'https://mobile.yangkeduo.com/goods.html?goods_id=';

export const EXPECTED: Expectations = {
  // The 2020 initDataObj of a mud mask (goods, mall, ...), fed as the page's rawData assignment.
  'pdd-2020-initdataobj-167979795253-mud-mask.json': {
    url: 'https://mobile.yangkeduo.com/goods1.html?goods_id=167979795253&page_from=0',
    load: { script: 'window.rawData=' },
    draft: {
      site: 'pinduoduo',
      itemId: '167979795253',
      title: '深层清洁泥膜去黑头收缩毛孔涂抹式面膜美白补水绿茶面膜泥学生女',
      currency: 'CNY',
      price: { min: 2290, max: 2290 },
      tiers: [],
      skuProperties: [
        {
          id: '1287',
          name: '容量',
          values: [{ id: '4576777648', name: '绿茶冰肌清洁面膜1瓶（送粉刺针一支）' }],
        },
      ],
      skus: [
        {
          id: '665990805837',
          values: { '1287': '4576777648' },
          price: 2290,
          originalPrice: null,
          stock: 735,
          available: true,
          image:
            'https://img.pddpic.com/mms-material-img/2020-08-21/64e6531f-8b0a-4a42-bbe6-85ed6b4a0c16.jpeg.a.jpeg',
        },
      ],
      shop: {
        id: '274628870',
        name: '阿古朵美妆小店',
        url: 'https://mobile.yangkeduo.com/mall_page.html?mall_id=274628870',
      },
      categoryPath: [],
      weightGrams: null,
    },
    check: (draft) => {
      expect(draft.images).toHaveLength(10);
      expect(draft.images[0]).toBe(
        'https://img.pddpic.com/mms-material-img/2020-08-21/64e6531f-8b0a-4a42-bbe6-85ed6b4a0c16.jpeg.a.jpeg',
      );
      // The description is the 26 detail images.
      const html = (draft.description as { html: string }).html;
      expect(html.match(/<img /g)).toHaveLength(26);
      expect(
        html.startsWith(
          '<img src="https://t00img.yangkeduo.com/goods/images/2020-08-21/6b5f15bf-1ec6-48dc-af78-f6d483644eea.png">',
        ),
      ).toBe(true);
      expect(draft.attributes).toHaveLength(8);
      expect(draft.attributes[0]).toEqual({ name: '品牌', value: '兰恬纪' });
      expect(draft.attributes[1]).toEqual({ name: '功能', value: '收缩毛孔，去黑头，深层清洁' });
    },
  },

  // A 2018 category goods-list answer (goods_list[], fen prices): a listing, not a goods page.
  'pdd-2018-category-goods-list-api.json': {
    url: `${GOODS}2173242127`,
    load: {
      captured:
        'http://apiv3.yangkeduo.com/operation/14/groups?opt_type=1&size=100&offset=0&flip=&pdduid=0',
    },
    failure: 'notProduct',
  },

  // Gallery, 商品详情 and the open SKU dialog: ¥0.99 for 招财托盘 白色 / 160型号.
  'pdd-2026-flowerpot-tray-dom-excerpt.html': {
    url: `${GOODS}672673135904`,
    draft: {
      itemId: '672673135904',
      title: '通风透气花盆托盘',
      currency: 'CNY',
      price: { min: 99, max: 99 },
      skus: [
        {
          id: '颜色:招财托盘 白色;尺寸:160型号 （内径14.5cm）',
          values: { 颜色: '招财托盘 白色', 尺寸: '160型号 （内径14.5cm）' },
          price: 99,
          originalPrice: null,
          stock: null,
          available: true,
          image:
            'https://img.pddpic.com/mms-goods-image/2026-07-07/53c2ac39-3ff4-4ea2-ba7e-3ba81b248e61.jpeg.a.jpeg',
        },
      ],
      shop: null,
      attributes: [
        { name: '品牌', value: '添彩' },
        { name: '发货地', value: '河北省' },
        { name: '材质', value: '聚丙烯(pp)' },
        { name: '功能特点', value: '可排水' },
        { name: '使用场景', value: '客厅，卧室，阳台' },
      ],
    },
    check: (draft) => {
      expect(draft.skuProperties.map((p) => p.name)).toEqual(['颜色', '尺寸']);
      expect(draft.skuProperties[0]?.values.map((v) => v.name)).toEqual([
        '招财托盘 红色',
        '招财托盘 绿色',
        '招财托盘 白色',
      ]);
      expect(draft.skuProperties[1]?.values).toHaveLength(11);
      // 13 gallery <img>s, the last two repeating the first two.
      expect(draft.images).toHaveLength(11);
      expect(draft.images[0]).toBe(
        'https://img.pddpic.com/mms-goods-image/2026-07-07/e5345ba8-bff6-42af-a319-ffe9cf083c8a.jpeg.a.jpeg',
      );
      expect(draft.images[2]).toBe(
        'https://img-1.pddpic.com/mms-goods-image/2026-07-07/a1e99e89-0d34-4a93-8cea-0e8a3c6e99b4.jpeg.a.jpeg',
      );
      const html = (draft.description as { html: string }).html;
      expect(html.match(/<img /g)).toHaveLength(16);
      expect(html).toContain(
        'https://img-1.pddpic.com/mms-material-img/2024-11-16/0aaefa01-3f8a-4d73-8ab5-512753dcfc17.jpeg"',
      );
      expect(draft.confidence.price?.level).toBe('low');
      expect(draft.confidence.skus?.level).toBe('low');
      expect(draft.confidence.title?.level).toBe('medium');
    },
  },

  // Only the SKU dialog (¥3.52, 款式 x18, 颜色 x5): no title -> layoutUnknown ['title'].
  'pdd-2026-saucer-sku-dialog-dom-excerpt.html': {
    url: `${GOODS}700000000001`,
    failure: 'layoutUnknown',
  },

  // Only the SKU dialog (首件¥17.78, 券前¥19.78, three spec groups): no title -> layoutUnknown.
  'pdd-2026-cleanser-sku-dialog-dom-excerpt.html': {
    url: `${GOODS}700000000002`,
    failure: 'layoutUnknown',
  },

  // Only the SKU dialog (¥29.99, 型号 x3, 款式 x3): no title -> layoutUnknown.
  'pdd-2026-fan-sku-dom-excerpt.html': {
    url: `${GOODS}700000000003`,
    failure: 'layoutUnknown',
  },

  // Only the 商品详情 section (26 lazy detail images): no title, no price -> layoutUnknown.
  'pdd-2026-wrapped-details-lazy-images-dom-excerpt.html': {
    url: `${GOODS}700000000004`,
    failure: 'layoutUnknown',
  },

  'constructed-rawdata-goods-page.html': {
    url: `${GOODS}123456789012`,
    draft: {
      itemId: '123456789012',
      title: '构造测试T恤 纯棉',
      currency: 'CNY',
      price: { min: 1990, max: 2590 },
      skuProperties: [
        {
          id: '1215',
          name: '颜色',
          values: [
            { id: '775', name: '白色', image: 'https://img.pddpic.com/constructed/white.jpeg' },
            { id: '776', name: '黑色', image: 'https://img.pddpic.com/constructed/black.jpeg' },
          ],
        },
        {
          id: '1226',
          name: '尺码',
          values: [
            { id: '301', name: 'M', image: null },
            { id: '302', name: 'L', image: null },
          ],
        },
      ],
      skus: [
        {
          id: '9001',
          values: { '1215': '775', '1226': '301' },
          price: 1990,
          originalPrice: 2990,
          stock: 20,
          available: true,
        },
        {
          id: '9002',
          values: { '1215': '775', '1226': '302' },
          price: 2590,
          originalPrice: 3590,
          stock: 0,
          available: false,
        },
        {
          id: '9003',
          values: { '1215': '776', '1226': '301' },
          price: 1990,
          stock: 5,
          available: true,
          image: 'https://img.pddpic.com/constructed/black.jpeg',
        },
      ],
      images: [
        'https://img.pddpic.com/constructed/a.jpeg',
        'https://img.pddpic.com/constructed/b.jpeg',
      ],
      description: {
        html: '<img src="https://img.pddpic.com/constructed/d1.jpeg"><img src="https://img.pddpic.com/constructed/d2.jpeg">',
      },
      shop: { id: '555', name: '构造测试店' },
      attributes: [
        { name: '材质', value: '棉' },
        { name: '适用季节', value: '春季，夏季' },
      ],
    },
  },

  'constructed-need-login.html': {
    url: `${GOODS}123456789012`,
    failure: 'loginWall',
  },

  // Prices 0 on the H5 page: hidden, not free -> layoutUnknown ['price ...'].
  'constructed-hidden-price.html': {
    url: `${GOODS}123456789013`,
    failure: 'layoutUnknown',
  },

  'constructed-other-goods.html': {
    url: `${GOODS}123456789012`,
    failure: 'layoutUnknown',
  },
};
