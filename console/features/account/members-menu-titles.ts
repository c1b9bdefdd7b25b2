import type { TFunction } from 'i18next';
import type members from '../../../locales/en/members.json';

type MenuKey = keyof (typeof members)['menus'];
type GroupKey = keyof (typeof members)['groups'];
type ButtonKey = keyof (typeof members)['buttons'];

/**
 * The words of every menu a main account can grant: its title (`members:menus.*`) and the group
 * it is listed under (`members:groups.*`). tsc checks the keys against the English file; the
 * members test checks every grantable url is here, so a new menu cannot go unworded.
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
  '/other/addMoney': { title: 'topUps', group: 'finance' },
  '/other/couponCenter': { title: 'coupons', group: 'finance' },
  '/service/serviceMarket': { title: 'serviceMarket', group: 'services' },
  '/account/accountSetting': { title: 'accountSettings', group: 'account' },
  '/account/messageSubscribe': { title: 'messageSubscriptions', group: 'account' },
  '/account/messageCenter': { title: 'messageCenter', group: 'account' },
} as const satisfies Record<string, { title: MenuKey; group: GroupKey }>;

type MembersT = TFunction<['members', 'common']>;

function labelsOf(url: string): { title: MenuKey; group: GroupKey } | undefined {
  return Object.hasOwn(MENU_LABELS, url) ? MENU_LABELS[url as keyof typeof MENU_LABELS] : undefined;
}

/** A menu's translated title; the url itself if a new menu has no words yet. */
export function menuTitle(t: MembersT, url: string): string {
  const labels = labelsOf(url);
  return labels ? t(`members:menus.${labels.title}`) : url;
}

/** The group a menu is listed under; menus without words go under "account" last. */
export function menuGroup(url: string): GroupKey {
  return labelsOf(url)?.group ?? 'account';
}

/** A button's translated label (`members:buttons.*`); its name if it has no words yet. */
export function buttonLabel(t: MembersT, button: string): string {
  return t(`members:buttons.${button as ButtonKey}`, { defaultValue: button });
}
