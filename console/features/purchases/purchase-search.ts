import {
  PURCHASE_TAB_KEYS,
  PURCHASE_TYPE_NUMBERS,
  PURCHASE_TYPES,
  type PurchaseTab,
  type PurchaseType,
} from '@shared/contracts/purchases';
import { WAREHOUSE_SITES, type WarehouseSite } from '@shared/contracts/warehouses';

export interface PurchaseListSearch {
  tab?: PurchaseTab;
  keyword?: string;
  type?: PurchaseType;
  warehouseId?: string;
  shopId?: string;
}

/** An id the address carries: kept as given when it has an id's shape, else dropped. */
const idOf = (value: unknown) =>
  typeof value === 'string' && /^[0-9a-f-]{1,64}$/i.test(value.trim()) ? value.trim() : '';

/** The list's tab and filters, as the address carries them. */
export function validatePurchaseListSearch(search: Record<string, unknown>): PurchaseListSearch {
  const tab = PURCHASE_TAB_KEYS.find((key) => key === search.tab);
  const type = PURCHASE_TYPES.find((key) => key === search.type);
  const keyword = typeof search.keyword === 'string' ? search.keyword.trim().slice(0, 100) : '';
  const warehouseId = idOf(search.warehouseId);
  const shopId = idOf(search.shopId);
  return {
    ...(tab ? { tab } : {}),
    ...(type ? { type } : {}),
    ...(keyword ? { keyword } : {}),
    ...(warehouseId ? { warehouseId } : {}),
    ...(shopId ? { shopId } : {}),
  };
}

export interface PurchaseDetailSearch {
  purchaseNo?: string;
  /** 1: crossSale, 2: crossStoreSupplement (spec section 2: converted to a number). */
  type?: 1 | 2;
  serviceNo?: string;
}

/** `purchaseNo` opens a request (a type-2 message); without it the page creates one of `type`. */
export function validatePurchaseDetailSearch(
  search: Record<string, unknown>,
): PurchaseDetailSearch {
  const purchaseNo =
    typeof search.purchaseNo === 'string' || typeof search.purchaseNo === 'number'
      ? String(search.purchaseNo).trim()
      : '';
  const type = Number(search.type);
  const serviceNo = typeof search.serviceNo === 'string' ? search.serviceNo.trim() : '';
  return {
    ...(purchaseNo ? { purchaseNo } : {}),
    ...(type === 1 || type === 2 ? { type } : {}),
    ...(serviceNo ? { serviceNo: serviceNo.slice(0, 40) } : {}),
  };
}

/** The purchase type a detail address names; daily procurement by default. */
export function purchaseTypeOf(search: PurchaseDetailSearch): PurchaseType {
  return search.type ? PURCHASE_TYPE_NUMBERS[search.type] : 'crossStoreSupplement';
}

export interface WarehouseSearch {
  site?: WarehouseSite;
}

export function validateWarehouseSearch(search: Record<string, unknown>): WarehouseSearch {
  const site = WAREHOUSE_SITES.find((key) => key === search.site);
  return site ? { site } : {};
}
