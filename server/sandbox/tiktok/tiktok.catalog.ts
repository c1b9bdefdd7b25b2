import { createHash } from 'node:crypto';

/**
 * The fixed reference data the TikTok Shop stand-in answers with: a small category tree with its
 * attributes (Get Categories, Get Attributes), and each shop's warehouses and their delivery
 * options (Get Warehouse List, Get Warehouse Delivery Options), in TikTok's own shapes.
 */

/** A stable numeric id (TikTok ids are long digit strings) derived from a seed. */
export function numericId(seed: string, length = 19, prefix = '17'): string {
  const digits = BigInt(`0x${createHash('sha256').update(seed).digest('hex')}`).toString();
  return (prefix + digits).slice(0, length);
}

export interface TiktokCategory {
  id: string;
  parent_id: string;
  local_name: string;
  is_leaf: boolean;
}

const CATEGORY_TREE: readonly TiktokCategory[] = [
  { id: '601152', parent_id: '0', local_name: 'Womenswear & Underwear', is_leaf: false },
  { id: '601190', parent_id: '601152', local_name: "Women's Tops", is_leaf: false },
  { id: '601226', parent_id: '601190', local_name: 'T-shirts', is_leaf: true },
  { id: '601265', parent_id: '601190', local_name: 'Blouses & Shirts', is_leaf: true },
  { id: '601450', parent_id: '0', local_name: 'Phones & Electronics', is_leaf: false },
  { id: '601739', parent_id: '601450', local_name: 'Phone Accessories', is_leaf: false },
  { id: '601741', parent_id: '601739', local_name: 'Phone Cases', is_leaf: true },
  { id: '601752', parent_id: '601739', local_name: 'Chargers & Cables', is_leaf: true },
  { id: '600001', parent_id: '0', local_name: 'Home Supplies', is_leaf: false },
  { id: '600024', parent_id: '600001', local_name: 'Home Organizers', is_leaf: false },
  { id: '600942', parent_id: '600024', local_name: 'Storage Boxes', is_leaf: true },
  { id: '601352', parent_id: '0', local_name: 'Beauty & Personal Care', is_leaf: false },
  { id: '601353', parent_id: '601352', local_name: 'Makeup', is_leaf: false },
  { id: '601383', parent_id: '601353', local_name: 'Lipstick', is_leaf: true },
];

export function tiktokCategories(): Array<TiktokCategory & { permission_statuses: string[] }> {
  return CATEGORY_TREE.map((category) => ({ ...category, permission_statuses: ['AVAILABLE'] }));
}

/** Root to leaf for a leaf category; null for an unknown or non-leaf one. */
export function categoryChain(categoryId: string): TiktokCategory[] | null {
  const leaf = CATEGORY_TREE.find((category) => category.id === categoryId);
  if (!leaf?.is_leaf) return null;
  const chain: TiktokCategory[] = [];
  for (let at: TiktokCategory | undefined = leaf; at; ) {
    chain.unshift(at);
    const parentId: string = at.parent_id;
    at = CATEGORY_TREE.find((category) => category.id === parentId);
  }
  return chain;
}

export interface TiktokAttribute {
  id: string;
  name: string;
  type: 'SALES_PROPERTY' | 'PRODUCT_PROPERTY';
  /** Spelled as TikTok's Get Attributes response spells it. */
  is_requried: boolean;
  is_multiple_selection: boolean;
  is_customizable: boolean;
  value_data_format?: string;
  values: Array<{ id: string; name: string }>;
}

const values = (first: number, names: string[]) =>
  names.map((name, index) => ({ id: String(first + index), name }));

const sales = (id: string, name: string, first: number, names: string[]): TiktokAttribute => ({
  id,
  name,
  type: 'SALES_PROPERTY',
  is_requried: false,
  is_multiple_selection: false,
  is_customizable: true,
  values: values(first, names),
});

const property = (
  id: string,
  name: string,
  options: { required?: boolean; multiple?: boolean; values?: Array<{ id: string; name: string }> },
): TiktokAttribute => ({
  id,
  name,
  type: 'PRODUCT_PROPERTY',
  is_requried: options.required ?? false,
  is_multiple_selection: options.multiple ?? false,
  is_customizable: !options.values?.length,
  ...(options.values?.length ? {} : { value_data_format: 'POSITIVE_INT_OR_DECIMAL' }),
  values: options.values ?? [],
});

export const COLOR = sales('100000', 'Color', 1000001, [
  'Black',
  'White',
  'Grey',
  'Beige',
  'Red',
  'Nude',
  'Coral',
  'Clear',
]);
export const SIZE = sales('100007', 'Size', 1000101, ['S', 'M', 'L', 'XL']);
const MATERIAL = property('100198', 'Material', {
  required: true,
  multiple: true,
  values: values(1000201, ['Cotton', 'Polyester', 'Linen', 'Silicone', 'TPU', 'Fabric']),
});
const PATTERN = property('100205', 'Pattern', {
  values: values(1000301, ['Solid', 'Striped', 'Printed']),
});
const SEASON = property('100392', 'Season', {
  multiple: true,
  values: values(1000401, ['Spring', 'Summer', 'Autumn', 'Winter']),
});
const PHONE_MODELS = property('100701', 'Compatible Phone Models', {
  required: true,
  multiple: true,
  values: values(1000501, ['iPhone 15', 'iPhone 15 Pro', 'Galaxy S24', 'Redmi Note 13']),
});
const OUTPUT_POWER = property('100950', 'Output Power (W)', { required: true });
const WARRANTY = property('100345', 'Warranty Type', {
  values: values(1000601, ['No Warranty', 'Local Manufacturer Warranty', 'Seller Warranty']),
});
const CAPACITY = property('101002', 'Capacity (L)', {});
const FINISH = property('101203', 'Finish', {
  required: true,
  values: values(1000701, ['Matte', 'Glossy', 'Satin']),
});
const VOLUME = property('101210', 'Net Weight (g)', {});

const ATTRIBUTES: Record<string, TiktokAttribute[]> = {
  '601226': [MATERIAL, PATTERN, SEASON, COLOR, SIZE],
  '601265': [MATERIAL, PATTERN, SEASON, COLOR, SIZE],
  '601741': [MATERIAL, PHONE_MODELS, COLOR],
  '601752': [OUTPUT_POWER, WARRANTY, COLOR],
  '600942': [MATERIAL, CAPACITY, COLOR],
  '601383': [FINISH, VOLUME, COLOR],
};

/** The attributes of a leaf category; null for an unknown or non-leaf one. */
export function categoryAttributes(categoryId: string): TiktokAttribute[] | null {
  return ATTRIBUTES[categoryId] ?? null;
}

/** A known attribute by id, in whichever category. */
export function attributeById(id: string): TiktokAttribute | null {
  for (const list of Object.values(ATTRIBUTES)) {
    const found = list.find((attribute) => attribute.id === id);
    if (found) return found;
  }
  return null;
}

interface WarehouseAddress {
  region: string;
  region_code: string;
  state: string;
  city: string;
  district: string;
  postal_code: string;
  full_address: string;
  contact_person: string;
  phone_number: string;
}

const WAREHOUSE_ADDRESSES: Record<string, WarehouseAddress> = {
  th: {
    region: 'Thailand',
    region_code: 'TH',
    state: 'Bangkok',
    city: 'Bangkok',
    district: 'Bang Na',
    postal_code: '10260',
    full_address: '88/8 Bangna-Trad Road, Bang Na, Bangkok 10260',
    contact_person: 'Warehouse TH',
    phone_number: '(+66)2*****80',
  },
  my: {
    region: 'Malaysia',
    region_code: 'MY',
    state: 'Selangor',
    city: 'Shah Alam',
    district: 'Seksyen 15',
    postal_code: '40200',
    full_address: 'Lot 12, Jalan Utas 15/7, Seksyen 15, 40200 Shah Alam, Selangor',
    contact_person: 'Warehouse MY',
    phone_number: '(+60)3*****15',
  },
  sg: {
    region: 'Singapore',
    region_code: 'SG',
    state: 'Singapore',
    city: 'Singapore',
    district: 'Tuas',
    postal_code: '638368',
    full_address: '21 Tuas South Avenue 1, Singapore 638368',
    contact_person: 'Warehouse SG',
    phone_number: '(+65)6*****21',
  },
  vn: {
    region: 'Vietnam',
    region_code: 'VN',
    state: 'Ho Chi Minh City',
    city: 'Thu Duc',
    district: 'Linh Trung',
    postal_code: '700000',
    full_address: 'Lo C, KCX Linh Trung, Thu Duc, Ho Chi Minh City',
    contact_person: 'Warehouse VN',
    phone_number: '(+84)28*****12',
  },
  id: {
    region: 'Indonesia',
    region_code: 'ID',
    state: 'Jawa Barat',
    city: 'Bekasi',
    district: 'Cikarang',
    postal_code: '17530',
    full_address: 'Jl. Industri Selatan 5 Blok GG, Cikarang, Bekasi 17530',
    contact_person: 'Warehouse ID',
    phone_number: '(+62)21*****45',
  },
  ph: {
    region: 'Philippines',
    region_code: 'PH',
    state: 'Metro Manila',
    city: 'Pasig',
    district: 'Ugong',
    postal_code: '1604',
    full_address: '45 E. Rodriguez Jr. Ave, Ugong, Pasig, Metro Manila 1604',
    contact_person: 'Warehouse PH',
    phone_number: '(+63)2*****77',
  },
  gb: {
    region: 'United Kingdom',
    region_code: 'GB',
    state: 'England',
    city: 'Milton Keynes',
    district: 'Magna Park',
    postal_code: 'MK17 8EW',
    full_address: 'Unit 4, Magna Park, Milton Keynes MK17 8EW',
    contact_person: 'Warehouse GB',
    phone_number: '(+44)1908*****0',
  },
  cn: {
    region: 'China',
    region_code: 'CN',
    state: 'Guangdong',
    city: 'Shenzhen',
    district: 'Longhua',
    postal_code: '518109',
    full_address: '3F, Building B, Longhua Logistics Park, Longhua, Shenzhen, Guangdong 518109',
    contact_person: 'Warehouse CN',
    phone_number: '(+86)755*****66',
  },
};

/** The default sales warehouse of a shop (inventory of its SKUs lives there). */
export const salesWarehouseId = (shopId: string) => `73${shopId}01`;
const returnWarehouseId = (shopId: string) => `73${shopId}02`;

/**
 * A shop's warehouses: its default sales warehouse (in China for a cross-border seller, in the
 * market otherwise) and its return warehouse in the market.
 */
export function warehousesOf(
  shop: { shopId: string; site: string; name: string },
  crossBorder: boolean,
) {
  const market = WAREHOUSE_ADDRESSES[shop.site] ?? WAREHOUSE_ADDRESSES.th;
  const origin = crossBorder ? WAREHOUSE_ADDRESSES.cn : market;
  return [
    {
      id: salesWarehouseId(shop.shopId),
      name: crossBorder ? 'Shenzhen Direct Shipping Warehouse' : `${shop.name} Warehouse`,
      effect_status: 'ENABLED',
      type: 'SALES_WAREHOUSE',
      sub_type: crossBorder ? 'CB_DIRECT_SHIPPING_WAREHOUSE' : 'DOMESTIC_WAREHOUSE',
      is_default: true,
      address: origin,
    },
    {
      id: returnWarehouseId(shop.shopId),
      name: `${shop.name} Returns`,
      effect_status: 'ENABLED',
      type: 'RETURN_WAREHOUSE',
      sub_type: 'DOMESTIC_WAREHOUSE',
      is_default: true,
      address: market,
    },
  ];
}

/** The delivery options of one of a shop's warehouses; null when the warehouse is not the shop's. */
export function deliveryOptionsOf(shopId: string, warehouseId: string) {
  if (warehouseId === returnWarehouseId(shopId)) return [];
  if (warehouseId !== salesWarehouseId(shopId)) return null;
  const option = (
    key: string,
    name: string,
    type: string,
    description: string,
    maxWeight: number,
  ) => ({
    id: numericId(`${warehouseId}:${key}`, 19, '69'),
    name,
    type,
    description,
    dimension_limit: { max_height: 100, max_length: 100, max_width: 100, unit: 'CM' },
    weight_limit: { max_weight: maxWeight, min_weight: 1, unit: 'GRAM' },
    platform: ['TIKTOK_SHOP'],
  });
  return [
    option('standard', 'Standard Delivery', 'STANDARD', 'Delivered in 2-5 days', 30000),
    option('express', 'Express Delivery', 'EXPRESS', 'Delivered in 1-2 days', 20000),
    option('economy', 'Economy Delivery', 'ECONOMY', 'Delivered in 5-9 days', 30000),
  ];
}
