import type { Currency } from '@shared/contracts/money';

/**
 * The fixed reference data of the Shopee sandbox: a small category tree, each leaf's attributes,
 * and each site's logistics channels, in the shapes of get_category, get_attribute_tree and
 * get_channel_list.
 */

/** The listing currency of the Shopee sites the sandbox can hold shops on. */
export const SITE_CURRENCIES: Record<string, Currency> = {
  th: 'THB',
  my: 'MYR',
  sg: 'SGD',
  vn: 'VND',
  id: 'IDR',
  ph: 'PHP',
};

type Names = { en: string; th: string; 'zh-Hans': string };

interface Category {
  id: number;
  parent: number;
  names: Names;
  /** Which attribute set a leaf uses. */
  attributes?: AttributeSet;
}

type AttributeSet = 'clothing' | 'home' | 'gadgets' | 'beauty';

const CATEGORIES: readonly Category[] = [
  { id: 100001, parent: 0, names: { en: 'Women Clothes', th: 'เสื้อผ้าผู้หญิง', 'zh-Hans': '女装' } },
  { id: 100017, parent: 100001, names: { en: 'Tops', th: 'เสื้อ', 'zh-Hans': '上衣' } },
  {
    id: 100419,
    parent: 100017,
    names: { en: 'T-shirts', th: 'เสื้อยืด', 'zh-Hans': 'T恤' },
    attributes: 'clothing',
  },
  {
    id: 100420,
    parent: 100017,
    names: { en: 'Blouses', th: 'เสื้อเบลาส์', 'zh-Hans': '衬衫' },
    attributes: 'clothing',
  },
  {
    id: 100018,
    parent: 100001,
    names: { en: 'Dresses', th: 'เดรส', 'zh-Hans': '连衣裙' },
    attributes: 'clothing',
  },
  { id: 100013, parent: 0, names: { en: 'Home & Living', th: 'บ้านและสวน', 'zh-Hans': '居家生活' } },
  {
    id: 100636,
    parent: 100013,
    names: { en: 'Kitchenware', th: 'เครื่องครัว', 'zh-Hans': '厨房用品' },
    attributes: 'home',
  },
  {
    id: 100637,
    parent: 100013,
    names: { en: 'Bedding', th: 'เครื่องนอน', 'zh-Hans': '床上用品' },
    attributes: 'home',
  },
  {
    id: 100010,
    parent: 0,
    names: { en: 'Mobile & Gadgets', th: 'มือถือและอุปกรณ์เสริม', 'zh-Hans': '手机与配件' },
  },
  {
    id: 100072,
    parent: 100010,
    names: { en: 'Phone Cases', th: 'เคสโทรศัพท์', 'zh-Hans': '手机壳' },
    attributes: 'gadgets',
  },
  {
    id: 100073,
    parent: 100010,
    names: { en: 'Cables & Chargers', th: 'สายชาร์จและที่ชาร์จ', 'zh-Hans': '数据线与充电器' },
    attributes: 'gadgets',
  },
  { id: 100630, parent: 0, names: { en: 'Beauty', th: 'ความงาม', 'zh-Hans': '美妆' } },
  {
    id: 100664,
    parent: 100630,
    names: { en: 'Skincare', th: 'ผลิตภัณฑ์ดูแลผิว', 'zh-Hans': '护肤品' },
    attributes: 'beauty',
  },
];

export const categoryById = (id: number) => CATEGORIES.find((category) => category.id === id);
export const isLeaf = (id: number) => !CATEGORIES.some((category) => category.parent === id);

const LANGUAGES = ['en', 'th', 'zh-Hans'] as const;
const nameIn = (names: Names, language: string) =>
  (LANGUAGES as readonly string[]).includes(language) ? names[language as keyof Names] : names.en;

export function categoryList(language: string) {
  return CATEGORIES.map((category) => ({
    category_id: category.id,
    parent_category_id: category.parent,
    original_category_name: category.names.en,
    display_category_name: nameIn(category.names, language),
    has_children: !isLeaf(category.id),
  }));
}

/** get_attribute_tree's input_type: 1 single drop-down, 2 single combo box, 3 free text, 4/5 multiple. */
interface Attribute {
  id: number;
  name: string;
  mandatory: boolean;
  inputType: 1 | 2 | 3 | 4 | 5;
  /** 0 none, 1 int, 2 string, 3 float. */
  validation: 0 | 1 | 2 | 3;
  units?: string[];
  values: Array<[number, string]>;
}

const ORIGIN: Attribute = {
  id: 100999,
  name: 'Country of Origin',
  mandatory: true,
  inputType: 1,
  validation: 0,
  values: [
    [1001, 'China'],
    [1002, 'Thailand'],
    [1003, 'Malaysia'],
    [1004, 'Vietnam'],
    [1005, 'Singapore'],
  ],
};

const ATTRIBUTE_SETS: Record<AttributeSet, Attribute[]> = {
  clothing: [
    {
      id: 100134,
      name: 'Material',
      mandatory: true,
      inputType: 1,
      validation: 0,
      values: [
        [2001, 'Cotton'],
        [2002, 'Polyester'],
        [2003, 'Linen'],
        [2004, 'Silk'],
      ],
    },
    {
      id: 100037,
      name: 'Pattern',
      mandatory: false,
      inputType: 2,
      validation: 2,
      values: [
        [2101, 'Plain'],
        [2102, 'Striped'],
        [2103, 'Floral'],
        [2104, 'Graphic'],
      ],
    },
    {
      id: 100157,
      name: 'Sleeve Length',
      mandatory: false,
      inputType: 1,
      validation: 0,
      values: [
        [2201, 'Short Sleeve'],
        [2202, 'Long Sleeve'],
        [2203, 'Sleeveless'],
      ],
    },
    ORIGIN,
  ],
  home: [
    {
      id: 100211,
      name: 'Material',
      mandatory: true,
      inputType: 2,
      validation: 2,
      values: [
        [3001, 'Stainless Steel'],
        [3002, 'Ceramic'],
        [3003, 'Plastic'],
        [3004, 'Cotton'],
      ],
    },
    {
      id: 100212,
      name: 'Quantity',
      mandatory: false,
      inputType: 3,
      validation: 1,
      values: [],
    },
    ORIGIN,
  ],
  gadgets: [
    {
      id: 100301,
      name: 'Compatible Phone Model',
      mandatory: false,
      inputType: 5,
      validation: 2,
      values: [
        [4001, 'iPhone 15'],
        [4002, 'iPhone 16'],
        [4003, 'Samsung Galaxy S24'],
        [4004, 'Xiaomi 14'],
      ],
    },
    {
      id: 100302,
      name: 'Cable Length',
      mandatory: false,
      inputType: 3,
      validation: 3,
      units: ['m', 'cm'],
      values: [],
    },
    {
      id: 100303,
      name: 'Warranty Type',
      mandatory: true,
      inputType: 1,
      validation: 0,
      values: [
        [4101, 'No Warranty'],
        [4102, 'Supplier Warranty'],
        [4103, 'Manufacturer Warranty'],
      ],
    },
    ORIGIN,
  ],
  beauty: [
    {
      id: 100401,
      name: 'Skin Type',
      mandatory: true,
      inputType: 4,
      validation: 0,
      values: [
        [5001, 'All Skin Types'],
        [5002, 'Dry'],
        [5003, 'Oily'],
        [5004, 'Sensitive'],
      ],
    },
    {
      id: 100402,
      name: 'Volume',
      mandatory: false,
      inputType: 3,
      validation: 3,
      units: ['ml', 'L'],
      values: [],
    },
    ORIGIN,
  ],
};

export function attributesOf(categoryId: number): Attribute[] {
  const set = categoryById(categoryId)?.attributes;
  return set ? ATTRIBUTE_SETS[set] : [];
}

export function attributeTree(categoryId: number) {
  return attributesOf(categoryId).map((attribute) => ({
    attribute_id: attribute.id,
    mandatory: attribute.mandatory,
    name: attribute.name,
    attribute_value_list: attribute.values.map(([id, name]) => ({
      value_id: id,
      name,
      value_unit: '',
      multi_lang: [],
    })),
    attribute_info: {
      input_type: attribute.inputType,
      input_validation_type: attribute.validation,
      format_type: attribute.units ? 2 : 1,
      date_format_type: 0,
      attribute_unit_list: attribute.units ?? [],
      max_value_count: attribute.inputType >= 4 ? 5 : 1,
      introduction: '',
      is_oem: false,
      support_search_value: false,
    },
    multi_lang: [],
  }));
}

interface Channel {
  id: number;
  name: string;
  cod: boolean;
  feeType: 'SIZE_INPUT' | 'FIXED_DEFAULT_PRICE' | 'CUSTOM_PRICE';
  maxKg: number;
}

const CHANNELS: Record<string, Channel[]> = {
  th: [
    { id: 70015, name: 'Kerry Express', cod: true, feeType: 'SIZE_INPUT', maxKg: 20 },
    { id: 70016, name: 'Flash Express', cod: true, feeType: 'SIZE_INPUT', maxKg: 50 },
    { id: 70021, name: 'J&T Express', cod: true, feeType: 'SIZE_INPUT', maxKg: 50 },
    { id: 70025, name: 'Shopee Xpress', cod: true, feeType: 'FIXED_DEFAULT_PRICE', maxKg: 30 },
  ],
  my: [
    { id: 20011, name: 'J&T Express (West Malaysia)', cod: true, feeType: 'SIZE_INPUT', maxKg: 30 },
    { id: 20012, name: 'Ninja Van (West Malaysia)', cod: false, feeType: 'SIZE_INPUT', maxKg: 30 },
    { id: 20015, name: 'SPX Express', cod: true, feeType: 'FIXED_DEFAULT_PRICE', maxKg: 30 },
  ],
  sg: [
    { id: 18025, name: 'Standard Delivery', cod: false, feeType: 'FIXED_DEFAULT_PRICE', maxKg: 30 },
    { id: 18028, name: 'Shopee Xpress', cod: false, feeType: 'FIXED_DEFAULT_PRICE', maxKg: 30 },
    { id: 18036, name: 'Ninja Van', cod: false, feeType: 'SIZE_INPUT', maxKg: 30 },
  ],
  vn: [
    { id: 50018, name: 'SPX Express', cod: true, feeType: 'FIXED_DEFAULT_PRICE', maxKg: 30 },
    { id: 50021, name: 'Giao Hang Nhanh', cod: true, feeType: 'SIZE_INPUT', maxKg: 30 },
  ],
  id: [
    { id: 80014, name: 'SPX Standard', cod: true, feeType: 'FIXED_DEFAULT_PRICE', maxKg: 30 },
    { id: 80016, name: 'J&T Express', cod: true, feeType: 'SIZE_INPUT', maxKg: 50 },
  ],
  ph: [
    { id: 40013, name: 'SPX Express', cod: true, feeType: 'FIXED_DEFAULT_PRICE', maxKg: 30 },
    { id: 40016, name: 'J&T Express', cod: true, feeType: 'SIZE_INPUT', maxKg: 50 },
  ],
};

export const channelsOf = (site: string): Channel[] => CHANNELS[site] ?? [];

export function channelList(site: string) {
  return channelsOf(site).map((channel) => ({
    logistics_channel_id: channel.id,
    logistics_channel_name: channel.name,
    cod_enabled: channel.cod,
    enabled: true,
    fee_type: channel.feeType,
    size_list: [],
    weight_limit: { item_max_weight: channel.maxKg, item_min_weight: 0.01 },
    item_max_dimension: { height: 100, width: 100, length: 100, unit: 'cm', dimension_sum: 0 },
    volume_limit: { item_max_volume: 0, item_min_volume: 0 },
    logistics_description: '',
    force_enable: false,
    mask_channel_id: 0,
    preferred: false,
    logistics_capability: { seller_logistics: false },
  }));
}
