import { type Currency, minorToDecimal } from '@shared/contracts/money';
import {
  isLazadaCountry,
  LAZADA_CURRENCIES,
  LAZADA_UTC_OFFSETS,
  lazadaRecordTime,
  recordTimeOffset,
} from '../../integrations/lazada/lazada.ventures';
import type { LazadaCountry } from '../../integrations/marketplace/marketplace.config';
import type { RecordInput, SandboxSellerSeed } from '../marketplace/platform';

/**
 * What the Lazada stand-in knows of the world: its seller accounts, a small category tree with its
 * attributes, the shipment providers, and how an order or a product record of Lazada looks.
 */

/** Item statuses, in the order an order usually goes through them (docId 120167, GetOrders' filter list). */
export const LAZADA_ORDER_STATUSES = [
  'unpaid',
  'pending',
  'packed',
  'ready_to_ship',
  'shipped',
  'delivered',
  'canceled',
  'returned',
  'failed',
  'failed_delivery',
  'lost',
  'lost_by_3pl',
  'damaged_by_3pl',
  'shipped_back',
  'shipped_back_success',
  'shipped_back_failed',
  'package_scrapped',
  'topack',
  'toship',
  'shipping',
  'repacked',
  'confirmed',
] as const;

/** GetProducts' filters a product can be found under (`all` is every one but deleted). */
export const LAZADA_PRODUCT_STATUSES = [
  'live',
  'inactive',
  'pending',
  'rejected',
  'sold-out',
  'deleted',
] as const;

/** The product-level `status` Lazada writes into a record for each filter. */
const PRODUCT_RECORD_STATUS: Record<string, string> = {
  live: 'Active',
  inactive: 'InActive',
  pending: 'Pending QC',
  rejected: 'Rejected',
  'sold-out': 'Active',
  deleted: 'Deleted',
};

export const LAZADA_SELLERS: readonly SandboxSellerSeed[] = [
  {
    id: 'lazada-demo-th',
    login: 'demo.th@lazada.sandbox',
    name: 'Demo Lazada TH',
    country: 'th',
    shops: [
      {
        shopId: '1000110001',
        site: 'th',
        name: 'Siam Home Living',
        cipher: null,
        data: { short_code: 'TH1K7Q2DMO', user_id: '2000110001', location: 'Bangkok' },
      },
    ],
  },
  {
    id: 'lazada-demo-cb',
    login: 'demo.cb@lazada.sandbox',
    name: 'Demo Crossborder Seller',
    country: 'cb',
    shops: (['sg', 'th', 'my', 'vn', 'ph', 'id'] as const).map((site, index) => ({
      shopId: `100022000${index + 1}`,
      site,
      name: `Demo Crossborder ${site.toUpperCase()}`,
      cipher: null,
      data: {
        short_code: `${site.toUpperCase()}1CB${index + 1}DEMO`,
        user_id: `200022000${index + 1}`,
        location: 'Shenzhen, Guangdong',
      },
    })),
  },
  {
    id: 'lazada-my-local',
    login: 'demo.my@lazada.sandbox',
    name: 'Demo Lazada MY',
    country: 'my',
    shops: [
      {
        shopId: '1000330001',
        site: 'my',
        name: 'Demo Lazada MY Store',
        cipher: null,
        data: { short_code: 'MY1L4C9DMO', user_id: '2000330001', location: 'Kuala Lumpur' },
      },
    ],
  },
];

interface CategoryNode {
  category_id: number;
  name: string;
  var: boolean;
  leaf: boolean;
  children?: CategoryNode[];
}

const leaf = (category_id: number, name: string, variations = true): CategoryNode => ({
  category_id,
  name,
  var: variations,
  leaf: true,
});
const branch = (category_id: number, name: string, children: CategoryNode[]): CategoryNode => ({
  category_id,
  name,
  var: false,
  leaf: false,
  children,
});

/** GetCategoryTree's answer (the same on every venture here). */
export const CATEGORY_TREE: CategoryNode[] = [
  branch(42062201, 'Electronics Accessories', [
    branch(4528, 'Mobile Accessories', [
      leaf(4538, 'Phone Cases'),
      leaf(4541, 'Power Banks', false),
    ]),
    branch(10100387, 'Audio', [leaf(10100388, 'Wireless Earbuds')]),
  ]),
  branch(1734, "Women's Fashion", [branch(1735, 'Clothing', [leaf(1740, 'T-Shirts')])]),
  branch(1662, 'Home & Living', [
    branch(1679, 'Kitchen & Dining', [leaf(1684, 'Drinkware')]),
    branch(1800, 'Lighting', [leaf(1811, 'Desk Lamps', false)]),
  ]),
];

export function findCategory(id: string): CategoryNode | null {
  const visit = (nodes: CategoryNode[]): CategoryNode | null => {
    for (const node of nodes) {
      if (String(node.category_id) === id) return node;
      const found = visit(node.children ?? []);
      if (found) return found;
    }
    return null;
  };
  return visit(CATEGORY_TREE);
}

const BRANDS = ['No Brand', 'Anker', 'Xiaomi', 'Baseus', 'Ugreen', 'Lock&Lock', 'Uniqlo'];
const COLORS = ['Black', 'White', 'Blue', 'Red', 'Pink', 'Green'];
const SIZES = ['S', 'M', 'L', 'XL'];

const options = (names: string[]) => names.map((name) => ({ name, en_name: name }));

function attribute(
  id: number,
  name: string,
  label: string,
  input_type: string,
  flags: { mandatory?: boolean; sale?: boolean; sku?: boolean; options?: string[] } = {},
) {
  return {
    id,
    name,
    label,
    input_type,
    attribute_type: flags.sku ? 'sku' : 'normal',
    is_mandatory: flags.mandatory ? 1 : 0,
    is_sale_prop: flags.sale ? 1 : 0,
    options: options(flags.options ?? []),
    advanced: { is_key_prop: name === 'brand' ? 1 : 0 },
  };
}

/** GetCategoryAttributes' answer for a leaf category; null for a category without an attribute set. */
export function categoryAttributes(id: string) {
  const category = findCategory(id);
  if (!category?.leaf) return null;
  const sale = [];
  if (category.var)
    sale.push(
      attribute(100006, 'color_family', 'Color Family', 'multiEnumInput', {
        sale: true,
        options: COLORS,
      }),
    );
  if (category.category_id === 1740)
    sale.push(attribute(100007, 'size', 'Size', 'singleSelect', { sale: true, options: SIZES }));
  return [
    attribute(100001, 'name', 'Name', 'text', { mandatory: true }),
    attribute(100002, 'description', 'Long Description', 'richText', { mandatory: true }),
    attribute(100003, 'short_description', 'Highlights', 'richText'),
    attribute(100004, 'brand', 'Brand', 'singleSelect', { mandatory: true, options: BRANDS }),
    attribute(100005, 'model', 'Model', 'text'),
    attribute(100008, 'warranty_type', 'Warranty Type', 'singleSelect', {
      options: [
        'No Warranty',
        'Local Manufacturer Warranty',
        'International Manufacturer Warranty',
      ],
    }),
    ...sale,
    attribute(100010, 'SellerSku', 'SellerSKU', 'text', { mandatory: true, sku: true }),
    attribute(100011, 'quantity', 'Quantity', 'numeric', { mandatory: true, sku: true }),
    attribute(100012, 'price', 'Price', 'numeric', { mandatory: true, sku: true }),
    attribute(100013, 'special_price', 'Special Price', 'numeric', { sku: true }),
    attribute(100014, 'package_weight', 'Package Weight (kg)', 'numeric', {
      mandatory: true,
      sku: true,
    }),
    attribute(100015, 'package_length', 'Package Length (cm)', 'numeric', {
      mandatory: true,
      sku: true,
    }),
    attribute(100016, 'package_width', 'Package Width (cm)', 'numeric', {
      mandatory: true,
      sku: true,
    }),
    attribute(100017, 'package_height', 'Package Height (cm)', 'numeric', {
      mandatory: true,
      sku: true,
    }),
  ];
}

export const BRAND_NAMES: readonly string[] = BRANDS;

const provider = (name: string, cod: boolean, isDefault = false) => ({
  name,
  cod: cod ? 1 : 0,
  is_default: isDefault ? 1 : 0,
  api_integration: 1,
});

/** GetShipmentProvider's providers per venture. */
export const SHIPMENT_PROVIDERS: Record<LazadaCountry, ReturnType<typeof provider>[]> = {
  sg: [provider('LEX SG', true, true), provider('Ninja Van', true), provider('J&T Express', false)],
  th: [
    provider('LEX TH', true, true),
    provider('Flash Express', true),
    provider('Kerry Express', true),
    provider('J&T Express', true),
  ],
  my: [provider('LEX MY', true, true), provider('Ninja Van', true), provider('J&T Express', true)],
  vn: [provider('LEX VN', true, true), provider('GHN', true), provider('Viettel Post', true)],
  ph: [provider('LEX PH', true, true), provider('Flash Express', true), provider('2GO', false)],
  id: [provider('LEX ID', true, true), provider('SiCepat', true), provider('JNE', true)],
};

interface CatalogueEntry {
  slug: string;
  name: string;
  category: number;
  /** Price in US cents, turned into each venture's currency. */
  usdCents: number;
  variations: string[];
}

const CATALOGUE: CatalogueEntry[] = [
  {
    slug: 'EARBUDS-LITE',
    name: 'Redmi Buds 4 Lite True Wireless Earbuds Bluetooth 5.3',
    category: 10100388,
    usdCents: 1990,
    variations: ['Black', 'White'],
  },
  {
    slug: 'PB-10K',
    name: 'Anker PowerCore 10000mAh Power Bank PD 20W Fast Charging',
    category: 4541,
    usdCents: 2590,
    variations: [],
  },
  {
    slug: 'CASE-IP15',
    name: 'Shockproof Clear Silicone Case for iPhone 15 Pro Max',
    category: 4538,
    usdCents: 390,
    variations: ['Black', 'Blue', 'Pink'],
  },
  {
    slug: 'TEE-OVS',
    name: 'Oversized Cotton T-Shirt Unisex Basic Plain Tee',
    category: 1740,
    usdCents: 690,
    variations: ['S', 'M', 'L', 'XL'],
  },
  {
    slug: 'FLASK-500',
    name: 'Stainless Steel Vacuum Flask 500ml Keeps Hot 12 Hours',
    category: 1684,
    usdCents: 1290,
    variations: ['Green', 'White'],
  },
  {
    slug: 'LAMP-LED',
    name: 'LED Desk Lamp Eye-Caring 3 Colour Modes with USB Charging Port',
    category: 1811,
    usdCents: 1790,
    variations: [],
  },
];

/** Whole-number rates per US dollar, so prices are computed in integers. */
const PER_USD: Record<Currency, number> = {
  CNY: 7,
  USD: 1,
  GBP: 1,
  MYR: 4,
  THB: 35,
  VND: 25_000,
  SGD: 1,
  IDR: 16_000,
  PHP: 57,
};

/** A catalogue price in a currency's minor units, rounded the way shops price (whole units). */
function priceIn(usdCents: number, currency: Currency): number {
  const minor = usdCents * PER_USD[currency];
  if (currency === 'VND' || currency === 'IDR')
    return Math.max(1000, Math.round(minor / 100_000) * 1000);
  if (currency === 'SGD' || currency === 'MYR') return minor;
  return Math.max(100, Math.round(minor / 100) * 100);
}

const SHIPPING_FEE: Record<LazadaCountry, number> = {
  sg: 199,
  th: 3800,
  my: 490,
  vn: 20_000,
  ph: 4500,
  id: 15_000,
};

/** An amount as Lazada writes `price` in order records: thousands separated, two decimals. */
function priceText(minor: number, currency: Currency): string {
  const [whole = '0', fraction = '00'] = minorToDecimal(minor, currency).split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction.padEnd(2, '0')}`;
}

/** An amount as a JSON number, as Lazada writes item prices, vouchers and fees. */
const amount = (minor: number, currency: Currency) => Number(minorToDecimal(minor, currency));

const BUYERS: Record<LazadaCountry, Array<[string, string]>> = {
  th: [
    ['Somchai', 'Jaidee'],
    ['Nattaya', 'Srisuk'],
    ['Kittipong', 'Wongsa'],
  ],
  my: [
    ['Ahmad', 'Faizal'],
    ['Siti', 'Nurhaliza'],
    ['Tan', 'Mei Ling'],
  ],
  sg: [
    ['Wei Ming', 'Tan'],
    ['Priya', 'Nair'],
    ['Jun Jie', 'Lim'],
  ],
  vn: [
    ['An', 'Nguyen Van'],
    ['Linh', 'Tran Thi'],
    ['Minh', 'Le Hoang'],
  ],
  ph: [
    ['Juan', 'Dela Cruz'],
    ['Maria', 'Santos'],
    ['Mark', 'Reyes'],
  ],
  id: [
    ['Budi', 'Santoso'],
    ['Dewi', 'Lestari'],
    ['Agus', 'Saputra'],
  ],
};

const ADDRESSES: Record<
  LazadaCountry,
  Array<{ address1: string; city: string; region: string; post_code: string; phone: string }>
> = {
  th: [
    {
      address1: '99/12 Soi Sukhumvit 55',
      city: 'Khlong Tan Nuea',
      region: 'Bangkok',
      post_code: '10110',
      phone: '66812345678',
    },
    {
      address1: '45 Nimmanhaemin Road',
      city: 'Suthep',
      region: 'Chiang Mai',
      post_code: '50200',
      phone: '66898765432',
    },
  ],
  my: [
    {
      address1: '12 Jalan Bukit Bintang',
      city: 'Kuala Lumpur',
      region: 'Wilayah Persekutuan',
      post_code: '55100',
      phone: '60123456789',
    },
    {
      address1: '8 Lebuh Chulia',
      city: 'George Town',
      region: 'Penang',
      post_code: '10200',
      phone: '60167654321',
    },
  ],
  sg: [
    {
      address1: 'Blk 123 Ang Mo Kio Ave 3 #05-67',
      city: 'Singapore',
      region: 'Singapore',
      post_code: '560123',
      phone: '6591234567',
    },
  ],
  vn: [
    {
      address1: '27 Nguyen Hue',
      city: 'Quan 1',
      region: 'Ho Chi Minh',
      post_code: '700000',
      phone: '84901234567',
    },
    {
      address1: '15 Hang Bai',
      city: 'Hoan Kiem',
      region: 'Ha Noi',
      post_code: '100000',
      phone: '84912345678',
    },
  ],
  ph: [
    {
      address1: '1234 Ayala Avenue',
      city: 'Makati City',
      region: 'Metro Manila',
      post_code: '1226',
      phone: '639171234567',
    },
  ],
  id: [
    {
      address1: 'Jl. Sudirman No. 52',
      city: 'Jakarta Selatan',
      region: 'DKI Jakarta',
      post_code: '12190',
      phone: '6281234567890',
    },
  ],
};

const PAYMENT_METHODS = ['COD', 'MIXEDCARD', 'PAYMENT_ACCOUNT', 'LAZADA_WALLET'];

const pick = <T>(random: () => number, list: readonly T[]): T =>
  list[Math.floor(random() * list.length) % list.length] as T;

/** A positive id of `digits` digits, as a JSON number (below 2^53). */
const numericId = (random: () => number, digits: number) =>
  10 ** (digits - 1) + Math.floor(random() * 9 * 10 ** (digits - 1));

/** Lazada writes ids as numbers; a non-numeric id given by a caller stays a string. */
const jsonId = (id: string): number | string => (/^[1-9]\d{0,14}$/.test(id) ? Number(id) : id);

const hexOf = (random: () => number, length: number) =>
  Array.from({ length }, () => Math.floor(random() * 16).toString(16)).join('');

const imageUrl = (site: string, random: () => number) =>
  `https://${site}-live.slatic.net/p/${hexOf(random, 32)}.jpg`;

function ventureOf(site: string): LazadaCountry {
  return isLazadaCountry(site) ? site : 'my';
}

/**
 * A Lazada order as GetOrders shows it, with the rows of GetOrderItems inside under `items`
 * (one row per unit, each with its own status).
 */
export function buildLazadaOrder(input: RecordInput): Record<string, unknown> {
  const { random } = input;
  const site = ventureOf(input.shop.site);
  const currency = LAZADA_CURRENCIES[site];
  const offset = LAZADA_UTC_OFFSETS[site];
  const created = lazadaRecordTime(input.createdAt, offset);
  const updated = lazadaRecordTime(input.updatedAt, offset);
  const shortCode = String(input.shop.data.short_code ?? '');
  const lines = 1 + Math.floor(random() * 3);
  const chosen = new Set<CatalogueEntry>();
  while (chosen.size < lines) chosen.add(pick(random, CATALOGUE));
  const items: Record<string, unknown>[] = [];
  let priceMinor = 0;
  for (const entry of chosen) {
    const unitMinor = priceIn(entry.usdCents, currency);
    const variation = entry.variations.length ? pick(random, entry.variations) : null;
    const units = 1 + Math.floor(random() * 2);
    const sellerSku = variation ? `${entry.slug}-${variation.toUpperCase()}` : entry.slug;
    const productId = numericId(random, 10);
    const skuId = numericId(random, 11);
    const image = imageUrl(site, random);
    for (let unit = 0; unit < units; unit += 1) {
      priceMinor += unitMinor;
      items.push({
        order_item_id: numericId(random, 15),
        order_id: jsonId(input.id),
        purchase_order_id: '',
        name: entry.name,
        sku: sellerSku,
        shop_sku: `${productId}_${site.toUpperCase()}-${skuId}`,
        sku_id: String(skuId),
        product_id: String(productId),
        variation: variation
          ? `${entry.category === 1740 ? 'Size' : 'Color family'}:${variation}`
          : '',
        item_price: amount(unitMinor, currency),
        paid_price: amount(unitMinor, currency),
        currency,
        shop_id: shortCode,
        status: input.status,
        product_main_image: image,
        product_detail_url: `https://www.lazada.${site === 'my' ? 'com.my' : site}/products/i${productId}.html`,
        shipment_provider: '',
        tracking_code: '',
        package_id: '',
        shipping_type: 'Dropshipping',
        is_fbl: 0,
        voucher_amount: 0,
        shipping_amount: 0,
        reason: '',
        return_status: '',
        cancel_return_initiator: '',
        created_at: created,
        updated_at: updated,
      });
    }
  }
  const shippingMinor = SHIPPING_FEE[site];
  const voucherMinor = random() < 0.3 ? Math.floor(priceMinor / 10 / 100) * 100 : 0;
  const [firstName, lastName] = pick(random, BUYERS[site]);
  const place = pick(random, ADDRESSES[site]);
  const address = {
    first_name: `${firstName} ${lastName}`,
    last_name: '',
    phone: place.phone,
    phone2: '',
    address1: place.address1,
    address2: '',
    address3: place.region,
    address4: place.city,
    address5: '',
    city: place.city,
    post_code: place.post_code,
    country: {
      sg: 'Singapore',
      th: 'Thailand',
      my: 'Malaysia',
      vn: 'Vietnam',
      ph: 'Philippines',
      id: 'Indonesia',
    }[site],
  };
  return {
    order_id: jsonId(input.id),
    order_number: jsonId(input.id),
    created_at: created,
    updated_at: updated,
    price: priceText(priceMinor, currency),
    voucher: amount(voucherMinor, currency),
    voucher_platform: 0,
    voucher_seller: amount(voucherMinor, currency),
    voucher_code: voucherMinor ? 'SELLER10' : '',
    shipping_fee: amount(shippingMinor, currency),
    shipping_fee_original: amount(shippingMinor, currency),
    shipping_fee_discount_seller: 0,
    shipping_fee_discount_platform: 0,
    payment_method: pick(random, PAYMENT_METHODS),
    items_count: items.length,
    statuses: [input.status],
    customer_first_name: firstName,
    customer_last_name: lastName,
    address_shipping: address,
    address_billing: address,
    warehouse_code: 'dropshipping',
    gift_option: false,
    gift_message: '',
    remarks: '',
    delivery_info: '',
    promised_shipping_times: '',
    national_registration_number: '',
    tax_code: '',
    branch_number: '',
    extra_attributes: '',
    items,
  };
}

/** The order after every item moved to `status` at `at`. */
export function withLazadaOrderStatus(
  data: Record<string, unknown>,
  status: string,
  at: Date,
): Record<string, unknown> {
  const offset = recordTimeOffset(data.updated_at) ?? recordTimeOffset(data.created_at) ?? 0;
  const updated = lazadaRecordTime(at, offset);
  const items = Array.isArray(data.items) ? data.items : [];
  return {
    ...data,
    updated_at: updated,
    statuses: [status],
    items: items.map((item) =>
      typeof item === 'object' && item !== null ? { ...item, status, updated_at: updated } : item,
    ),
  };
}

/** A Lazada product as GetProducts and GetProductItem show it. */
export function buildLazadaProduct(input: RecordInput): Record<string, unknown> {
  const { random } = input;
  const site = ventureOf(input.shop.site);
  const currency = LAZADA_CURRENCIES[site];
  const entry = pick(random, CATALOGUE);
  const itemId = jsonId(input.id);
  const priceMinor = priceIn(entry.usdCents, currency);
  const variations = entry.variations.length ? entry.variations.slice(0, 3) : [null];
  const images = [imageUrl(site, random), imageUrl(site, random)];
  const soldOut = input.status === 'sold-out';
  const skuStatus = input.status === 'live' || soldOut ? 'active' : 'inactive';
  const discounted = random() < 0.4;
  const skus = variations.map((variation) => {
    const skuId = numericId(random, 11);
    const saleProp: Record<string, string> = {};
    if (variation) saleProp[entry.category === 1740 ? 'size' : 'color_family'] = variation;
    const quantity = soldOut ? 0 : 5 + Math.floor(random() * 200);
    return {
      SellerSku: variation ? `${entry.slug}-${variation.toUpperCase()}` : entry.slug,
      ShopSku: `${itemId}_${site.toUpperCase()}-${skuId}`,
      SkuId: skuId,
      Status: skuStatus,
      quantity,
      Available: quantity,
      price: amount(priceMinor, currency),
      special_price: discounted ? amount(Math.floor((priceMinor * 85) / 100), currency) : 0,
      special_from_time: '',
      special_to_time: '',
      package_weight: '0.3',
      package_length: '15',
      package_width: '10',
      package_height: '5',
      package_content: `1 x ${entry.name}`,
      saleProp,
      Images: [imageUrl(site, random)],
      Url: `https://www.lazada.${site === 'my' ? 'com.my' : site}/products/i${itemId}-s${skuId}.html`,
    };
  });
  return {
    item_id: itemId,
    primary_category: entry.category,
    attributes: {
      name: entry.name,
      description: `<p>${entry.name}. Ships from our local warehouse within 2 days.</p>`,
      short_description: '<ul><li>Genuine product</li><li>7-day return</li></ul>',
      brand: entry.slug === 'PB-10K' ? 'Anker' : 'No Brand',
      warranty_type: 'No Warranty',
    },
    images,
    skus,
    status: PRODUCT_RECORD_STATUS[input.status] ?? 'Active',
    created_time: String(input.createdAt.getTime()),
    updated_time: String(input.updatedAt.getTime()),
    trialProduct: false,
    marketImages: [],
  };
}
