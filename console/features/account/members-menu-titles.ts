import { isMenuUrl, type MenuUrl } from '@shared/contracts/menus';
import type { TFunction } from 'i18next';
import type members from '../../../locales/en/members.json';

type MenuKey = keyof (typeof members)['menus'];
type GroupKey = keyof (typeof members)['groups'];
type ButtonKey = keyof (typeof members)['buttons'];

/**
 * The words of every menu: its title (`members:menus.*`) and the group it is listed under
 * (`members:groups.*`). Keyed by every MenuUrl, so tsc fails when a menu has no words (or words
 * for a menu that is gone), and checks the keys against the English file; the members test checks
 * every language has them.
 */
export const MENU_LABELS = {
  '/cmpDashboard': { title: 'dashboard', group: 'home' },
  '/pay/recharge': { title: 'recharge', group: 'payments' },
  '/pay/orderTrading': { title: 'orderPayment', group: 'payments' },
  '/payResult': { title: 'paymentResult', group: 'payments' },
  '/product/thirdProductList': { title: 'sourceProducts', group: 'products' },
  '/product/thirdDetails': { title: 'sourceProductDetails', group: 'products' },
  '/product/collectorList': { title: 'collectedProducts', group: 'products' },
  '/product/collectorDetails': { title: 'collectedProductDetails', group: 'products' },
  '/product/lazadaProductDetail': { title: 'lazadaEditor', group: 'products' },
  '/product/shopeeProductDetail': { title: 'shopeeEditor', group: 'products' },
  '/product/tiktokProductDetail': { title: 'tiktokEditor', group: 'products' },
  '/order/serviceProgress': { title: 'serviceProgress', group: 'orders' },
  '/thirdPartyPlatform/orderManage': { title: 'orders', group: 'orders' },
  '/thirdPartyPlatform/returnManage': { title: 'returns', group: 'orders' },
  '/thirdPartyPlatform/authorizeList': { title: 'shopAuthorization', group: 'orders' },
  '/thirdPartyPlatform/platformProductManage': { title: 'platformProducts', group: 'orders' },
  '/purchaseAndWarehouse/purchaseManage': { title: 'purchaseOrders', group: 'purchasing' },
  '/purchaseAndWarehouse/purchaseManageDetail': {
    title: 'purchaseOrderDetails',
    group: 'purchasing',
  },
  '/purchaseAndWarehouse/warehouseManage': { title: 'warehouse', group: 'purchasing' },
  '/other/historyMoney': { title: 'transactions', group: 'finance' },
  '/other/addMoney': { title: 'addMoney', group: 'finance' },
  '/other/couponCenter': { title: 'coupons', group: 'finance' },
  '/service/serviceMarket': { title: 'serviceMarket', group: 'services' },
  '/account/accountSetting': { title: 'accountSettings', group: 'account' },
  '/account/accountManage': { title: 'userManagement', group: 'account' },
  '/account/messageSubscribe': { title: 'messageSubscriptions', group: 'account' },
  '/account/messageCenter': { title: 'messageCenter', group: 'account' },
} as const satisfies Record<MenuUrl, { title: MenuKey; group: GroupKey }>;

type MembersT = TFunction<['members', 'common']>;

/** The words of a granted url; none for a url the catalogue does not know (an old grant). */
function labelsOf(url: string): { title: MenuKey; group: GroupKey } | undefined {
  return isMenuUrl(url) ? MENU_LABELS[url] : undefined;
}

/** A menu's translated title; the url itself for a url the catalogue does not know. */
export function menuTitle(t: MembersT, url: string): string {
  const labels = labelsOf(url);
  return labels ? t(`members:menus.${labels.title}`) : url;
}

/** The group a menu is listed under; urls the catalogue does not know go under "account". */
export function menuGroup(url: string): GroupKey {
  return labelsOf(url)?.group ?? 'account';
}

/** A button's translated label (`members:buttons.*`); its name if it has no words yet. */
export function buttonLabel(t: MembersT, button: string): string {
  return t(`members:buttons.${button as ButtonKey}`, { defaultValue: button });
}
