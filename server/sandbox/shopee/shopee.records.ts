import { CURRENCY_DECIMALS, type Currency, minorToDecimal } from '@shared/contracts/money';
import type { RecordInput, SandboxSellerSeed } from '../marketplace/platform';
import { attributesOf, channelsOf, SITE_CURRENCIES } from './shopee.catalog';

/**
 * Shopee's records as the sandbox keeps them: the order of get_order_detail with every optional
 * field, and the item of get_item_base_info with its tier_variation and model lists (as
 * get_model_list returns them). Images are kept as references the API turns into URLs.
 */

type Json = Record<string, unknown>;

/** OrderStatus of the v2 Data Definition, in the order an order usually goes through them. */
export const ORDER_STATUSES = [
  'UNPAID',
  'READY_TO_SHIP',
  'PROCESSED',
  'RETRY_SHIP',
  'SHIPPED',
  'TO_CONFIRM_RECEIVE',
  'IN_CANCEL',
  'CANCELLED',
  'TO_RETURN',
  'COMPLETED',
] as const;

/** The item statuses the sandbox hands out (SHOPEE_DELETE is Shopee's own doing). */
export const PRODUCT_STATUSES = [
  'NORMAL',
  'UNLIST',
  'BANNED',
  'REVIEWING',
  'SELLER_DELETE',
] as const;

export const SELLERS: readonly SandboxSellerSeed[] = [
  {
    id: 'shopee-demo-th',
    login: 'demo.th@shopee.sandbox',
    name: 'Demo Shopee TH',
    country: 'th',
    shops: [
      {
        shopId: '220000101',
        site: 'th',
        name: 'Bangkok Gadget Hub',
        cipher: null,
        data: { is_cb: false, status: 'NORMAL' },
      },
    ],
  },
  {
    id: 'shopee-demo-my',
    login: 'demo.my@shopee.sandbox',
    name: 'Demo Shopee MY',
    country: 'my',
    shops: [
      {
        shopId: '220000102',
        site: 'my',
        name: 'Demo Shopee MY',
        cipher: null,
        data: { is_cb: false, status: 'NORMAL' },
      },
    ],
  },
  {
    id: 'shopee-cb-sg',
    login: 'cb.sg@shopee.sandbox',
    name: 'Demo Shopee CB SG',
    country: 'sg',
    shops: [
      {
        shopId: '220000103',
        site: 'sg',
        name: 'Demo Shopee CB SG',
        cipher: null,
        data: { is_cb: true, status: 'NORMAL' },
      },
    ],
  },
];

/** What an image is stored as; the API serves it as a URL of the sandbox. */
export const IMAGE_REF = 'shopee-file:';
export const imageRef = (imageId: string) => `${IMAGE_REF}${imageId}`;

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const pick = <T>(random: () => number, items: readonly T[]): T =>
  items[Math.min(items.length - 1, Math.floor(random() * items.length))] as T;
const between = (random: () => number, low: number, high: number) =>
  low + Math.floor(random() * (high - low + 1));
const hex = (random: () => number, length: number) =>
  Array.from({ length }, () => Math.floor(random() * 16).toString(16)).join('');
const digits = (random: () => number, length: number) =>
  Array.from({ length }, (_, index) =>
    index === 0 ? between(random, 1, 9) : between(random, 0, 9),
  ).join('');

export const currencyOfSite = (site: string): Currency => SITE_CURRENCIES[site] ?? 'THB';
/** A Shopee amount: a JSON number in the currency's unit, built from exact minor units. */
export const amount = (minor: number, currency: Currency) =>
  Number(minorToDecimal(minor, currency));

/** Prices are written in THB satang and carried to the site's currency at a rough rate, rounded as sellers do. */
const RATES: Record<Currency, [number, number]> = {
  THB: [1, 1],
  MYR: [13, 100],
  SGD: [38, 1000],
  VND: [7, 1],
  IDR: [9, 2],
  PHP: [16, 10],
  CNY: [2, 10],
  USD: [28, 1000],
  GBP: [22, 1000],
};

function localPrice(thbMinor: number, currency: Currency): number {
  const [numerator, denominator] = RATES[currency];
  const raw = Math.round((thbMinor * numerator) / denominator);
  if (CURRENCY_DECIMALS[currency] === 0) {
    const step = currency === 'VND' ? 1000 : 100;
    return Math.max(step, Math.round(raw / step) * step);
  }
  // Whole units for THB and PHP (199.00), ".90" elsewhere (25.90).
  const whole = Math.max(1, Math.floor(raw / 100));
  return currency === 'THB' || currency === 'PHP' ? whole * 100 : whole * 100 + 90;
}

interface Template {
  categoryId: number;
  en: string;
  th: string;
  sku: string;
  priceThb: number;
  grams: number;
  attributes: Array<[number, number]>;
  tiers: Array<[string, string[]]>;
}

const TEMPLATES: readonly Template[] = [
  {
    categoryId: 100419,
    en: 'Oversized Cotton T-shirt Unisex Basic Tee',
    th: 'เสื้อยืดโอเวอร์ไซส์ ผ้าคอตตอน 100% ใส่ได้ทั้งชายและหญิง',
    sku: 'TEE-OVS',
    priceThb: 19900,
    grams: 250,
    attributes: [
      [100134, 2001],
      [100037, 2101],
      [100157, 2201],
      [100999, 1002],
    ],
    tiers: [
      ['Color', ['White', 'Black', 'Beige', 'Navy']],
      ['Size', ['S', 'M', 'L', 'XL']],
    ],
  },
  {
    categoryId: 100420,
    en: 'Chiffon Puff Sleeve Blouse Korean Style',
    th: 'เสื้อเบลาส์ผ้าชีฟอง แขนพอง สไตล์เกาหลี',
    sku: 'BLS-PUF',
    priceThb: 35900,
    grams: 200,
    attributes: [
      [100134, 2002],
      [100157, 2201],
      [100999, 1001],
    ],
    tiers: [
      ['Color', ['White', 'Pink', 'Sky Blue']],
      ['Size', ['S', 'M', 'L']],
    ],
  },
  {
    categoryId: 100018,
    en: 'Floral Midi Dress with Belt',
    th: 'เดรสลายดอกไม้ ยาวคลุมเข่า พร้อมเข็มขัด',
    sku: 'DRS-FLR',
    priceThb: 59000,
    grams: 350,
    attributes: [
      [100134, 2004],
      [100037, 2103],
      [100999, 1001],
    ],
    tiers: [['Size', ['S', 'M', 'L']]],
  },
  {
    categoryId: 100636,
    en: 'Stainless Steel Food Container Set 3 pcs',
    th: 'ชุดกล่องใส่อาหารสแตนเลส 3 ชิ้น',
    sku: 'KIT-BOX3',
    priceThb: 42900,
    grams: 900,
    attributes: [
      [100211, 3001],
      [100999, 1004],
    ],
    tiers: [],
  },
  {
    categoryId: 100637,
    en: 'Microfiber Fitted Sheet Set with Pillowcases',
    th: 'ชุดผ้าปูที่นอนไมโครไฟเบอร์ พร้อมปลอกหมอน',
    sku: 'BED-MF',
    priceThb: 69000,
    grams: 1200,
    attributes: [
      [100211, 3004],
      [100999, 1002],
    ],
    tiers: [
      ['Size', ['3.5ft', '5ft', '6ft']],
      ['Color', ['Grey', 'Cream']],
    ],
  },
  {
    categoryId: 100072,
    en: 'Shockproof Clear Phone Case',
    th: 'เคสใสกันกระแทก',
    sku: 'CASE-CLR',
    priceThb: 9900,
    grams: 60,
    attributes: [
      [100303, 4101],
      [100999, 1001],
    ],
    tiers: [['Model', ['iPhone 15', 'iPhone 16', 'Galaxy S24']]],
  },
  {
    categoryId: 100073,
    en: 'USB-C Fast Charging Cable 60W',
    th: 'สายชาร์จเร็ว USB-C 60W',
    sku: 'CBL-USBC',
    priceThb: 12900,
    grams: 50,
    attributes: [
      [100303, 4102],
      [100999, 1001],
    ],
    tiers: [['Length', ['1m', '2m']]],
  },
  {
    categoryId: 100664,
    en: 'Hyaluronic Acid Hydrating Serum 30ml',
    th: 'เซรั่มไฮยาลูรอน เติมความชุ่มชื้น 30 มล.',
    sku: 'SKN-HA30',
    priceThb: 29900,
    grams: 120,
    attributes: [
      [100401, 5001],
      [100999, 1002],
    ],
    tiers: [],
  },
];

function attributeList(template: Template): Json[] {
  const known = attributesOf(template.categoryId);
  return template.attributes.flatMap(([attributeId, valueId]) => {
    const attribute = known.find((one) => one.id === attributeId);
    const value = attribute?.values.find(([id]) => id === valueId);
    if (!attribute || !value) return [];
    return [
      {
        attribute_id: attribute.id,
        original_attribute_name: attribute.name,
        is_mandatory: attribute.mandatory,
        attribute_value_list: [
          { value_id: value[0], original_value_name: value[1], value_unit: '' },
        ],
      },
    ];
  });
}

export const stockInfo = (stock: number, site: string) => ({
  summary_info: { total_reserved_stock: 0, total_available_stock: stock },
  seller_stock: [{ location_id: `${site.toUpperCase()}Z`, stock, if_saleable: true }],
});

export const priceInfo = (minor: number, currency: Currency, currentMinor = minor) => [
  {
    currency,
    original_price: amount(minor, currency),
    current_price: amount(currentMinor, currency),
    inflated_price_of_original_price: amount(minor, currency),
    inflated_price_of_current_price: amount(currentMinor, currency),
  },
];

/** An item of the shop's site, with models for most templates that have variations. */
export function buildProduct(input: RecordInput): Json {
  const { random, shop } = input;
  const currency = currencyOfSite(shop.site);
  const template = pick(random, TEMPLATES);
  const itemId = /^\d+$/.test(input.id) ? Number(input.id) : input.id;
  const price = localPrice(template.priceThb, currency);
  const images = Array.from({ length: 3 }, () => `${shop.site}-11134207-${hex(random, 20)}`);
  const hasModel = template.tiers.length > 0 && random() < 0.75;
  const sku = `${template.sku}-${hex(random, 4).toUpperCase()}`;
  const item: Json = {
    item_id: itemId,
    category_id: template.categoryId,
    item_name: shop.site === 'th' ? template.th : template.en,
    description: `${template.en}. Ships from ${shop.site.toUpperCase()} within 2 days.`,
    description_type: 'normal',
    item_sku: hasModel ? '' : sku,
    create_time: seconds(input.createdAt),
    update_time: seconds(input.updatedAt),
    attribute_list: attributeList(template),
    image: { image_id_list: images, image_url_list: images.map(imageRef) },
    weight: (template.grams / 1000).toFixed(2),
    dimension: { package_length: 25, package_width: 20, package_height: 5 },
    logistic_info: channelsOf(shop.site)
      .slice(0, 2)
      .map((channel) => ({
        logistic_id: channel.id,
        logistic_name: channel.name,
        enabled: true,
        is_free: false,
        estimated_shipping_fee: amount(localPrice(3800, currency), currency),
      })),
    pre_order: { is_pre_order: false, days_to_ship: 2 },
    wholesales: [],
    condition: 'NEW',
    size_chart: '',
    item_status: input.status,
    deboost: false,
    has_model: hasModel,
    promotion_id: 0,
    brand: { brand_id: 0, original_brand_name: 'NoBrand' },
    item_dangerous: 0,
    tier_variation: [],
    model: [],
  };
  if (!hasModel) {
    const sale = random() < 0.3 ? localPrice(Math.round(template.priceThb * 0.8), currency) : price;
    item.price_info = priceInfo(price, currency, Math.min(sale, price));
    item.stock_info_v2 = stockInfo(between(random, 0, 250), shop.site);
    return item;
  }
  const tiers = template.tiers.map(([name, options]) => {
    const count = between(random, Math.min(2, options.length), options.length);
    return { name, options: options.slice(0, count) };
  });
  item.tier_variation = tiers.map((tier, index) => ({
    name: tier.name,
    option_list: tier.options.map((option, position) => {
      if (index > 0) return { option };
      const imageId = `${images[0]}-${position + 1}`;
      return { option, image: { image_id: imageId, image_url: imageRef(imageId) } };
    }),
  }));
  const combinations: number[][] = tiers.reduce<number[][]>(
    (all, tier) => all.flatMap((prefix) => tier.options.map((_, index) => [...prefix, index])),
    [[]],
  );
  const modelBase = between(random, 10_000_000, 99_999_999) * 100;
  item.model = combinations.map((tierIndex, index) => {
    const label = tierIndex
      .map((option, tier) => tiers[tier]?.options[option] ?? '')
      .join('-')
      .toUpperCase()
      .replace(/[^A-Z0-9]+/g, '');
    return {
      model_id: modelBase + index + 1,
      tier_index: tierIndex,
      promotion_id: 0,
      model_sku: `${sku}-${label}`,
      model_status: 'MODEL_NORMAL',
      price_info: priceInfo(price, currency),
      pre_order: { is_pre_order: false, days_to_ship: 2 },
      stock_info_v2: stockInfo(between(random, 0, 80), shop.site),
    };
  });
  return item;
}

interface Recipient {
  name: string;
  phone: string;
  town: string;
  district: string;
  city: string;
  state: string;
  zipcode: string;
  street: string;
}

const RECIPIENTS: Record<string, Recipient[]> = {
  th: [
    {
      name: 'สมชาย ใจดี',
      phone: '66812345678',
      town: 'คลองเตย',
      district: 'คลองเตย',
      city: 'กรุงเทพมหานคร',
      state: 'กรุงเทพมหานคร',
      zipcode: '10110',
      street: '99/12 ถนนสุขุมวิท',
    },
    {
      name: 'Nattaya Srisuk',
      phone: '66898765432',
      town: 'สุเทพ',
      district: 'เมืองเชียงใหม่',
      city: 'เชียงใหม่',
      state: 'เชียงใหม่',
      zipcode: '50200',
      street: '45 ถนนห้วยแก้ว',
    },
  ],
  my: [
    {
      name: 'Ahmad Faizal',
      phone: '60123456789',
      town: 'SS2',
      district: 'Petaling',
      city: 'Petaling Jaya',
      state: 'Selangor',
      zipcode: '47300',
      street: 'No. 12, Jalan SS2/24',
    },
    {
      name: 'Tan Mei Ling',
      phone: '60167788990',
      town: 'Bukit Bintang',
      district: 'Kuala Lumpur',
      city: 'Kuala Lumpur',
      state: 'Wilayah Persekutuan Kuala Lumpur',
      zipcode: '55100',
      street: '8, Jalan Alor',
    },
  ],
  sg: [
    {
      name: 'Tan Wei Ming',
      phone: '6591234567',
      town: 'Ang Mo Kio',
      district: 'Ang Mo Kio',
      city: 'Singapore',
      state: 'Singapore',
      zipcode: '560123',
      street: 'Blk 123 Ang Mo Kio Ave 3, #05-123',
    },
    {
      name: 'Priya Nair',
      phone: '6598765432',
      town: 'Tampines',
      district: 'Tampines',
      city: 'Singapore',
      state: 'Singapore',
      zipcode: '520456',
      street: 'Blk 456 Tampines St 42, #10-88',
    },
  ],
  vn: [
    {
      name: 'Nguyễn Văn An',
      phone: '84901234567',
      town: 'Phường Bến Nghé',
      district: 'Quận 1',
      city: 'Hồ Chí Minh',
      state: 'Hồ Chí Minh',
      zipcode: '700000',
      street: '12 Lê Lợi',
    },
  ],
  id: [
    {
      name: 'Budi Santoso',
      phone: '6281234567890',
      town: 'Menteng',
      district: 'Menteng',
      city: 'Jakarta Pusat',
      state: 'DKI Jakarta',
      zipcode: '10310',
      street: 'Jl. Cikini Raya No. 5',
    },
  ],
  ph: [
    {
      name: 'Maria Santos',
      phone: '639171234567',
      town: 'Poblacion',
      district: 'Makati',
      city: 'Makati City',
      state: 'Metro Manila',
      zipcode: '1210',
      street: '25 Jupiter St.',
    },
  ],
};

const BUYERS = [
  'somchai.j',
  'nattaya_ss',
  'faizal88',
  'meiling.tan',
  'weiming.t',
  'priya.n',
  'an.nguyen',
  'budi.s',
  'maria.s',
];

const PAYMENTS: Record<string, string[]> = {
  th: ['Cash on Delivery', 'ShopeePay', 'Credit Card/Debit Card', 'Bank Transfer'],
  my: ['Cash on Delivery', 'ShopeePay', 'Online Banking', 'Credit Card/Debit Card'],
  sg: ['ShopeePay', 'Credit Card/Debit Card', 'PayNow'],
  vn: ['Cash on Delivery', 'ShopeePay', 'Credit Card/Debit Card'],
  id: ['Cash on Delivery', 'ShopeePay', 'Bank Transfer'],
  ph: ['Cash on Delivery', 'ShopeePay', 'GCash'],
};

const COD = 'Cash on Delivery';

const LOGISTICS_STATUS: Record<string, string> = {
  UNPAID: 'LOGISTICS_NOT_START',
  READY_TO_SHIP: 'LOGISTICS_READY',
  PROCESSED: 'LOGISTICS_REQUEST_CREATED',
  RETRY_SHIP: 'LOGISTICS_PICKUP_RETRY',
  SHIPPED: 'LOGISTICS_PICKUP_DONE',
  TO_CONFIRM_RECEIVE: 'LOGISTICS_DELIVERY_DONE',
  IN_CANCEL: 'LOGISTICS_REQUEST_CREATED',
  CANCELLED: 'LOGISTICS_REQUEST_CANCELED',
  TO_RETURN: 'LOGISTICS_DELIVERY_DONE',
  COMPLETED: 'LOGISTICS_DELIVERY_DONE',
};

const PICKED_UP = new Set(['SHIPPED', 'TO_CONFIRM_RECEIVE', 'TO_RETURN', 'COMPLETED']);

/** The order after it moved to `status` at `at`: its update time and the fields that go with it. */
export function withOrderStatus(data: Json, status: string, at: Date): Json {
  const now = seconds(at);
  const createTime = typeof data.create_time === 'number' ? data.create_time : now;
  const cod = data.cod === true;
  const next: Json = { ...data, order_status: status, update_time: now };
  const paid = typeof data.pay_time === 'number' && data.pay_time > 0;
  if (!paid && status !== 'UNPAID' && status !== 'CANCELLED' && (!cod || status === 'COMPLETED'))
    next.pay_time = cod ? now : Math.min(createTime + 300, now);
  if (
    PICKED_UP.has(status) &&
    !(typeof data.pickup_done_time === 'number' && data.pickup_done_time > 0)
  )
    next.pickup_done_time = now;
  if (status === 'IN_CANCEL') next.buyer_cancel_reason = 'Need to change delivery address';
  if (status === 'CANCELLED' && !data.cancel_by) {
    const unpaid = data.order_status === 'UNPAID';
    next.cancel_by = unpaid ? 'system' : 'buyer';
    next.cancel_reason = unpaid ? 'Unpaid order' : 'Need to change delivery address';
  }
  const logistics = LOGISTICS_STATUS[status];
  if (Array.isArray(data.package_list) && logistics)
    next.package_list = data.package_list.map((entry) =>
      typeof entry === 'object' && entry !== null
        ? { ...entry, logistics_status: logistics }
        : entry,
    );
  return next;
}

/** An order of one to three items, priced in the site's currency, in `status`. */
export function buildOrder(input: RecordInput): Json {
  const { random, shop } = input;
  const site = shop.site;
  const currency = currencyOfSite(site);
  const carrier = pick(
    random,
    channelsOf(site)
      .map((channel) => channel.name)
      .concat(['Standard Delivery']),
  );
  const payment = pick(random, PAYMENTS[site] ?? PAYMENTS.th ?? []);
  const recipient = pick(random, RECIPIENTS[site] ?? RECIPIENTS.th ?? []);
  const items = Array.from({ length: between(random, 1, 3) }, () => {
    const template = pick(random, TEMPLATES);
    const original = localPrice(template.priceThb, currency);
    const discounted =
      random() < 0.4 ? localPrice(Math.round(template.priceThb * 0.85), currency) : original;
    const variation = template.tiers.map(
      ([name, options]) => [name, pick(random, options)] as const,
    );
    const itemId = between(random, 1_000_000_000, 9_999_999_999);
    const imageId = `${site}-11134207-${hex(random, 20)}`;
    return {
      item_id: itemId,
      item_name: site === 'th' ? template.th : template.en,
      item_sku: template.sku,
      model_id: variation.length ? between(random, 10_000_000_000, 99_999_999_999) : 0,
      model_name: variation.map(([, value]) => value).join(','),
      model_sku: variation.length
        ? `${template.sku}-${variation.map(([, value]) => value.toUpperCase().replace(/[^A-Z0-9]+/g, '')).join('-')}`
        : '',
      model_quantity_purchased: random() < 0.75 ? 1 : between(random, 2, 3),
      model_original_price: amount(original, currency),
      model_discounted_price: amount(Math.min(discounted, original), currency),
      wholesale: false,
      weight: template.grams / 1000,
      add_on_deal: false,
      main_item: false,
      add_on_deal_id: 0,
      promotion_type: discounted < original ? 'product_promotion' : '',
      promotion_id: 0,
      order_item_id: itemId,
      promotion_group_id: 0,
      image_info: { image_url: imageRef(imageId) },
      product_location_id: [`${site.toUpperCase()}Z`],
      is_prescription_item: false,
      is_b2c_owned_item: false,
      minor: Math.min(discounted, original),
    };
  });
  const subtotal = items.reduce((sum, item) => sum + item.minor * item.model_quantity_purchased, 0);
  const shipping = localPrice(3800, currency);
  const createTime = seconds(input.createdAt);
  const grams = items.reduce(
    (sum, item) => sum + Math.round(item.weight * 1000) * item.model_quantity_purchased,
    0,
  );
  const itemList = items.map(({ minor: _minor, ...item }) => item);
  const order: Json = {
    order_sn: input.id,
    region: site.toUpperCase(),
    currency,
    cod: payment === COD,
    total_amount: amount(subtotal + shipping, currency),
    order_status: 'UNPAID',
    shipping_carrier: carrier,
    payment_method: payment,
    estimated_shipping_fee: amount(shipping, currency),
    message_to_seller: pick(random, [
      '',
      '',
      '',
      'Please pack carefully, it is a gift.',
      'Please deliver after 5 pm.',
    ]),
    create_time: createTime,
    update_time: createTime,
    days_to_ship: 2,
    ship_by_date: createTime + 2 * 86_400,
    buyer_user_id: between(random, 100_000_000, 999_999_999),
    buyer_username: pick(random, BUYERS),
    recipient_address: {
      name: recipient.name,
      phone: recipient.phone,
      town: recipient.town,
      district: recipient.district,
      city: recipient.city,
      state: recipient.state,
      region: site.toUpperCase(),
      zipcode: recipient.zipcode,
      full_address: [
        recipient.street,
        recipient.town,
        recipient.district,
        recipient.city,
        recipient.zipcode,
      ].join(', '),
    },
    actual_shipping_fee: amount(shipping, currency),
    actual_shipping_fee_confirmed: false,
    goods_to_declare: false,
    note: '',
    note_update_time: 0,
    item_list: itemList,
    pay_time: 0,
    dropshipper: '',
    dropshipper_phone: '',
    split_up: false,
    buyer_cancel_reason: '',
    cancel_by: '',
    cancel_reason: '',
    fulfillment_flag:
      shop.data.is_cb === true ? 'fulfilled_by_cb_seller' : 'fulfilled_by_local_seller',
    pickup_done_time: 0,
    reverse_shipping_fee: 0,
    order_chargeable_weight_gram: grams,
    booking_sn: '',
    package_list: [
      {
        package_number: `OFG${digits(random, 15)}`,
        logistics_status: 'LOGISTICS_NOT_START',
        shipping_carrier: carrier,
        item_list: itemList.map((item) => ({
          item_id: item.item_id,
          model_id: item.model_id,
          model_quantity: item.model_quantity_purchased,
          order_item_id: item.order_item_id,
          promotion_group_id: 0,
        })),
        parcel_chargeable_weight_gram: grams,
      },
    ],
  };
  return withOrderStatus(order, input.status, input.updatedAt);
}
