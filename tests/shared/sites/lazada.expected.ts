import { expect } from 'vitest';
import type { Expectations } from './expectation';

/**
 * Lazada and Daraz pages. Prices in the pages are numeric `value`s in the currency (Rs. 300 ->
 * 30000 paisa; ฿199.50 -> 19950 satang; VND has no decimals). Daraz reports `stock: 0` for SKUs
 * that can be bought, so stock is null and availability follows the SKU's operation
 * ("Add to Cart" vs "Add to Wishlist").
 */
const DARAZ_IMG = 'https://static-01.daraz.com.np/p/';

export const EXPECTED: Expectations = {
  // The full raw Daraz NP page: app.run({data:{root:{fields}}}) plus var pdpTrackingData.
  'daraz-np-2024-capri-fullpage.html': {
    url: 'https://www.daraz.com.np/products/womens-cotton-printed-capri-slc-20-i131999414-s1039783631.html',
    draft: {
      site: 'lazada',
      itemId: '131999414',
      title: "Women's Cotton Printed Capri (SLC-20)",
      currency: 'NPR',
      price: { min: 30000, max: 30000 },
      tiers: [],
      skuProperties: [
        {
          id: '31186',
          name: 'Size',
          values: [
            { id: '2728', name: 'M', image: null },
            { id: '2736', name: 'XXL', image: null },
            { id: '2746', name: 'S', image: null },
            { id: '2752', name: 'L', image: null },
            { id: '2754', name: 'XL', image: null },
          ],
        },
      ],
      shop: {
        id: '129157',
        name: 'Sanam Clothing Suppliers and Traders Pvt. Ltd',
        url: 'https://www.daraz.com.np/shop/z6gss7g1/',
      },
      categoryPath: [
        'Fashion',
        'Women',
        'Clothing',
        'Traditional Clothing',
        'Palazzo Pants & Culottes',
      ],
      weightGrams: null,
    },
    check: (draft) => {
      expect(draft.skus).toHaveLength(5);
      // S (31186:2746) shows "Add to Wishlist"; L (31186:2752) is the one in the address, buyable.
      expect(draft.skus.find((s) => s.id === '1039783629')).toMatchObject({
        values: { '31186': '2746' },
        price: 30000,
        originalPrice: 99900,
        stock: null,
        available: false,
      });
      expect(draft.skus.find((s) => s.id === '1039783631')).toMatchObject({
        values: { '31186': '2752' },
        price: 30000,
        stock: null,
        available: true,
      });
      expect(draft.skus.filter((s) => s.available).map((s) => s.id)).toEqual(['1039783631']);
      expect(draft.images).toHaveLength(5);
      expect(draft.images[0]).toBe(`${DARAZ_IMG}e29f4f309f98eec373e96f458fa6a5f2.jpg`);
      // desc is an empty <div>; the highlights list is the description.
      const html = (draft.description as { html: string }).html;
      expect(
        html.startsWith("<ul class=''><li class=''>Care Instructions: Machine Wash</li>"),
      ).toBe(true);
      expect(draft.attributes).toContainEqual({ name: 'Brand', value: 'No Brand' });
    },
  },

  // data.root saved on its own ({"fields": {...}}, a Daraz NP smart watch), fed as the page's
  // __moduleData__ assignment.
  'daraz-np-2024-zeblaze-fields.json': {
    url: 'https://www.daraz.com.np/products/zeblaze-beyond-3-pro-gps-smart-watch-ultra-hd-amoled-display-built-in-gps-route-import-bluetooth-calling-ip68-water-resistance-1-year-warranty-i131875485-s1039111864.html',
    load: { script: 'var __moduleData__ = ' },
    draft: {
      itemId: '131875485',
      title:
        'Zeblaze Beyond 3 Pro GPS Smart Watch | Ultra HD Amoled Display | Built-in GPS & Route Import  | Bluetooth Calling | IP68 Water Resistance | 1 Year Warranty',
      currency: 'NPR',
      price: { min: 599000, max: 599000 },
      skuProperties: [
        {
          id: '30129',
          name: 'Color Family',
          values: [
            {
              id: 'Lava Black',
              name: 'Lava Black',
              image: `${DARAZ_IMG}1acb00e71e60d9dd2c839a8b425967e7.jpg`,
            },
            {
              id: '3781',
              name: 'Champagne',
              image: `${DARAZ_IMG}9a09aad6a448564e09a5a23f350fe5ce.jpg`,
            },
          ],
        },
      ],
      skus: [
        {
          id: '1039111864',
          values: { '30129': 'Lava Black' },
          price: 599000,
          originalPrice: 900000,
          stock: null,
          available: true,
          image: `${DARAZ_IMG}1acb00e71e60d9dd2c839a8b425967e7.jpg`,
        },
        {
          id: '1039111865',
          values: { '30129': '3781' },
          price: 599000,
          originalPrice: 900000,
          stock: null,
          available: false,
          image: `${DARAZ_IMG}9a09aad6a448564e09a5a23f350fe5ce.jpg`,
        },
      ],
      shop: { id: '127664', name: 'Zeblaze', url: 'https://www.daraz.com.np/shop/75kj8lw5/' },
      categoryPath: [
        'TV, Audio / Video, Gaming & Wearables',
        'Wearable Technology',
        'Smartwatches',
      ],
    },
    check: (draft) => {
      // 14 gallery entries, the first a video.
      expect(draft.images).toHaveLength(13);
      expect(draft.images[0]).toBe(`${DARAZ_IMG}9a09aad6a448564e09a5a23f350fe5ce.jpg`);
      const html = (draft.description as { html: string }).html;
      expect(html).toContain('Model - Zeblaze Beyond 3 Pro');
      expect(html.match(/<img /g)).toHaveLength(10);
      expect(draft.attributes).toContainEqual({ name: 'Display Type', value: 'Amoled' });
      expect(draft.attributes.some((a) => a.name === 'SKU')).toBe(false);
    },
  },

  // Trimmed __moduleData__ of a Lazada MY chair: no skuBase/skuInfos, price only as "RM114.00",
  // the description cut off by whoever trimmed it.
  'lazada-my-2026-chair-moduledata-trimmed.json': {
    url: 'https://www.lazada.com.my/products/ff-office-chair-ergonomic-adjustable-with-coasters-i149806956-s175725114.html',
    load: { script: 'var __moduleData__ = ' },
    draft: {
      itemId: '149806956',
      title:
        'F&F: Office Chair Ergonomic Adjustable with Coasters/ Rotatable Office Chair/ Kerusi Pejabat/ Study Chair/ Kerusi Belajar/ Kerusi Office/ Ergonomic Chair/ Home Office',
      currency: 'MYR',
      price: { min: 11400, max: 11400 },
      skuProperties: [],
      skus: [],
      images: [
        'https://laz-img-sg.alicdn.com/p/b1cc3b1193ca2a3990d2598386cf3f92.jpg',
        'https://my-test-11.slatic.net/p/734ec43d35d8bd0b33530bc8eb7567e1.jpg',
      ],
      description: { html: '<article><p><span></span><img src="https://my-live-' },
      shop: null,
      attributes: [{ name: 'Brand', value: 'Furniture Farm' }],
    },
    check: (draft) => {
      expect(draft.confidence.price?.level).toBe('low');
      expect(draft.confidence.price?.reason).toContain('RM114.00');
      expect(draft.confidence.currency?.level).toBe('medium');
      expect(draft.confidence.skus?.level).toBe('low');
      expect(draft.confidence.description?.level).toBe('low');
    },
  },

  // A real lazada.vn page reduced by its publisher: __moduleData__ holds only tracking.pdt_price
  // ("2.490.000 ₫"); the item is named by the address, og:url and the LD+JSON (sku, mpn, url),
  // whose price is 0. Title, image and category come from the LD+JSON summary; the rest is
  // missing, and the draft says so field by field.
  'lazada-vn-2025-pamu-reduced.html': {
    url: 'https://www.lazada.vn/products/tai-nghe-bluetooth-pamu-slide-mini-i456096674.html',
    draft: {
      site: 'lazada',
      itemId: '456096674',
      url: 'https://www.lazada.vn/products/tai-nghe-bluetooth-pamu-slide-mini-i456096674.html',
      title: 'Tai nghe Bluetooth Pamu Slide Mini',
      currency: 'VND',
      price: { min: 2490000, max: 2490000 },
      tiers: [],
      skuProperties: [],
      skus: [],
      images: ['https://vn-test-11.slatic.net/p/mdc/043ec92964f626e1979eaa2a8912bc05.jpg'],
      description: null,
      shop: null,
      categoryPath: ['Âm thanh', 'Các loại tai nghe'],
      attributes: [],
      weightGrams: null,
    },
    check: (draft) => {
      const { confidence } = draft;
      expect(confidence.price).toMatchObject({
        level: 'low',
        code: 'priceFromDisplayedText',
        params: { shown: '2.490.000 ₫' },
      });
      expect(confidence.currency?.level).toBe('high');
      expect(confidence.title).toMatchObject({ level: 'medium', code: 'fromPageHeading' });
      expect(confidence.images).toMatchObject({ level: 'medium', code: 'imagesFromPageSummary' });
      expect(confidence.categoryPath?.code).toBe('categoryFromPageSummary');
      // Every field the page leaves empty is reported, with its reason.
      expect(confidence.skus).toMatchObject({ level: 'low', code: 'noSkuModel' });
      expect(confidence.skuProperties).toMatchObject({ level: 'low', code: 'noSkuModel' });
      expect(confidence.description).toMatchObject({ level: 'low', code: 'noDescription' });
      expect(confidence.shop).toMatchObject({ level: 'low', code: 'noShop' });
      expect(confidence.attributes).toMatchObject({ level: 'low', code: 'noAttributes' });
      expect(confidence.weightGrams).toMatchObject({ level: 'low', code: 'noWeight' });
      expect(confidence.dimensionsCm).toMatchObject({ level: 'low', code: 'noPackageSize' });
    },
  },

  'constructed-th-two-axes-unloaded-sku.html': {
    url: 'https://www.lazada.co.th/products/constructed-shirt-i5555-s6001.html',
    draft: {
      itemId: '5555',
      title: 'Constructed shirt',
      currency: 'THB',
      price: { min: 19950, max: 21900 },
      skuProperties: [
        {
          id: '10',
          name: 'Color Family',
          values: [
            { id: '100', name: 'White', image: 'https://th-live.slatic.net/p/white.jpg' },
            { id: '101', name: 'Navy', image: 'https://th-live.slatic.net/p/navy.jpg' },
          ],
        },
        {
          id: '20',
          name: 'Size',
          values: [
            { id: '200', name: 'M', image: null },
            { id: '201', name: 'L', image: null },
          ],
        },
      ],
      skus: [
        {
          id: '6001',
          values: { '10': '100', '20': '200' },
          price: 19950,
          originalPrice: 24950,
          stock: null,
          available: true,
          image: 'https://th-live.slatic.net/p/white.jpg',
        },
        {
          id: '6002',
          values: { '10': '100', '20': '201' },
          price: 21900,
          originalPrice: 24950,
          stock: 7,
          available: true,
          image: 'https://th-live.slatic.net/p/white.jpg',
        },
        {
          id: '6003',
          values: { '10': '101', '20': '200' },
          price: 19950,
          originalPrice: null,
          stock: null,
          available: false,
        },
        {
          id: '6004',
          values: { '10': '101', '20': '201' },
          price: null,
          originalPrice: null,
          stock: null,
          available: false,
        },
      ],
      images: ['https://th-live.slatic.net/p/main.jpg', 'https://th-live.slatic.net/p/back.jpg'],
      description: { html: '<div><p>Cotton; regular fit.</p></div>' },
      shop: {
        id: '888',
        name: 'Constructed Store',
        url: 'https://www.lazada.co.th/shop/constructed-store/',
      },
      categoryPath: ['Fashion', 'Men', 'Shirts'],
      attributes: [
        { name: 'Brand', value: 'No Brand' },
        { name: 'Material', value: 'Cotton' },
        { name: 'What’s in the box', value: '1 x shirt' },
      ],
    },
    check: (draft) => {
      expect(draft.confidence.skus?.level).toBe('medium');
      expect(draft.confidence.skus?.reason).toContain('1 SKUs');
    },
  },

  'constructed-other-item.html': {
    url: 'https://www.daraz.pk/products/some-item-i2222-s3333.html',
    failure: 'layoutUnknown',
  },

  'constructed-punish-captcha.html': {
    url: 'https://www.lazada.co.id/products/constructed-i2222-s3333.html',
    failure: 'captcha',
  },
};
