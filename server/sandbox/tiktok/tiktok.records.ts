import { createHash } from 'node:crypto';
import { type Currency, minorToDecimal } from '@shared/contracts/money';
import { tiktokCurrencyOf } from '../../integrations/tiktok/tiktok.sites';
import type { RecordInput } from '../marketplace/platform';
import {
  attributeById,
  COLOR,
  categoryChain,
  deliveryOptionsOf,
  numericId,
  SIZE,
  salesWarehouseId,
} from './tiktok.catalog';

/**
 * Orders and products of the TikTok Shop stand-in, in the shapes of Get Order Detail (202309+) and
 * Get Product (202309): amounts as decimal text in the shop's currency, times in unix seconds.
 * Images are kept by their TikTok uri; the API answers with URLs the sandbox serves.
 */

export const ORDER_STATUSES = [
  'UNPAID',
  'ON_HOLD',
  'AWAITING_SHIPMENT',
  'PARTIALLY_SHIPPING',
  'AWAITING_COLLECTION',
  'IN_TRANSIT',
  'DELIVERED',
  'COMPLETED',
  'CANCELLED',
] as const;

/** ACTIVATE first: most products of a live shop are on sale. */
export const PRODUCT_STATUSES = [
  'ACTIVATE',
  'DRAFT',
  'PENDING',
  'FAILED',
  'SELLER_DEACTIVATED',
  'PLATFORM_DEACTIVATED',
  'FREEZE',
  'DELETED',
] as const;

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

const imageUri = (seed: string) =>
  `tos-sandbox-i-${createHash('sha256').update(seed).digest('hex').slice(0, 24)}`;

interface Buyer {
  name: string;
  phone: string;
  street: string;
  district: string;
  city: string;
  state: string;
  postal: string;
}

interface SiteProfile {
  site: string;
  currency: Currency;
  regionCode: string;
  country: string;
  /** Prices are made in THB minor units and converted: minor = thb * num / den, rounded to step. */
  num: number;
  den: number;
  step: number;
  shippingMinor: number;
  buyers: Buyer[];
  payments: string[];
  carrier: string;
  trackingPrefix: string;
}

const PROFILES: Record<string, SiteProfile> = {
  th: {
    site: 'th',
    currency: 'THB',
    regionCode: 'TH',
    country: 'Thailand',
    num: 1,
    den: 1,
    step: 100,
    shippingMinor: 3800,
    buyers: [
      {
        name: 'Somchai Jaidee',
        phone: '(+66)81*****42',
        street: '99/12 Moo 3, Soi Sukhumvit 105',
        district: 'Bang Na',
        city: 'Bangkok',
        state: 'Bangkok',
        postal: '10260',
      },
      {
        name: 'Nattaya Srisuk',
        phone: '(+66)89*****17',
        street: '45 Nimmanhaemin Road',
        district: 'Suthep',
        city: 'Mueang Chiang Mai',
        state: 'Chiang Mai',
        postal: '50200',
      },
      {
        name: 'Kittipong Wongsa',
        phone: '(+66)62*****90',
        street: '120/5 Mittraphap Road',
        district: 'Nai Mueang',
        city: 'Mueang Khon Kaen',
        state: 'Khon Kaen',
        postal: '40000',
      },
    ],
    payments: ['Cash on delivery', 'TrueMoney Wallet', 'Credit/debit card', 'PromptPay'],
    carrier: 'Flash Express',
    trackingPrefix: 'TH',
  },
  my: {
    site: 'my',
    currency: 'MYR',
    regionCode: 'MY',
    country: 'Malaysia',
    num: 13,
    den: 100,
    step: 10,
    shippingMinor: 490,
    buyers: [
      {
        name: 'Nur Aisyah binti Ahmad',
        phone: '(+60)12*****88',
        street: '23, Jalan SS2/24',
        district: 'SS2',
        city: 'Petaling Jaya',
        state: 'Selangor',
        postal: '47300',
      },
      {
        name: 'Tan Wei Ming',
        phone: '(+60)16*****31',
        street: '8, Lorong Kulit',
        district: 'George Town',
        city: 'George Town',
        state: 'Pulau Pinang',
        postal: '10460',
      },
      {
        name: 'Arjun Kumar',
        phone: '(+60)11*****05',
        street: '17, Jalan Tun Razak',
        district: 'Kampung Baru',
        city: 'Kuala Lumpur',
        state: 'Wilayah Persekutuan',
        postal: '50400',
      },
    ],
    payments: ['Cash on delivery', "Touch 'n Go eWallet", 'Online Banking (FPX)'],
    carrier: 'J&T Express',
    trackingPrefix: 'MY',
  },
  sg: {
    site: 'sg',
    currency: 'SGD',
    regionCode: 'SG',
    country: 'Singapore',
    num: 37,
    den: 1000,
    step: 10,
    shippingMinor: 199,
    buyers: [
      {
        name: 'Lim Hui Min',
        phone: '(+65)9*****21',
        street: 'Blk 123 Ang Mo Kio Ave 3, #05-12',
        district: 'Ang Mo Kio',
        city: 'Singapore',
        state: 'Singapore',
        postal: '560123',
      },
      {
        name: 'Daniel Tan',
        phone: '(+65)8*****64',
        street: '50 Tampines Central 1, #10-03',
        district: 'Tampines',
        city: 'Singapore',
        state: 'Singapore',
        postal: '529508',
      },
    ],
    payments: ['PayNow', 'Credit/debit card', 'GrabPay'],
    carrier: 'Ninja Van',
    trackingPrefix: 'SG',
  },
  vn: {
    site: 'vn',
    currency: 'VND',
    regionCode: 'VN',
    country: 'Vietnam',
    num: 7,
    den: 1,
    step: 1000,
    shippingMinor: 18000,
    buyers: [
      {
        name: 'Nguyễn Văn An',
        phone: '(+84)90*****45',
        street: '12 Nguyễn Huệ',
        district: 'Quận 1',
        city: 'TP. Hồ Chí Minh',
        state: 'Hồ Chí Minh',
        postal: '700000',
      },
      {
        name: 'Trần Thị Mai',
        phone: '(+84)98*****12',
        street: '35 Hàng Bạc',
        district: 'Hoàn Kiếm',
        city: 'Hà Nội',
        state: 'Hà Nội',
        postal: '100000',
      },
    ],
    payments: ['Cash on delivery', 'MoMo', 'ZaloPay'],
    carrier: 'GHN',
    trackingPrefix: 'VN',
  },
  id: {
    site: 'id',
    currency: 'IDR',
    regionCode: 'ID',
    country: 'Indonesia',
    num: 45,
    den: 10,
    step: 500,
    shippingMinor: 12000,
    buyers: [
      {
        name: 'Budi Santoso',
        phone: '(+62)812*****77',
        street: 'Jl. Jend. Sudirman No. 45',
        district: 'Setiabudi',
        city: 'Jakarta Selatan',
        state: 'DKI Jakarta',
        postal: '12190',
      },
      {
        name: 'Siti Rahayu',
        phone: '(+62)857*****20',
        street: 'Jl. Malioboro No. 8',
        district: 'Gedong Tengen',
        city: 'Yogyakarta',
        state: 'DI Yogyakarta',
        postal: '55271',
      },
    ],
    payments: ['Cash on delivery', 'GoPay', 'DANA', 'Virtual Account'],
    carrier: 'J&T Express',
    trackingPrefix: 'JX',
  },
  ph: {
    site: 'ph',
    currency: 'PHP',
    regionCode: 'PH',
    country: 'Philippines',
    num: 16,
    den: 10,
    step: 100,
    shippingMinor: 3600,
    buyers: [
      {
        name: 'Juan dela Cruz',
        phone: '(+63)917*****33',
        street: '123 J.P. Rizal Street',
        district: 'Poblacion',
        city: 'Makati City',
        state: 'Metro Manila',
        postal: '1210',
      },
      {
        name: 'Maria Santos',
        phone: '(+63)928*****58',
        street: '88 Osmeña Boulevard',
        district: 'Sambag I',
        city: 'Cebu City',
        state: 'Cebu',
        postal: '6000',
      },
    ],
    payments: ['Cash on delivery', 'GCash', 'Maya'],
    carrier: 'J&T Express',
    trackingPrefix: 'PH',
  },
  gb: {
    site: 'gb',
    currency: 'GBP',
    regionCode: 'GB',
    country: 'United Kingdom',
    num: 22,
    den: 1000,
    step: 1,
    shippingMinor: 299,
    buyers: [
      {
        name: 'Oliver Smith',
        phone: '(+44)7700*****0',
        street: '14 Deansgate',
        district: 'City Centre',
        city: 'Manchester',
        state: 'England',
        postal: 'M3 2BW',
      },
      {
        name: 'Amelia Jones',
        phone: '(+44)7911*****3',
        street: '5 Queen Street',
        district: 'Cathays',
        city: 'Cardiff',
        state: 'Wales',
        postal: 'CF10 2BU',
      },
    ],
    payments: ['Credit/debit card', 'PayPal', 'Apple Pay'],
    carrier: 'Royal Mail',
    trackingPrefix: 'RM',
  },
};

function profileOf(site: string): SiteProfile {
  const profile = PROFILES[site];
  if (profile) return profile;
  const currency = tiktokCurrencyOf(site);
  // A market without its own profile still prices in its own currency.
  return { ...(PROFILES.th as SiteProfile), site, currency: currency ?? 'THB' };
}

function price(profile: SiteProfile, thbMinor: number): number {
  const exact = (thbMinor * profile.num) / profile.den;
  return Math.max(profile.step, Math.round(exact / profile.step) * profile.step);
}

interface Template {
  key: string;
  title: string;
  description: string;
  categoryId: string;
  skuPrefix: string;
  thbMinor: number;
  weightKg: string;
  dimensionsCm: [number, number, number];
  colors: string[];
  sizes: string[];
  /** Product attribute id -> value name. */
  attributes: Record<string, string>;
}

const TEMPLATES: readonly Template[] = [
  {
    key: 'tee',
    title: 'Oversized Cotton T-Shirt Unisex Basic Crew Neck Tee',
    description:
      '<p>Soft 100% cotton tee with a relaxed oversized fit.</p><ul><li>Breathable 200 gsm cotton</li><li>Pre-shrunk, does not fade</li><li>Machine washable</li></ul>',
    categoryId: '601226',
    skuPrefix: 'TEE',
    thbMinor: 19900,
    weightKg: '0.25',
    dimensionsCm: [30, 25, 3],
    colors: ['Black', 'White', 'Grey'],
    sizes: ['M', 'L', 'XL'],
    attributes: { '100198': 'Cotton', '100205': 'Solid', '100392': 'Summer' },
  },
  {
    key: 'blouse',
    title: "Women's Linen Button-Down Blouse Long Sleeve Casual Shirt",
    description:
      '<p>Lightweight linen blouse for warm days.</p><ul><li>Natural linen blend</li><li>Relaxed fit with roll-up sleeves</li></ul>',
    categoryId: '601265',
    skuPrefix: 'BLS',
    thbMinor: 35900,
    weightKg: '0.3',
    dimensionsCm: [32, 26, 4],
    colors: ['White', 'Beige'],
    sizes: ['S', 'M', 'L'],
    attributes: { '100198': 'Linen', '100205': 'Solid' },
  },
  {
    key: 'case',
    title: 'Shockproof Clear Phone Case with Airbag Corners',
    description:
      '<p>Crystal clear case that never yellows.</p><ul><li>Airbag corners absorb drops</li><li>Raised edges protect screen and camera</li></ul>',
    categoryId: '601741',
    skuPrefix: 'CASE',
    thbMinor: 12900,
    weightKg: '0.08',
    dimensionsCm: [18, 10, 2],
    colors: ['Clear', 'Black'],
    sizes: [],
    attributes: { '100198': 'TPU', '100701': 'iPhone 15' },
  },
  {
    key: 'charger',
    title: '65W GaN Fast Charger USB-C Dual Port Wall Adapter',
    description:
      '<p>Compact 65W GaN charger for laptop and phone.</p><ul><li>USB-C PD and USB-A QC</li><li>Foldable plug</li></ul>',
    categoryId: '601752',
    skuPrefix: 'CHG',
    thbMinor: 59000,
    weightKg: '0.18',
    dimensionsCm: [10, 8, 5],
    colors: ['White', 'Black'],
    sizes: [],
    attributes: { '100950': '65', '100345': 'Seller Warranty' },
  },
  {
    key: 'box',
    title: 'Foldable Fabric Storage Box with Lid 3-Pack Closet Organizer',
    description:
      '<p>Sturdy foldable boxes for clothes, toys and books.</p><ul><li>30 L each</li><li>Reinforced handles</li></ul>',
    categoryId: '600942',
    skuPrefix: 'BOX',
    thbMinor: 27900,
    weightKg: '1.2',
    dimensionsCm: [40, 30, 10],
    colors: ['Grey', 'Beige'],
    sizes: [],
    attributes: { '100198': 'Fabric', '101002': '30' },
  },
  {
    key: 'lipstick',
    title: 'Velvet Matte Lipstick Long Lasting Waterproof Lip Color',
    description:
      '<p>Weightless matte lipstick that lasts all day.</p><ul><li>Transfer-proof</li><li>Enriched with vitamin E</li></ul>',
    categoryId: '601383',
    skuPrefix: 'LIP',
    thbMinor: 24900,
    weightKg: '0.05',
    dimensionsCm: [10, 4, 4],
    colors: ['Red', 'Nude', 'Coral'],
    sizes: [],
    attributes: { '101203': 'Matte', '101210': '3.5' },
  },
];

interface Variant {
  key: string;
  color: string;
  size: string | null;
  thbMinor: number;
}

function variantsOf(template: Template): Variant[] {
  const sizes = template.sizes.length ? template.sizes : [null];
  return template.colors.flatMap((color) =>
    sizes.map((size, index) => ({
      key: size ? `${color}-${size}` : color,
      color,
      size,
      // Larger sizes cost a little more.
      thbMinor: template.thbMinor + (index >= 2 ? 2000 : 0),
    })),
  );
}

function chooser(random: () => number) {
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T =>
    list[Math.min(list.length - 1, int(0, list.length - 1))] as T;
  return { int, pick };
}

function attributeValueOf(attributeId: string, name: string) {
  const attribute = attributeById(attributeId);
  const known = attribute?.values.find((value) => value.name === name);
  return { id: known?.id ?? numericId(`value:${attributeId}:${name}`, 10, '7'), name };
}

function salesAttributes(variant: Variant, imageSeed: string) {
  const color = attributeValueOf(COLOR.id, variant.color);
  const list: Array<Record<string, unknown>> = [
    {
      id: COLOR.id,
      name: COLOR.name,
      value_id: color.id,
      value_name: color.name,
      sku_img: { uri: imageUri(imageSeed), width: 800, height: 800 },
    },
  ];
  if (variant.size) {
    const size = attributeValueOf(SIZE.id, variant.size);
    list.push({ id: SIZE.id, name: SIZE.name, value_id: size.id, value_name: size.name });
  }
  return list;
}

const SHIPPED = new Set([
  'PARTIALLY_SHIPPING',
  'AWAITING_COLLECTION',
  'IN_TRANSIT',
  'DELIVERED',
  'COMPLETED',
]);

/** An order moved to `status` at `at`: its update time, and what that status brings with it. */
export function withTiktokOrderStatus(
  data: Record<string, unknown>,
  status: string,
  at: Date,
): Record<string, unknown> {
  const time = seconds(at);
  const next: Record<string, unknown> = { ...data, status, update_time: time };
  const address = data.recipient_address as { region_code?: string } | undefined;
  const profile = profileOf((address?.region_code ?? 'TH').toLowerCase());
  const id = String(data.id ?? '');
  if (status !== 'UNPAID' && status !== 'CANCELLED' && typeof data.paid_time !== 'number')
    next.paid_time = time;
  if (SHIPPED.has(status) && !data.tracking_number) {
    const packageId = numericId(`${id}:package`, 19, '11');
    next.packages = [{ id: packageId }];
    next.tracking_number = `${profile.trackingPrefix}${numericId(`${id}:tracking`, 12, '')}`;
    next.shipping_provider = profile.carrier;
    next.shipping_provider_id = numericId(`carrier:${profile.carrier}`, 19, '69');
    next.collection_time = time;
  }
  if ((status === 'DELIVERED' || status === 'COMPLETED') && typeof data.delivery_time !== 'number')
    next.delivery_time = time;
  if (status === 'CANCELLED') {
    next.cancel_reason = data.cancel_reason ?? 'No longer need it';
    next.cancellation_initiator = data.cancellation_initiator ?? 'BUYER';
    next.cancel_time = time;
  }
  const firstPackage = Array.isArray(next.packages)
    ? (next.packages[0] as { id?: unknown } | undefined)
    : undefined;
  if (Array.isArray(data.line_items)) {
    next.line_items = data.line_items.map((item) => ({
      ...(item as Record<string, unknown>),
      display_status: status,
      ...(typeof firstPackage?.id === 'string' ? { package_id: firstPackage.id } : {}),
    }));
  }
  return next;
}

export function buildTiktokOrder(input: RecordInput): Record<string, unknown> {
  const { shop, id, random } = input;
  const profile = profileOf(shop.site);
  const { int, pick } = chooser(random);
  const money = (value: number) => minorToDecimal(value, profile.currency);
  const buyer = pick(profile.buyers);
  const createTime = seconds(input.createdAt);

  const lineItems: Array<Record<string, unknown>> = [];
  let subTotal = 0;
  const kinds = int(1, 3);
  for (let kind = 0; kind < kinds; kind += 1) {
    const template = pick(TEMPLATES);
    const variant = pick(variantsOf(template));
    const unit = price(profile, variant.thbMinor);
    const productId = numericId(`${shop.shopId}:${template.key}`);
    const skuId = numericId(`${shop.shopId}:${template.key}:${variant.key}`);
    const quantity = int(1, 2);
    for (let unitIndex = 0; unitIndex < quantity; unitIndex += 1) {
      subTotal += unit;
      lineItems.push({
        id: numericId(`${id}:line:${lineItems.length}`, 18, '57'),
        sku_id: skuId,
        seller_sku: `${template.skuPrefix}-${variant.key.toUpperCase()}`,
        product_id: productId,
        product_name: template.title,
        sku_name: [variant.color, variant.size].filter(Boolean).join(', '),
        sku_image: imageUri(`${shop.shopId}:${template.key}:${variant.color}`),
        sku_type: 'NORMAL',
        sale_price: money(unit),
        original_price: money(unit),
        platform_discount: money(0),
        seller_discount: money(0),
        currency: profile.currency,
        display_status: input.status,
        is_gift: false,
      });
    }
  }
  const shippingDiscount = random() < 0.5 ? profile.shippingMinor : 0;
  const shippingFee = profile.shippingMinor - shippingDiscount;
  const paymentMethod = pick(profile.payments);
  const warehouseId = salesWarehouseId(shop.shopId);
  const delivery = deliveryOptionsOf(shop.shopId, warehouseId)?.[0];

  const base: Record<string, unknown> = {
    id,
    status: 'UNPAID',
    create_time: createTime,
    update_time: createTime,
    ...(input.status === 'UNPAID' ? {} : { paid_time: createTime + int(1, 15) * 60 }),
    buyer_email: `${numericId(`${id}:buyer`, 12, 'v2')}@scs.tiktokw.sandbox`,
    buyer_message: random() < 0.2 ? 'Please pack carefully, thank you!' : '',
    user_id: numericId(`${shop.shopId}:${buyer.name}`, 19, '74'),
    payment_method_name: paymentMethod,
    is_cod: paymentMethod === 'Cash on delivery',
    shipping_type: 'TIKTOK',
    delivery_type: 'HOME_DELIVERY',
    fulfillment_type: 'FULFILLMENT_BY_SELLER',
    delivery_option_id: delivery?.id ?? '',
    delivery_option_name: delivery?.name ?? 'Standard Delivery',
    warehouse_id: warehouseId,
    rts_sla_time: createTime + 3 * 86400,
    tts_sla_time: createTime + 7 * 86400,
    is_sample_order: false,
    payment: {
      currency: profile.currency,
      sub_total: money(subTotal),
      shipping_fee: money(shippingFee),
      seller_discount: money(0),
      platform_discount: money(0),
      total_amount: money(subTotal + shippingFee),
      original_total_product_price: money(subTotal),
      original_shipping_fee: money(profile.shippingMinor),
      shipping_fee_seller_discount: money(0),
      shipping_fee_platform_discount: money(shippingDiscount),
      tax: money(0),
    },
    recipient_address: {
      name: buyer.name,
      phone_number: buyer.phone,
      full_address: `${buyer.street}, ${buyer.district}, ${buyer.city}, ${buyer.state} ${buyer.postal}`,
      address_detail: buyer.street,
      address_line1: buyer.street,
      address_line2: buyer.district,
      postal_code: buyer.postal,
      region_code: profile.regionCode,
      district_info: [
        { address_level: 'L0', address_level_name: 'Country', address_name: profile.country },
        { address_level: 'L1', address_level_name: 'State', address_name: buyer.state },
        { address_level: 'L2', address_level_name: 'City', address_name: buyer.city },
        { address_level: 'L3', address_level_name: 'District', address_name: buyer.district },
      ],
    },
    line_items: lineItems,
    packages: [],
  };
  const moved = withTiktokOrderStatus(base, input.status, input.updatedAt);
  return { ...moved, create_time: createTime, update_time: seconds(input.updatedAt) };
}

export function buildTiktokProduct(input: RecordInput): Record<string, unknown> {
  const { shop, id, random } = input;
  const profile = profileOf(shop.site);
  const { int, pick } = chooser(random);
  const template = pick(TEMPLATES);
  const warehouseId = salesWarehouseId(shop.shopId);
  const chain = categoryChain(template.categoryId) ?? [];
  const skus = variantsOf(template).map((variant) => {
    const amount = minorToDecimal(price(profile, variant.thbMinor), profile.currency);
    return {
      id: numericId(`${id}:${variant.key}`),
      seller_sku: `${template.skuPrefix}-${id.slice(-4)}-${variant.key.toUpperCase()}`,
      price: { currency: profile.currency, sale_price: amount, tax_exclusive_price: amount },
      inventory: [{ warehouse_id: warehouseId, quantity: int(0, 500) }],
      // The colour carries the SKU image, one image per colour.
      sales_attributes: salesAttributes(variant, `${id}:${variant.color}`),
    };
  });
  const delivery = deliveryOptionsOf(shop.shopId, warehouseId) ?? [];
  return {
    id,
    title: template.title,
    description: template.description,
    status: input.status,
    create_time: seconds(input.createdAt),
    update_time: seconds(input.updatedAt),
    category_chains: chain.map((category) => ({
      id: category.id,
      parent_id: category.parent_id,
      local_name: category.local_name,
      is_leaf: category.is_leaf,
    })),
    main_images: [0, 1, 2].map((index) => ({
      uri: imageUri(`${id}:main:${index}`),
      width: 800,
      height: 800,
    })),
    skus,
    package_weight: { value: template.weightKg, unit: 'KILOGRAM' },
    package_dimensions: {
      length: String(template.dimensionsCm[0]),
      width: String(template.dimensionsCm[1]),
      height: String(template.dimensionsCm[2]),
      unit: 'CENTIMETER',
    },
    product_attributes: Object.entries(template.attributes).map(([attributeId, value]) => ({
      id: attributeId,
      name: attributeById(attributeId)?.name ?? attributeId,
      values: [attributeValueOf(attributeId, value)],
    })),
    delivery_options: delivery.map((option) => ({
      id: option.id,
      name: option.name,
      is_available: true,
    })),
    is_cod_allowed: profile.payments.includes('Cash on delivery'),
    audit_failed_reasons:
      input.status === 'FAILED'
        ? [
            {
              position: 'main_images',
              reasons: ['The main image contains a watermark.'],
              suggestions: ['Upload a clean product photo on a white background.'],
            },
          ]
        : [],
    external_product_id: '',
  };
}
