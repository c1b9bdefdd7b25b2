import type { RouterInfo } from './contracts/auth';
import type { MenuUrl } from './contracts/menus';
import type { MenuGrant } from './contracts/sub-accounts';

/**
 * Roles of spec section 6. BUYER is a seller's main account, BUYER_SUB its sub-account;
 * PURCHASER, STOREKEEPER and SERVICE_OPERATOR are operator roles (decisions.md).
 */
export const ROLES = [
  'BUYER',
  'BUYER_SUB',
  'PURCHASER',
  'STOREKEEPER',
  'SERVICE_OPERATOR',
] as const;
type Role = (typeof ROLES)[number];

const SELLER: readonly Role[] = ['BUYER', 'BUYER_SUB'];
const MAIN_ONLY: readonly Role[] = ['BUYER'];
const EVERYONE: readonly Role[] = ROLES;

interface MenuEntry {
  url: MenuUrl;
  roles: readonly Role[];
  buttons: readonly string[];
  /**
   * Buttons of `buttons` that only these roles hold: our operators' steps (decisions.md, never a
   * seller's: no seller account gets them and a main account cannot grant them), and the
   * seller's own steps that an operator never takes.
   */
  operatorOnly?: Readonly<Record<string, readonly Role[]>>;
}

/**
 * Every console route that needs a grant, with the roles that may reach it and the buttons its
 * page offers. The server builds `routerInfoList` from this list; the console matches each url
 * against its route table by segment.
 */
export const MENU_CATALOGUE = [
  { url: '/cmpDashboard', roles: EVERYONE, buttons: [] },
  { url: '/pay/recharge', roles: SELLER, buttons: ['recharge'] },
  { url: '/pay/orderTrading', roles: SELLER, buttons: ['pay'] },
  { url: '/payResult', roles: SELLER, buttons: [] },
  { url: '/product/thirdProductList', roles: SELLER, buttons: ['follow', 'claim'] },
  { url: '/product/thirdDetails', roles: SELLER, buttons: ['claim'] },
  { url: '/product/collectorList', roles: SELLER, buttons: ['claim', 'delete', 'download'] },
  { url: '/product/collectorDetails', roles: SELLER, buttons: ['claim', 'edit'] },
  { url: '/product/lazadaProductDetail', roles: SELLER, buttons: ['save', 'publish'] },
  { url: '/product/shopeeProductDetail', roles: SELLER, buttons: ['save', 'publish'] },
  { url: '/product/tiktokProductDetail', roles: SELLER, buttons: ['save', 'publish'] },
  {
    url: '/order/serviceProgress',
    roles: EVERYONE,
    buttons: ['cancel', 'export', 'operate'],
    operatorOnly: { operate: ['SERVICE_OPERATOR'] },
  },
  {
    url: '/thirdPartyPlatform/orderManage',
    roles: SELLER,
    buttons: ['sync', 'process', 'giftShipment', 'purchaseLink', 'create', 'export'],
  },
  {
    url: '/thirdPartyPlatform/returnManage',
    roles: EVERYONE,
    buttons: ['register', 'sign', 'process', 'cancel'],
    // The warehouse signs for a return (decisions.md): never a seller's button, nor grantable.
    operatorOnly: { sign: ['STOREKEEPER'] },
  },
  {
    url: '/thirdPartyPlatform/authorizeList',
    roles: EVERYONE,
    buttons: ['authorize', 'reauthorize', 'editAlias', 'unbind', 'sync'],
  },
  {
    url: '/thirdPartyPlatform/platformProductManage',
    roles: SELLER,
    buttons: ['sync', 'edit', 'publish', 'delete'],
  },
  {
    url: '/purchaseAndWarehouse/purchaseManage',
    roles: EVERYONE,
    buttons: ['create', 'cancel'],
    // A request is the seller's to make and withdraw; our operators only see it.
    operatorOnly: { create: SELLER, cancel: SELLER },
  },
  {
    url: '/purchaseAndWarehouse/purchaseManageDetail',
    roles: EVERYONE,
    buttons: ['cancel', 'accept', 'audit', 'ship', 'receive', 'abnormal'],
    operatorOnly: {
      cancel: SELLER,
      accept: SELLER,
      audit: ['PURCHASER'],
      ship: ['PURCHASER'],
      receive: ['STOREKEEPER'],
      abnormal: ['PURCHASER', 'STOREKEEPER'],
    },
  },
  {
    url: '/purchaseAndWarehouse/warehouseManage',
    roles: SELLER,
    buttons: ['open', 'upgrade', 'downgrade', 'renew', 'cancelMonthly'],
  },
  { url: '/other/historyMoney', roles: SELLER, buttons: ['export'] },
  { url: '/other/addMoney', roles: SELLER, buttons: ['recharge'] },
  { url: '/other/couponCenter', roles: SELLER, buttons: ['claim'] },
  { url: '/service/serviceMarket', roles: SELLER, buttons: ['buy'] },
  {
    url: '/account/accountSetting',
    roles: EVERYONE,
    buttons: ['edit', 'changePassword', 'bindWechat'],
  },
  {
    url: '/account/accountManage',
    roles: MAIN_ONLY,
    buttons: ['create', 'edit', 'status', 'resetPassword', 'permissions', 'delete'],
  },
  { url: '/account/messageSubscribe', roles: EVERYONE, buttons: ['edit'] },
  { url: '/account/messageCenter', roles: EVERYONE, buttons: ['readAll'] },
] as const satisfies readonly MenuEntry[];

function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/** The page every account lands on; a sub-account always keeps it. */
export const HOME_URL: MenuUrl = '/cmpDashboard';

/** The buttons of a catalogue entry that accounts holding these roles may press. */
function buttonsFor(entry: MenuEntry, held: readonly Role[]): string[] {
  return entry.buttons.filter((button) => {
    const only = entry.operatorOnly?.[button];
    return !only || only.some((role) => held.includes(role));
  });
}

/** Menus a main account can hand to a sub-account, each with every button it offers. */
export function grantableMenus(): MenuGrant[] {
  return (MENU_CATALOGUE as readonly MenuEntry[])
    .filter((entry) => entry.roles.includes('BUYER_SUB'))
    .map((entry) => ({ url: entry.url, buttons: buttonsFor(entry, ['BUYER_SUB']) }));
}

/**
 * The routerInfoList of an account holding these roles. A sub-account's list is narrowed to what
 * its main account granted: the menus it holds, with the buttons held there (the home page always).
 */
export function routerInfoListFor(
  roles: readonly string[],
  grants?: readonly MenuGrant[] | null,
): RouterInfo[] {
  const held = roles.filter(isRole);
  const entries = (MENU_CATALOGUE as readonly MenuEntry[]).filter((entry) =>
    entry.roles.some((role) => held.includes(role)),
  );
  if (!grants) return entries.map((entry) => ({ url: entry.url, button: buttonsFor(entry, held) }));
  const granted = new Map(grants.map((grant) => [grant.url, new Set(grant.buttons)]));
  return entries.flatMap((entry) => {
    const buttons = granted.get(entry.url);
    if (!buttons && entry.url !== HOME_URL) return [];
    return [
      {
        url: entry.url,
        button: buttonsFor(entry, held).filter((button) => buttons?.has(button)),
      },
    ];
  });
}

/**
 * Whether a routerInfoList lets its holder open a menu (urls compare case-insensitively, as the
 * console matches them), and press a button there when one is named.
 */
export function allows(routes: readonly RouterInfo[], url: string, button?: string): boolean {
  const wanted = url.toLowerCase();
  const entry = routes.find((route) => route.url.toLowerCase() === wanted);
  if (!entry) return false;
  return button === undefined || (entry.button ?? []).includes(button);
}
