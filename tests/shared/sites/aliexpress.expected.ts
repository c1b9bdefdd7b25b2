import type { ProductDraft } from '@shared/contracts/product-draft';
import { expect } from 'vitest';
import type { Expectations } from './expectation';

function sku(draft: ProductDraft, id: string) {
  const found = draft.skus.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no SKU ${id}`);
  return found;
}

const MTOP_ADDRESS =
  'https://acs.aliexpress.com/h5/mtop.aliexpress.pdp.pc.query/1.0/?jsv=2.5.1&appKey=12574478&api=mtop.aliexpress.pdp.pc.query&v=1.0&type=originaljson&dataType=json';

export const EXPECTED: Expectations = {
  // Only the inline script: no title (runParams.title is a size chart), no SKU names, no images.
  'ae-2018-legacy-runparams-script.html': {
    url: 'https://www.aliexpress.com/item/32904053859.html',
    failure: 'layoutUnknown',
  },

  // 2019-22 modules, he locale, EUR amounts (skuCalPrice is the USD base price: not used).
  'ae-2020-he-iphone-se-fullpage.html': {
    url: 'https://he.aliexpress.com/item/32993251330.html',
    draft: {
      site: 'aliexpress',
      itemId: '32993251330',
      url: 'https://he.aliexpress.com/item/32993251330.html',
      title:
        "מקורי Apple iPhone SE סמארטפון נייד טלפון A9 Dual Core 2GB RAM 16/64GB ROM 4.0 ''12MP טביעות אצבע 4G LTE Smartphone",
      currency: 'EUR',
      // priceModule minActivityAmount 97.39, maxActivityAmount 128.72.
      price: { min: 9739, max: 12872 },
      tiers: [],
      skuProperties: [
        { id: '200000828', name: 'צרור' },
        { id: '14', name: 'צבע' },
      ],
      description: {
        url: 'https://aeproductsourcesite.alicdn.com/product/description/pc/v2/iw_IL/desc.htm?productId=32993251330&key=H8eb77fd61297460f9dcaa23b983b056ea.zip&token=902e0a4c6415e8f18c7137924579e75e',
      },
      shop: {
        id: '1392990',
        name: 'Summer Technology Co.,Ltd.',
        url: 'https://he.aliexpress.com/store/1392990',
      },
      categoryPath: ['טלפונים סלולריים ותקשורת', 'טלפונים ניידים'],
      weightGrams: null,
    },
    check: (draft) => {
      expect(draft.skuProperties[1]?.values.map((value) => value.name)).toEqual([
        'Black',
        'Rose Gold',
        'Silver',
        'Gold',
      ]);
      expect(draft.skus).toHaveLength(16);
      expect(sku(draft, '66869138704')).toMatchObject({
        values: { '200000828': '200003985', '14': '350850' },
        price: 12872,
        originalPrice: 21453,
        stock: 1053,
        available: true,
      });
      expect(draft.skus.map((entry) => entry.price)).not.toContain(23624);
      expect(draft.images).toHaveLength(5);
      expect(draft.images[0]).toBe(
        'https://ae01.alicdn.com/kf/HTB1.DiLM7voK1RjSZFDq6xY3pXam/Apple-iPhone-SE-A9-Dual-Core-2GB-RAM-16.jpg',
      );
      expect(draft.attributes).toContainEqual({ name: 'CPU Chip', value: 'Apple A9' });
    },
  },

  // 2019-22 modules, raw server HTML; "Ships From" is a SKU axis of its own.
  'ae-2021-magnetic-cable-rawpage.html': {
    url: 'https://www.aliexpress.com/item/32953067218.html',
    draft: {
      itemId: '32953067218',
      title:
        'FLOVEME Magnetic Cable Micro USB Type C For iPhone12 Lighting Cable 1M 3A Fast Charging Wire Type-C Magnet Charger Phone Cable',
      currency: 'USD',
      // minActivityAmount 0.01, maxActivityAmount 6.48.
      price: { min: 1, max: 648 },
      skuProperties: [
        { id: '200007763', name: 'Ships From' },
        { id: '14', name: 'Color' },
        { id: '200001036', name: 'Length' },
      ],
      shop: {
        id: '511717',
        name: 'FLOVEME Official Flagship Store',
        url: 'https://www.aliexpress.com/store/511717',
      },
      categoryPath: [
        'Cellphones & Telecommunications',
        'Mobile Phone Accessories',
        'Mobile Phone Cables',
      ],
    },
    check: (draft) => {
      expect(draft.skuProperties[0]?.values.map((value) => value.name)).toEqual([
        'China',
        'SPAIN',
        'Russian Federation',
      ]);
      expect(draft.skuProperties[1]?.values).toHaveLength(12);
      expect(draft.skus).toHaveLength(72);
      expect(sku(draft, '10000006218122674')).toMatchObject({
        values: { '200007763': '201336103', '14': '100018786', '200001036': '200007647' },
        price: 42,
        originalPrice: 923,
        stock: 50,
        available: true,
      });
      expect(draft.images).toHaveLength(6);
      expect(draft.images[0]).toBe(
        'https://ae01.alicdn.com/kf/H3487b779d0c74630ba0db3a523b2631fv/FLOVEME-Magnetic-Cable-Micro-USB-Type-C-For-iPhone12-Lighting-Cable-1M-3A-Fast-Charging-Wire.jpg',
      );
      expect(draft.description).toEqual({
        url: 'https://aeproductsourcesite.alicdn.com/product/description/pc/v2/en_US/desc.htm?productId=32953067218&key=H9e9a7039988c40d2b9af8c5db2a22c87w.zip&token=d17e725442c858d5a5b9340d10f87da8',
      });
    },
  },

  // 2019-22 modules, pretty-printed by its publisher.
  'ae-2021-runparams-1005001894012758-script.html': {
    url: 'https://www.aliexpress.com/item/1005001894012758.html',
    draft: {
      itemId: '1005001894012758',
      title:
        'Magnetic For Magsafe iPhone 12 Case Luxury Leather Phone Case For iPhone 12 Pro Max 12 Mini Case Cover Support Wireless Charger',
      currency: 'USD',
      price: { min: 419, max: 479 },
      skuProperties: [
        { id: '10', name: 'Material' },
        { id: '14', name: 'Color' },
      ],
      shop: {
        id: '911046070',
        name: 'SULEIYI Official Store',
        url: 'https://www.aliexpress.com/store/911046070',
      },
      description: {
        url: 'https://aeproductsourcesite.alicdn.com/product/description/pc/v2/en_US/desc.htm?productId=1005001894012758&key=H7653d10bae024133b24c9d0c0592b6b9b.zip&token=91b8586cc1617b0250e5e6a72c15f27a',
      },
    },
    check: (draft) => {
      expect(draft.skuProperties[0]?.values).toHaveLength(4);
      expect(draft.skuProperties[1]?.values).toHaveLength(6);
      expect(draft.skus).toHaveLength(24);
      expect(sku(draft, '12000018038747424')).toMatchObject({
        values: { '10': '365211', '14': '6146' },
        price: 449,
        originalPrice: 641,
        stock: 887,
      });
      expect(draft.images).toHaveLength(6);
    },
  },

  // 2023-24 components, MXN display currency over a USD base (productInfoComponent 51.37-62.26).
  'ae-2024-mx-baofeng-2props-runparams-script.html': {
    url: 'https://es.aliexpress.com/item/1005005424987520.html',
    draft: {
      itemId: '1005005424987520',
      title:
        'Baofeng Walkie Talkie UV 5R 5W 8W doble banda de radio de dos vías Vhf Uhf FM radio transceptor de mano caza 16KM',
      currency: 'MXN',
      // priceComponent.discountPrice minActivityAmount 155.59, maxActivityAmount 399.15.
      price: { min: 15559, max: 39915 },
      skuProperties: [
        { id: '14', name: 'Color' },
        { id: '200005939', name: 'Enchufe estándar' },
      ],
      // packageComponent: weight 0.467 kg, 18 x 11 x 10 cm.
      weightGrams: 467,
      dimensionsCm: { length: 18, width: 11, height: 10 },
      shop: {
        id: '5379102',
        name: 'Factory Direct Collected Store',
        url: 'https://es.aliexpress.com/store/5379102',
      },
      description: {
        url: 'https://aeproductsourcesite.alicdn.com/product/description/pc/v2/es_ES/desc.htm?productId=1005005424987520&key=Sdcbed81051414acca16a89fc8a88f502N.zip&token=03734c25d5a73b7e64fb93ec98fe30f4',
      },
    },
    check: (draft) => {
      expect(draft.skuProperties[0]?.values).toHaveLength(8);
      expect(draft.skuProperties[0]?.values[0]).toMatchObject({
        id: '201620806',
        name: '5W radio',
      });
      expect(draft.skuProperties[1]?.values.map((value) => value.name)).toEqual([
        'Euro',
        'American',
      ]);
      expect(draft.skus).toHaveLength(16);
      expect(sku(draft, '12000034661774999')).toMatchObject({
        values: { '14': '10', '200005939': '200659354' },
        price: 17263,
        originalPrice: 94432,
        stock: 120,
        available: true,
      });
      // Four SKUs have availQuantity 0.
      expect(draft.skus.filter((entry) => !entry.available)).toHaveLength(4);
      expect(draft.images).toHaveLength(6);
      expect(draft.images[0]).toBe(
        'https://ae01.alicdn.com/kf/S3196a7bf669f44a4ae2e69dff56b626dx/Baofeng-Walkie-Talkie-UV-5R-5W-8W-doble-banda-de-radio-de-dos-v-as-Vhf.jpg',
      );
    },
  },

  // One of 13 colour SKUs ("Orange Eilik") has availQuantity 0.
  'ae-2024-mx-robot-stock0-runparams-script.html': {
    url: 'https://es.aliexpress.com/item/1005006296391749.html',
    draft: {
      itemId: '1005006296391749',
      currency: 'MXN',
      price: { min: 5846, max: 1319225 },
      skuProperties: [{ id: '14', name: 'Color' }],
      weightGrams: 2700,
      dimensionsCm: { length: 35, width: 15, height: 20 },
      shop: { id: '1102731325', name: 'Ran Huahong Fengxing Toys1 Store' },
    },
    check: (draft) => {
      expect(draft.title).toMatch(/^Emo-Robot Inteligente para mascotas/);
      expect(draft.skus).toHaveLength(13);
      expect(sku(draft, '12000036653480015')).toMatchObject({
        values: { '14': '350850' },
        price: 283140,
        originalPrice: 419390,
        stock: 0,
        available: false,
      });
      expect(draft.skus.filter((entry) => !entry.available)).toHaveLength(1);
    },
  },

  // A single SKU with availQuantity 0 although salable is true.
  'ae-2024-mx-single-sku-oos-runparams-script.html': {
    url: 'https://es.aliexpress.com/item/1005006485810735.html',
    draft: {
      itemId: '1005006485810735',
      currency: 'MXN',
      price: { min: 4815, max: 4815 },
      skuProperties: [
        { id: '14', name: 'Color', values: [{ id: '771', name: 'a' }] },
        { id: '5', name: 'Size', values: [{ id: '200003528', name: 'Talla única' }] },
      ],
      skus: [
        {
          id: '12000037381962817',
          values: { '14': '771', '5': '200003528' },
          price: 4815,
          originalPrice: 15246,
          stock: 0,
          available: false,
        },
      ],
      weightGrams: 299,
      shop: { id: '4988084', name: 'WPNAKS Official Store' },
    },
  },

  // Captured on a search address; the same page replaces item pages.
  'ae-2026-captcha-interception-negative.html': {
    url: 'https://www.aliexpress.com/w/wholesale-kitchen-tools.html',
    failure: 'captcha',
  },

  // mtop.aliexpress.pdp.pc.query answer (in_ID, IDR; Intl gives IDR no minor digits).
  'ae-2026-id-mtop-pdp-pc-query-hair-straightener.json': {
    url: 'https://id.aliexpress.com/item/1005012410104961.html',
    load: { captured: MTOP_ADDRESS },
    draft: {
      itemId: '1005012410104961',
      url: 'https://id.aliexpress.com/item/1005012410104961.html',
      title:
        '1 Buah Sisir Pelurus Rambut Portabel 2600mAh, Perlengkapan Asrama, Dua Fungsi Pelurus & Pengeriting, Tidak Merusak, Nirkabel, Ion Negatif',
      currency: 'IDR',
      // salePriceLocal "Rp343,297|343297|" and "Rp344,721|344721|".
      price: { min: 343297, max: 344721 },
      skuProperties: [
        {
          id: '14',
          name: 'Warna',
          values: [
            { id: '29', name: 'WHITE' },
            { id: '691', name: 'Abu-abu' },
          ],
        },
      ],
      description: {
        url: 'https://pdp.aliexpress-media.com/product/description/pc/v2/in_ID/desc.htm?productId=1005012410104961&key=S573b5640f2354980b033586f765627438.zip&token=46d1086370f2eb7d0ab8669db5c67793&sellerId=6000276075',
      },
      shop: {
        id: '1103920178',
        name: 'Shop1103920178 Store',
        url: 'https://id.aliexpress.com/store/1103920178',
      },
    },
    check: (draft) => {
      // Both skuPaths share the numeric skuId 12000058476050808 (rounded); skuIdStr tells them apart.
      expect(draft.skus.map((entry) => entry.id).sort()).toEqual([
        '12000058476050807',
        '12000058476050808',
      ]);
      expect(sku(draft, '12000058476050807')).toMatchObject({
        values: { '14': '29' },
        price: 343297,
        originalPrice: 746269,
        stock: 10,
        available: true,
        image: 'https://ae-pic-a1.aliexpress-media.com/kf/S69dc17c5a0dd459f8787309d2e3fdbf7z.jpg',
      });
      expect(sku(draft, '12000058476050808')).toMatchObject({ price: 344721, stock: 995 });
      expect(draft.images).toHaveLength(6);
      expect(draft.images[0]).toBe(
        'https://ae-pic-a1.aliexpress-media.com/kf/S9e0501832f6b49698d4502e004a3a390a.jpeg',
      );
      // No numeric sale price in the answer: flagged.
      expect(draft.confidence.price?.level).toBe('medium');
    },
  },

  'ae-ru-2025-popular-search-nonpdp-negative.html': {
    url: 'https://aliexpress.ru/popular/%D0%BD%D0%B0%D1%83%D1%88%D0%BD%D0%B8%D0%BA%D0%B8',
    failure: 'notProduct',
  },

  // Constructed: a ≤2018 page with its DOM (title, SKU lists, store link, breadcrumb).
  'constructed-2018-legacy-fullpage.html': {
    url: 'https://www.aliexpress.com/item/32900000001.html',
    draft: {
      itemId: '32900000001',
      title: 'Women Summer Dress Floral Print V-Neck',
      currency: 'USD',
      price: { min: 1000, max: 1040 },
      skuProperties: [
        {
          id: '14',
          name: 'Color',
          values: [
            { id: '193', name: 'Black', image: 'https://ae01.alicdn.com/kf/HTB1black/Dress.jpg' },
            { id: '29', name: 'White', image: 'https://ae01.alicdn.com/kf/HTB1white/Dress.jpg' },
          ],
        },
        {
          id: '5',
          name: 'Size',
          values: [
            { id: '100014064', name: 'S', image: null },
            { id: '361386', name: 'M', image: null },
          ],
        },
      ],
      images: [
        'https://ae01.alicdn.com/kf/HTB1main1/Dress.jpg',
        'https://ae01.alicdn.com/kf/HTB1main2/Dress.jpg',
        'https://ae01.alicdn.com/kf/HTB1main3/Dress.jpg',
      ],
      description: {
        url: 'https://aeproductsourcesite.alicdn.com/product/description/pc/v2/en_US/desc.htm?productId=32900000001&key=Hconstructed.zip&token=0000',
      },
      shop: {
        id: '1234567',
        name: 'Example Fashion Store',
        url: 'https://www.aliexpress.com/store/1234567',
      },
      categoryPath: ["Women's Clothing", 'Dresses'],
    },
    check: (draft) => {
      expect(draft.skus).toHaveLength(4);
      const blackM = draft.skus.find(
        (entry) => entry.values['14'] === '193' && entry.values['5'] === '361386',
      );
      expect(blackM).toMatchObject({
        price: 1040,
        originalPrice: 1300,
        stock: 0,
        available: false,
      });
      expect(draft.confidence.title?.level).toBe('medium');
      expect(draft.confidence.skuProperties?.level).toBe('medium');
    },
  },

  // Constructed: `window._init_data_` carrier, a product without variants, ILS.
  'constructed-init-data-no-variants.html': {
    url: 'https://he.aliexpress.com/item/1005000000000003.html',
    draft: {
      itemId: '1005000000000003',
      title: 'Aluminium phone stand, adjustable',
      currency: 'ILS',
      price: { min: 2990, max: 2990 },
      skuProperties: [],
      skus: [
        {
          id: '12000000000000003',
          values: {},
          price: 2990,
          originalPrice: null,
          stock: 42,
          available: true,
          image: null,
        },
      ],
      images: ['https://ae01.alicdn.com/kf/Sstand1.jpg', 'https://ae01.alicdn.com/kf/Sstand2.jpg'],
      weightGrams: 180,
      dimensionsCm: { length: 12, width: 8, height: 3 },
      shop: {
        id: '7654321',
        name: 'Example Desk Store',
        url: 'https://he.aliexpress.com/store/7654321',
      },
      categoryPath: ['Consumer Electronics', 'Phone Holders & Stands'],
      attributes: [{ name: 'Material', value: 'Aluminium' }],
    },
  },

  'constructed-runparams-other-item.html': {
    url: 'https://www.aliexpress.com/item/1005000000000001.html',
    failure: 'layoutUnknown',
  },

  'constructed-login-wall.html': {
    url: 'https://login.aliexpress.com/?return_url=https%3A%2F%2Fwww.aliexpress.com%2Fitem%2F1005000000000001.html',
    failure: 'loginWall',
  },

  'constructed-item-not-found.html': {
    url: 'https://www.aliexpress.com/item/1005000000000004.html',
    failure: 'errorPage',
  },
};
