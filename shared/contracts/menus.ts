/**
 * Every console page that needs a grant (spec section 2), by its full path under /cmp. The
 * server's permissions, its routes' menus, the console's route guards and the words of the
 * members page are all typed by this one list, so an address cannot be spelled two ways.
 */
export const MENU_URLS = [
  '/cmpDashboard',
  '/pay/recharge',
  '/pay/orderTrading',
  '/payResult',
  '/product/thirdProductList',
  '/product/thirdDetails',
  '/product/collectorList',
  '/product/collectorDetails',
  '/product/lazadaProductDetail',
  '/product/shopeeProductDetail',
  '/product/tiktokProductDetail',
  '/order/serviceProgress',
  '/thirdPartyPlatform/orderManage',
  '/thirdPartyPlatform/returnManage',
  '/thirdPartyPlatform/authorizeList',
  '/thirdPartyPlatform/platformProductManage',
  '/purchaseAndWarehouse/purchaseManage',
  '/purchaseAndWarehouse/purchaseManageDetail',
  '/purchaseAndWarehouse/warehouseManage',
  '/other/historyMoney',
  '/other/addMoney',
  '/other/couponCenter',
  '/service/serviceMarket',
  '/account/accountSetting',
  '/account/accountManage',
  '/account/messageSubscribe',
  '/account/messageCenter',
] as const;

/** A console page that needs a grant. */
export type MenuUrl = (typeof MENU_URLS)[number];

/** Whether a string names a granted page exactly as the catalogue spells it. */
export function isMenuUrl(value: string): value is MenuUrl {
  return (MENU_URLS as readonly string[]).includes(value);
}
