import type { Session } from '@shared/contracts/session';
import type { UserInfo } from '@shared/contracts/users';

/** A main-account userInfo as the server sends it, for tests that need a session without a server. */
export const demoUser: UserInfo = {
  id: 'u1',
  username: 'demo@example.com',
  email: 'demo@example.com',
  phone: null,
  name: 'Demo',
  role: 'BUYER',
  isMain: true,
  subUserName: null,
  headImgUrl: '',
  isAll: false,
  isWarehouse: false,
  site: 'th',
  currency: 'THB',
  currencySymbol: '฿',
  balance: 0,
  freezeBalance: 0,
  firstShowAnn: false,
  showGuideFlag: false,
  showDashboardGuideFlag: false,
  skuList: [],
};

export function demoSession(token = 't1'): Session {
  return { token, routes: [{ url: '/cmpDashboard', button: [] }], user: demoUser, onboarded: true };
}
