import { MENU_URLS } from '@shared/contracts/menus';
import { MENU_CATALOGUE, ROLES, routerInfoListFor } from '@shared/permissions';
import { describe, expect, it } from 'vitest';

describe('routerInfoListFor', () => {
  it('grants a main account every seller entry, each with its button list', () => {
    const list = routerInfoListFor(['BUYER']);
    expect(list.map((e) => e.url)).toEqual(
      MENU_CATALOGUE.filter((e) => e.roles.includes('BUYER')).map((e) => e.url),
    );
    expect(list.find((e) => e.url === '/thirdPartyPlatform/orderManage')?.button).toContain('sync');
  });

  it('keeps account management from a sub-account', () => {
    const urls = routerInfoListFor(['BUYER_SUB']).map((e) => e.url);
    expect(urls).toContain('/cmpDashboard');
    expect(urls).not.toContain('/account/accountManage');
  });

  it('ignores unknown roles and grants nothing without a role', () => {
    expect(routerInfoListFor([])).toEqual([]);
    expect(routerInfoListFor(['ADMIN', ''])).toEqual([]);
  });

  it('lets only the four roles of spec section 6 reach the shop authorization list', () => {
    const entry = MENU_CATALOGUE.find((e) => e.url === '/thirdPartyPlatform/authorizeList');
    expect([...(entry?.roles ?? [])].sort()).toEqual([...ROLES].sort());
  });

  it('lists every url once, each a slash path', () => {
    const urls = MENU_CATALOGUE.map((e) => e.url);
    expect(new Set(urls).size).toBe(urls.length);
    for (const url of urls) expect(url).toMatch(/^\/[A-Za-z]+(\/[A-Za-z]+)*$/);
  });

  it('holds exactly the menu addresses of the contract, in their order', () => {
    expect(MENU_CATALOGUE.map((e) => e.url)).toEqual([...MENU_URLS]);
  });
});
