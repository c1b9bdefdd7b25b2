import { expect } from 'vitest';
import type { Expectations } from './expectation';

/**
 * Shopee pages. Amounts in the files are x100000 integers; the drafts hold minor units of the
 * currency (VND has no decimals: 2560000000 -> 25600 ₫; THB has two: 19900000 -> 19900 satang).
 * The get_pc files are a sanitised capture that wraps the answer in `endpointEvidence`; they are fed
 * as the answer the page received from get_pc.
 */
const CDN_VN = 'https://down-vn.img.susercontent.com/file/';

export const EXPECTED: Expectations = {
  // A sold book without variants: one tier with an empty name and option, one model.
  'shopee-vn-2026-getpc-book-variantless.json': {
    url: 'https://shopee.vn/S%C3%A1ch-%C3%94ng-Gi%C3%A0-V%C3%A0-Bi%E1%BB%83n-C%E1%BA%A3-i.62069215.1909369068',
    load: {
      captured:
        'https://shopee.vn/api/v4/pdp/get_pc?item_id=1909369068&shop_id=62069215&tz_offset_minutes=420&detail_level=0',
    },
    draft: {
      site: 'shopee',
      itemId: '1909369068',
      title: 'Sách - Ông Già Và Biển Cả',
      currency: 'VND',
      price: { min: 25600, max: 25600 },
      tiers: [],
      skuProperties: [],
      skus: [
        {
          id: '80061566833',
          values: {},
          price: 25600,
          originalPrice: 32000,
          stock: null,
          available: true,
        },
      ],
      images: [`${CDN_VN}bbe9f1d3890a0febafb3635dfccdcc5e`],
      description: null,
      shop: { id: '62069215', name: '', url: 'https://shopee.vn/shop/62069215' },
      weightGrams: null,
    },
    check: (draft) => {
      expect(draft.confidence.price?.level).toBe('high');
      expect(draft.confidence.shop?.level).toBe('low');
      expect(draft.confidence.description?.reason).toBeTruthy();
    },
  },

  // 31 colours x 3 sizes = 93 models, one price; the page shows 233,000 after a platform voucher.
  'shopee-vn-2026-getpc-boxer-93models.json': {
    url: 'https://shopee.vn/QU%E1%BA%A6N-L%C3%93T-NAM-BOXER-AIRISM-(KO-%C4%90%E1%BB%94I-TR%E1%BA%A2)-i.760215.23307713229',
    load: {
      captured:
        'https://shopee.vn/api/v4/pdp/get_pc?item_id=23307713229&shop_id=760215&tz_offset_minutes=420&detail_level=0',
    },
    draft: {
      itemId: '23307713229',
      title: 'QUẦN LÓT NAM BOXER AIRISM (KO ĐỔI TRẢ)',
      currency: 'VND',
      price: { min: 248000, max: 248000 },
      images: [`${CDN_VN}vn-11134207-7ra0g-m7hjykd5jdbnaf`],
      shop: { id: '760215' },
    },
    check: (draft) => {
      expect(draft.skuProperties.map((p) => p.name)).toEqual(['Màu sắc', 'Kích cỡ Hông']);
      expect(draft.skuProperties[0]?.values).toHaveLength(31);
      expect(draft.skuProperties[0]?.values[0]).toMatchObject({ id: '0', name: 'Màu ngẫu nhiên' });
      expect(draft.skuProperties[1]?.values.map((v) => v.name)).toEqual([
        'M 76-84cm',
        'L 84-92cm',
        'XL 92-100cm',
      ]);
      expect(draft.skus).toHaveLength(93);
      // "03 HT Regular(TĐợt),XL 92-100cm", tier_index [6, 2], price_before_discount 0.
      expect(draft.skus.find((s) => s.id === '257921564629')).toMatchObject({
        values: { '0': '6', '1': '2' },
        price: 248000,
        originalPrice: null,
        stock: null,
        available: true,
      });
      expect(draft.skuProperties[0]?.values[6]?.name).toBe('03 HT Regular(TĐợt)');
      expect(draft.confidence.price?.level).toBe('medium');
      expect(draft.confidence.price?.reason).toContain('233000');
    },
  },

  // A charger in a flash sale: one tier of 6 styles, models listed out of tier order.
  'shopee-vn-2026-getpc-charger-flashsale.json': {
    url: 'https://shopee.vn/Essager-USB-C-S%E1%BA%A1c-20W-GaN-Lo%E1%BA%A1i-C-PD-S%E1%BA%A1c-Nhanh-QC-3.0-S%E1%BA%A1c-Nhanh-C%E1%BA%AFm-T%C6%B0%E1%BB%9Dng-Adapter-i.754426389.44153051513',
    load: {
      captured:
        'https://shopee.vn/api/v4/pdp/get_pc?item_id=44153051513&shop_id=754426389&tz_offset_minutes=420&detail_level=0',
    },
    draft: {
      itemId: '44153051513',
      title: 'Essager USB C Sạc 20W GaN Loại C PD Sạc Nhanh QC 3.0 Sạc Nhanh Cắm Tường Adapter',
      currency: 'VND',
      price: { min: 146740, max: 146740 },
      images: [`${CDN_VN}cn-11134207-7ras8-maji7ksh4se1d0`],
    },
    check: (draft) => {
      expect(draft.skuProperties).toHaveLength(1);
      expect(draft.skuProperties[0]?.name).toBe('Kiểu');
      expect(draft.skuProperties[0]?.values.map((v) => v.name)).toEqual([
        'Hoa Kỳ đen',
        'Hoa Kỳ màu trắng',
        'EU đen',
        'EU trắng',
        'Vương quốc Anh đen',
        'Vương quốc Anh trắng',
      ]);
      expect(draft.skus).toHaveLength(6);
      // "EU đen" is the first model, tier_index [2].
      expect(draft.skus[0]).toMatchObject({
        id: '227853273172',
        values: { '0': '2' },
        price: 146740,
        originalPrice: 217800,
        stock: null,
        available: true,
      });
      expect(draft.confidence.price?.level).toBe('high');
    },
  },

  // A real price range (253,819-259,000); the page shows 113,819 after a shop voucher.
  'shopee-vn-2026-getpc-sandals-pricerange.json': {
    url: 'https://shopee.vn/POSE-Traveling-D%C3%A9p-x%E1%BB%8F-ng%C3%B3n-EVA-%C4%90%E1%BA%BF-B%E1%BA%B1ng-m%E1%BB%81m-m%E1%BA%A1i-Nhi%E1%BB%81u-m%C3%A0u-Ch%E1%BB%91ng-tr%C6%B0%E1%BB%A3t-Gi%E1%BA%A3m-ch%E1%BA%A5n-Th%C3%ADch-h%E1%BB%A3p-ngo%C3%A0i-tr%E1%BB%9Di-gi%E1%BA%A3i-tr%C3%AD-%C4%91i-bi%E1%BB%83n-du-l%E1%BB%8Bch-m%C3%B9a-h%C3%A8-Nam-n%E1%BB%AF-c%C3%B3-%C4%91%E1%BB%A7-P3246801-i.1009751097.25734805625',
    load: {
      captured:
        'https://shopee.vn/api/v4/pdp/get_pc?item_id=25734805625&shop_id=1009751097&tz_offset_minutes=420&detail_level=0',
    },
    draft: {
      itemId: '25734805625',
      title:
        'POSE Traveling Dép xỏ ngón EVA Đế Bằng mềm mại Nhiều màu Chống trượt Giảm chấn Thích hợp ngoài trời giải trí đi biển du lịch mùa hè Nam nữ có đủ P3246801',
      currency: 'VND',
      price: { min: 253819, max: 259000 },
      images: [`${CDN_VN}cn-11134207-820l4-mmk1f8iqxiwz7f`],
      shop: { id: '1009751097' },
    },
    check: (draft) => {
      expect(draft.skuProperties.map((p) => p.name)).toEqual(['Màu sắc', 'Kích thước']);
      expect(draft.skuProperties[0]?.values.map((v) => v.name)).toEqual([
        'Đen',
        'Màu xanh lá',
        'Trắng',
        'Sương xanh',
      ]);
      expect(draft.skuProperties[1]?.values).toHaveLength(10);
      expect(draft.skuProperties[1]?.values[8]?.name).toBe('44 vừa với chân 28cm');
      expect(draft.skus).toHaveLength(40);
      // "Đen,44 vừa với chân 28cm": the cheapest model.
      expect(draft.skus.find((s) => s.id === '187725017260')).toMatchObject({
        values: { '0': '0', '1': '8' },
        price: 253819,
        originalPrice: 498000,
        stock: null,
        available: true,
      });
      // "Đen,42 phù hợp với chân 26,5cm" costs 259,000.
      expect(draft.skus.find((s) => s.id === '187725017258')?.price).toBe(259000);
      expect(draft.confidence.price?.level).toBe('medium');
      expect(draft.confidence.price?.reason).toContain('113819');
    },
  },

  // The 2021 v4 item/get answer as pasted in a README: no currency field, no models, no images[],
  // description elided to "....".
  'shopee-vn-2021-v4-item-get-readme-sample.json': {
    url: 'https://shopee.vn/product/85794847/3391609027',
    load: { captured: 'https://shopee.vn/api/v4/item/get?itemid=3391609027&shopid=85794847' },
    draft: {
      itemId: '3391609027',
      title:
        '(BH 12 tháng) Sạc Nhanh PD 18W USB-C To Lightning, Sạc 8,X,11,12,13 (Củ Sạc Nhanh PD 18W + Cáp Sạc Nhanh PD)',
      currency: 'VND',
      price: { min: 50000, max: 124000 },
      skuProperties: [],
      skus: [],
      images: [`${CDN_VN}2c3eb5d46df5721d7d1b64cfdb0d4c6c`],
      description: null,
      shop: { id: '85794847', name: '' },
      attributes: [],
    },
    check: (draft) => {
      expect(draft.confidence.currency?.level).toBe('medium');
      expect(draft.confidence.skus?.level).toBe('low');
    },
  },

  // A search answer (50 items), captured on the search page: not a product.
  'shopee-tw-2021-search-items-api.json': {
    url: 'https://shopee.tw/search?keyword=%E7%94%B7%E5%A5%B3%E9%9E%8B%E6%AC%BE',
    load: {
      captured:
        'https://shopee.tw/api/v2/search_items/?by=relevancy&keyword=%E7%94%B7%E5%A5%B3%E9%9E%8B%E6%AC%BE&limit=50&newest=0&order=desc&page_type=search&version=2',
    },
    failure: 'notProduct',
  },

  // SSR head of the product (og tags, breadcrumb) with no PDP answer: no price, no variants.
  'shopee-vn-2025-edifier-ssr-head-reduced.html': {
    url: 'https://shopee.vn/product/395295057/29704866711',
    failure: 'layoutUnknown',
  },

  // The generic shell (og:title is the site slogan, no og:url) served for a product address.
  'shopee-vn-2025-generic-shell-negative.html': {
    url: 'https://shopee.vn/product/395295057/29704866711',
    failure: 'layoutUnknown',
  },

  // "Página indisponível / Parece que você ainda não está logado", saved on a search page.
  'shopee-br-2026-login-wall-negative-2.html': {
    url: 'https://shopee.com.br/search?keyword=celular',
    failure: 'loginWall',
  },

  // "Página indisponível / Desculpe, algo deu errado" shown instead of a product (the saved page
  // does not record its address; a product address is assumed).
  'shopee-br-2026-something-went-wrong-negative.html': {
    url: 'https://shopee.com.br/product/1000000/2000000',
    failure: 'errorPage',
  },

  'constructed-mfe-initial-data.html': {
    url: 'https://shopee.co.th/Constructed-Tee-i.111.222',
    draft: {
      itemId: '222',
      title: 'Constructed tee',
      currency: 'THB',
      price: { min: 19900, max: 24900 },
      skuProperties: [
        {
          id: '0',
          name: 'Colour',
          values: [
            {
              id: '0',
              name: 'Red',
              image: 'https://down-th.img.susercontent.com/file/th-11134207-red',
            },
            {
              id: '1',
              name: 'Blue',
              image: 'https://down-th.img.susercontent.com/file/th-11134207-blue',
            },
          ],
        },
        {
          id: '1',
          name: 'Size',
          values: [
            { id: '0', name: 'M', image: null },
            { id: '1', name: 'L', image: null },
          ],
        },
      ],
      images: [
        'https://down-th.img.susercontent.com/file/th-11134207-aaaa01',
        'https://down-th.img.susercontent.com/file/th-11134207-aaaa02',
        'https://down-th.img.susercontent.com/file/th-11134207-aaaa03',
      ],
      description: { html: '<p>Soft cotton tee.</p><p>Sizes run &lt;small&gt;.</p>' },
      shop: { id: '111', name: 'Constructed Shop', url: 'https://shopee.co.th/constructedshop' },
      categoryPath: ['Women Clothes', 'Tops'],
      attributes: [
        { name: 'Material', value: 'Cotton' },
        { name: 'Brand', value: 'No Brand' },
      ],
    },
    check: (draft) => {
      expect(draft.skus).toHaveLength(4);
      expect(draft.skus[1]).toMatchObject({
        id: '5002',
        values: { '0': '0', '1': '1' },
        price: 24900,
        originalPrice: 29900,
        stock: 3,
        available: true,
        image: 'https://down-th.img.susercontent.com/file/th-11134207-red',
      });
      expect(draft.skus[2]).toMatchObject({ id: '5003', stock: 0, available: false });
      expect(draft.confidence.price?.level).toBe('high');
    },
  },

  'constructed-other-item.html': {
    url: 'https://shopee.vn/Some-Item-i.333.555',
    failure: 'layoutUnknown',
  },

  'constructed-verify-traffic.html': {
    url: 'https://shopee.vn/verify/traffic?is_initial=true&redirect_url=https%3A%2F%2Fshopee.vn%2Fproduct%2F333%2F555',
    failure: 'captcha',
  },
};
