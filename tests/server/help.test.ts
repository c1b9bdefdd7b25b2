import { createAccount } from '@server/modules/accounts/accounts.service';
import { saveHelpArticle } from '@server/modules/help/help.service';
import { seedHelp } from '@server/seed/help';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, makeSeller, makeSubAccount } from '../support/accounts';
import { createTestApp, type TestApp } from '../support/app';
import { readLocale } from '../support/locales';

let t: TestApp;
let seller: Awaited<ReturnType<typeof makeSeller>>;
beforeAll(async () => {
  t = await createTestApp();
  await seedHelp(t);
  seller = await makeSeller(t, 'help-seller@example.com', []);
});
afterAll(() => t.close());

const routeTitle = (language: 'zh' | 'th' | 'en', key: string) =>
  readLocale(language, 'common').routes[key] as string;

async function makeOperator(email: string) {
  const password = 'Operator-pass1';
  await createAccount(t, null, {
    email,
    password,
    name: 'Operator',
    role: 'PURCHASER',
    site: 'th',
  });
  return login(t, email, password);
}

describe('GET /user-center/helpcenter/list/size', () => {
  it('pages the articles of the request language in their order', async () => {
    const first = await t.call('GET', '/user-center/helpcenter/list/size?page=1&limit=10', {
      token: seller.token,
      language: 'zh',
    });
    expect(first.body.resp_code, first.text).toBe(0);
    expect(first.body.datas.total).toBeGreaterThanOrEqual(8);
    expect(first.body.datas.records).toHaveLength(Math.min(10, first.body.datas.total));
    expect(first.body.datas.records[0].title).toBe('如何授权 Lazada、Shopee 和 TikTok 店铺');
    const sorts = first.body.datas.records.map((r: { sort: number }) => r.sort);
    expect(sorts).toEqual([...sorts].sort((a, b) => a - b));

    const second = await t.call('GET', '/user-center/helpcenter/list/size?page=2&limit=3', {
      token: seller.token,
      language: 'th',
    });
    expect(second.body.datas.records).toHaveLength(3);
    expect(second.body.datas.records[0].title).toMatch(/[\u0E00-\u0E7F]/);
  });

  it('defaults to page 1 of 10 and needs a session', async () => {
    const res = await t.call('GET', '/user-center/helpcenter/list/size', { token: seller.token });
    expect(res.body.datas.records.length).toBeLessThanOrEqual(10);
    expect((await t.call('GET', '/user-center/helpcenter/list/size')).status).toBe(401);
  });
});

describe('GET /api-user/test/get/helpCenter', () => {
  it('answers one article, or not found', async () => {
    const list = await t.call('GET', '/user-center/helpcenter/list/size?limit=1', {
      token: seller.token,
      language: 'en',
    });
    const id = list.body.datas.records[0].id;
    const res = await t.call('GET', `/api-user/test/get/helpCenter?id=${id}`, {
      token: seller.token,
    });
    expect(res.body.datas).toMatchObject({
      id,
      title: 'How to authorize Lazada, Shopee and TikTok shops',
    });
    expect(res.body.datas.content).toContain('<ol>');
    const missing = await t.call('GET', '/api-user/test/get/helpCenter?id=999999', {
      token: seller.token,
    });
    expect(missing.body).toMatchObject({ key: 'RECORD_NOT_FOUND', datas: null });
    const bad = await t.call('GET', '/api-user/test/get/helpCenter?id=abc', {
      token: seller.token,
    });
    expect(bad.body.key).toBe('VALIDATION_FAILED');
  });
});

describe('GET /user-center/helpcenter/keyword/serch', () => {
  const search = async (token: string, keyword: string, language = 'en') =>
    (
      await t.call(
        'GET',
        `/user-center/helpcenter/keyword/serch?${new URLSearchParams({ keyword })}`,
        { token, language },
      )
    ).body.datas as {
      helpCenterList: { id: number; title: string; excerpt: string }[];
      sysMenuList: { name: string; url: string; parents: string[] }[];
    };

  it('finds articles by title or text, title matches first, with an excerpt', async () => {
    const found = await search(seller.token, 'PromptPay');
    expect(found.helpCenterList.map((a) => a.title)).toEqual(['Recharging your wallet']);
    expect(found.helpCenterList[0]?.excerpt).toContain('PromptPay');
    expect(found.helpCenterList[0]?.excerpt).not.toMatch(/<|>/);

    const warehouse = await search(seller.token, 'warehouse');
    expect(warehouse.helpCenterList[0]?.title).toBe(
      'Opening, upgrading and downgrading an overseas warehouse',
    );
    expect(warehouse.helpCenterList.length).toBeGreaterThan(1);

    const zh = await search(seller.token, '采集', 'zh');
    expect(zh.helpCenterList.map((a) => a.title)).toContain('使用采集插件采集商品');
  });

  it('matches text, not markup, and takes the keyword literally', async () => {
    expect((await search(seller.token, 'strong')).helpCenterList).toEqual([]);
    expect((await search(seller.token, '%')).helpCenterList).toEqual([]);
    const operator = await makeOperator('help-literal@example.com');
    await saveHelpArticle(t, null, {
      language: 'en',
      title: 'Fees & discounts',
      content: '<p>Save 10% with coupons &amp; vouchers</p>',
      sort: 999,
    });
    expect((await search(operator, '10%')).helpCenterList.map((a) => a.title)).toEqual([
      'Fees & discounts',
    ]);
    expect((await search(operator, 'coupons & vouchers')).helpCenterList).toHaveLength(1);
  });

  it('lists only the menus the account holds, by their translated titles', async () => {
    const orders = await search(seller.token, routeTitle('en', 'orderManage'));
    expect(orders.sysMenuList).toEqual([
      {
        name: routeTitle('en', 'orderManage'),
        url: '/thirdPartyPlatform/orderManage',
        parents: [routeTitle('en', 'thirdPartyPlatform')],
      },
    ]);
    const zh = await search(seller.token, routeTitle('zh', 'messageCenter'), 'zh');
    expect(zh.sysMenuList.map((m) => m.url)).toEqual(['/account/messageCenter']);

    // A sub-account given only the message center finds only that.
    const sub = await makeSubAccount(
      t,
      seller.token,
      'help-sub@example.com',
      [],
      [{ url: '/account/messageCenter', buttons: [] }],
    );
    const keyword = routeTitle('en', 'messageCenter').slice(0, 4);
    const mine = await search(sub.token, keyword);
    const theirs = await search(seller.token, keyword);
    expect(mine.sysMenuList.map((m) => m.url)).toEqual(['/account/messageCenter']);
    expect(theirs.sysMenuList.length).toBeGreaterThan(mine.sysMenuList.length);
    expect((await search(sub.token, routeTitle('en', 'orderManage'))).sysMenuList).toEqual([]);

    // An operator does not hold the sellers' marketplace orders.
    const operator = await makeOperator('help-menus@example.com');
    expect((await search(operator, routeTitle('en', 'orderManage'))).sysMenuList).toEqual([]);
  });

  it('answers nothing for a blank keyword', async () => {
    expect(await search(seller.token, '  ')).toEqual({ helpCenterList: [], sysMenuList: [] });
  });
});

describe('POST /user-center/helpcenter/save', () => {
  const input = {
    language: 'th',
    title: 'วิธีใช้คูปอง',
    content: '<p>ใช้คูปอง</p><img src=x onerror=alert(1)><iframe src="https://evil.test"></iframe>',
  };

  it('refuses sellers', async () => {
    const res = await t.call('POST', '/user-center/helpcenter/save', {
      token: seller.token,
      json: input,
    });
    expect(res.body).toMatchObject({ key: 'PERMISSION_DENIED', datas: null });
  });

  it('lets operators publish sanitised articles', async () => {
    const token = await makeOperator('help-save@example.com');
    const res = await t.call('POST', '/user-center/helpcenter/save', {
      token,
      json: { ...input, sort: 5 },
    });
    expect(res.body.resp_code, res.text).toBe(0);
    expect(res.body.datas).toMatchObject({
      title: 'วิธีใช้คูปอง',
      content: '<p>ใช้คูปอง</p><img>',
      sort: 5,
    });
    const read = await t.call('GET', `/api-user/test/get/helpCenter?id=${res.body.datas.id}`, {
      token: seller.token,
    });
    expect(read.body.datas.content).toBe('<p>ใช้คูปอง</p><img>');
  });
});
