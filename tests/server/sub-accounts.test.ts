import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, makeSeller, makeSubAccount } from '../support/accounts';
import { createTestApp, type TestApp } from '../support/app';
import { readLocale } from '../support/locales';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const shopNames = (res: { body: Record<string, any> }) =>
  (res.body.datas as { name: string }[]).map((s) => s.name).sort();

describe('per-shop data permission', () => {
  it('lets a sub-account see and act on only the shops it was given', async () => {
    const seller = await makeSeller(t, 'scope-main@example.com', ['North', 'South', 'East']);
    const [north, south] = seller.shops;
    const sub = await makeSubAccount(t, seller.token, 'scope-sub@example.com', [north?.id ?? '']);
    expect(shopNames(await t.call('GET', '/api-user/shop/list', { token: seller.token }))).toEqual([
      'East',
      'North',
      'South',
    ]);
    expect(shopNames(await t.call('GET', '/api-user/shop/list', { token: sub.token }))).toEqual([
      'North',
    ]);
    expect(
      (await t.call('GET', `/api-user/shop/detail?shopId=${north?.id}`, { token: sub.token })).body
        .datas.name,
    ).toBe('North');
    const hidden = await t.call('GET', `/api-user/shop/detail?shopId=${south?.id}`, {
      token: sub.token,
    });
    expect(hidden.body).toMatchObject({ key: 'RECORD_NOT_FOUND', datas: null });
    const rename = await t.call('POST', '/api-user/shop/alias', {
      token: sub.token,
      json: { shopId: south?.id, alias: 'Mine now' },
    });
    expect(rename.body.key).toBe('RECORD_NOT_FOUND');
  });

  it('follows a change of the sub-account’s shops on its next request', async () => {
    const seller = await makeSeller(t, 'change-main@example.com', ['One', 'Two']);
    const [one, two] = seller.shops;
    const sub = await makeSubAccount(t, seller.token, 'change-sub@example.com', [one?.id ?? '']);
    const set = await t.call('POST', '/api-user/subAccount/permissions', {
      token: seller.token,
      json: {
        id: sub.id,
        shopIds: [two?.id],
        grants: [{ url: '/thirdPartyPlatform/authorizeList', buttons: [] }],
      },
    });
    expect(set.body.datas.shopIds).toEqual([two?.id]);
    expect(shopNames(await t.call('GET', '/api-user/shop/list', { token: sub.token }))).toEqual([
      'Two',
    ]);
  });

  it('refuses to grant a shop of another seller', async () => {
    const seller = await makeSeller(t, 'grant-main@example.com', ['Mine']);
    const other = await makeSeller(t, 'grant-other@example.com', ['Theirs']);
    const res = await t.call('POST', '/api-user/subAccount/create', {
      token: seller.token,
      json: {
        accountType: 'email',
        email: 'grant-sub@example.com',
        name: 'Sub',
        password: 'Sub-pass123',
        confirmPassword: 'Sub-pass123',
        shopIds: [other.shops[0]?.id],
      },
    });
    expect(res.body).toMatchObject({ key: 'RECORD_NOT_FOUND', datas: null });
  });
});

describe('menus and buttons', () => {
  it('narrows a sub-account’s routerInfoList to its grants, and the server enforces the buttons', async () => {
    const seller = await makeSeller(t, 'menu-main@example.com', ['Only']);
    const shopId = seller.shops[0]?.id ?? '';
    const sub = await makeSubAccount(
      t,
      seller.token,
      'menu-sub@example.com',
      [shopId],
      [
        { url: '/thirdPartyPlatform/authorizeList', buttons: [] },
        { url: '/account/accountSetting', buttons: ['edit'] },
      ],
    );
    const res = await t.call('POST', '/api-uaa/oauth/loginByPassword', {
      json: { username: 'menu-sub@example.com', password: sub.password },
    });
    expect(res.body.datas.routerInfoList).toEqual([
      { url: '/cmpDashboard', button: [] },
      { url: '/thirdPartyPlatform/authorizeList', button: [] },
      { url: '/account/accountSetting', button: ['edit'] },
    ]);
    // Without the editAlias button the alias cannot be changed, though the shop is visible.
    const rename = await t.call('POST', '/api-user/shop/alias', {
      token: sub.token,
      json: { shopId, alias: 'New' },
      language: 'th',
    });
    expect(rename.body).toMatchObject({
      key: 'PERMISSION_DENIED',
      resp_msg: readLocale('th', 'errors').PERMISSION_DENIED,
    });
    // A granted menu without its page's data scope grant gives nothing: account management is main-only.
    const manage = await t.call('GET', '/api-user/subAccount/list', { token: sub.token });
    expect(manage.body).toMatchObject({ key: 'PERMISSION_DENIED', datas: null });
    const withButton = await t.call('POST', '/api-user/subAccount/permissions', {
      token: seller.token,
      json: {
        id: sub.id,
        shopIds: [shopId],
        grants: [
          { url: '/thirdPartyPlatform/authorizeList', buttons: ['editAlias', 'notAButton'] },
        ],
      },
    });
    expect(withButton.body.datas.grants).toEqual([
      { url: '/thirdPartyPlatform/authorizeList', buttons: ['editAlias'] },
    ]);
    expect(
      (
        await t.call('POST', '/api-user/shop/alias', {
          token: sub.token,
          json: { shopId, alias: 'New' },
        })
      ).body.resp_code,
    ).toBe(0);
  });
});

describe('managing sub-accounts', () => {
  it('creates by e-mail or mobile, lists with filters, and words bad input per field', async () => {
    const seller = await makeSeller(t, 'manage-main@example.com', []);
    const create = (json: Record<string, unknown>, language = 'en') =>
      t.call('POST', '/api-user/subAccount/create', { token: seller.token, json, language });
    const byPhone = await create({
      accountType: 'phone',
      telCode: '+66',
      phone: '081 234 5678',
      name: 'Somchai',
      password: 'Pass-word1',
      confirmPassword: 'Pass-word1',
    });
    expect(byPhone.body.datas).toMatchObject({
      phone: '+66812345678',
      status: 'enabled',
      shopIds: [],
    });
    await login(t, '0812345678', 'Pass-word1');
    const bad = await create(
      {
        accountType: 'phone',
        telCode: '+86',
        phone: '12345',
        name: '',
        password: 'short',
        confirmPassword: 'x',
      },
      'zh',
    );
    const zh = readLocale('zh', 'validation');
    expect(bad.body.datas.fields).toEqual([
      { field: 'name', message: zh.required },
      { field: 'password', message: zh.password },
      { field: 'confirmPassword', message: zh.passwordMismatch },
      { field: 'phone', message: zh.phone },
    ]);
    await create({
      accountType: 'email',
      email: 'manage-b@example.com',
      name: 'Bua',
      password: 'Pass-word1',
      confirmPassword: 'Pass-word1',
    });
    const list = await t.call('GET', '/api-user/subAccount/list?page=1&limit=10&keyword=bua', {
      token: seller.token,
    });
    expect(list.body.datas.total).toBe(1);
    expect(list.body.datas.records[0].account).toBe('manage-b@example.com');
    const taken = await create({
      accountType: 'email',
      email: 'manage-b@example.com',
      name: 'Again',
      password: 'Pass-word1',
      confirmPassword: 'Pass-word1',
    });
    expect(taken.body.key).toBe('ACCOUNT_IN_USE');
  });

  it('shows a sub-account past its validity date as expired, refuses its login, and ends its sessions', async () => {
    const seller = await makeSeller(t, 'valid-main@example.com', []);
    const sub = await makeSubAccount(t, seller.token, 'valid-sub@example.com', []);
    // The test clock stands at 2026-11-02 09:00 in Bangkok.
    await t.call('POST', '/api-user/subAccount/update', {
      token: seller.token,
      json: { id: sub.id, name: 'Temp', validUntil: '2026-11-02' },
    });
    expect(
      (await t.call('GET', '/api-user/user/userInfo', { token: sub.token })).body.resp_code,
    ).toBe(0);
    t.clock.advance(15 * 60 * 60 * 1000);
    const expired = await t.call('GET', '/api-user/user/userInfo', { token: sub.token });
    expect(expired.status).toBe(401);
    expect(expired.body.key).toBe('TOKEN_EXPIRED');
    const again = await t.call('POST', '/api-uaa/oauth/loginByPassword', {
      json: { username: 'valid-sub@example.com', password: sub.password },
    });
    expect(again.body.key).toBe('ACCOUNT_EXPIRED');
    // The main account's own session went idle over those hours too.
    const fresh = await login(t, 'valid-main@example.com', seller.password);
    const listed = await t.call('GET', '/api-user/subAccount/list?status=expired', {
      token: fresh,
    });
    expect(listed.body.datas.records.map((r: { id: string }) => r.id)).toEqual([sub.id]);
  });
});

describe('revoked tokens fail on the next request', () => {
  it('after a password change: every other session of the account, not the one that changed it', async () => {
    const seller = await makeSeller(t, 'change-pw@example.com', []);
    const other = await login(t, 'change-pw@example.com', seller.password);
    const res = await t.call('POST', '/api-user/user/changePasswordV2', {
      token: seller.token,
      json: {
        oldPassword: seller.password,
        password: 'Brand-new-1',
        confirmPassword: 'Brand-new-1',
      },
    });
    expect(res.body.resp_code).toBe(0);
    expect(
      (await t.call('GET', '/api-user/user/userInfo', { token: seller.token })).body.resp_code,
    ).toBe(0);
    const revoked = await t.call('GET', '/api-user/user/userInfo', { token: other });
    expect([revoked.status, revoked.body.key]).toEqual([401, 'TOKEN_INVALID']);
    const wrongOld = await t.call('POST', '/api-user/user/changePasswordV2', {
      token: seller.token,
      json: { oldPassword: 'not-it-1', password: 'Brand-new-2', confirmPassword: 'Brand-new-2' },
    });
    expect(wrongOld.body.key).toBe('OLD_PASSWORD_WRONG');
  });

  it('after a sub-account is disabled, and it cannot sign in again until enabled', async () => {
    const seller = await makeSeller(t, 'disable-main@example.com', []);
    const sub = await makeSubAccount(t, seller.token, 'disable-sub@example.com', []);
    await t.call('POST', '/api-user/subAccount/status', {
      token: seller.token,
      json: { id: sub.id, status: 'forbidden' },
    });
    expect((await t.call('GET', '/api-user/user/userInfo', { token: sub.token })).status).toBe(401);
    const refused = await t.call('POST', '/api-uaa/oauth/loginByPassword', {
      json: { username: 'disable-sub@example.com', password: sub.password },
    });
    expect(refused.body.key).toBe('ACCOUNT_DISABLED');
    await t.call('POST', '/api-user/subAccount/status', {
      token: seller.token,
      json: { id: sub.id, status: 'enabled' },
    });
    await login(t, 'disable-sub@example.com', sub.password);
  });

  it('after a sub-account is deleted, or its password reset by the main account', async () => {
    const seller = await makeSeller(t, 'delete-main@example.com', []);
    const reset = await makeSubAccount(t, seller.token, 'reset-sub@example.com', []);
    await t.call('POST', '/api-user/subAccount/resetPassword', {
      token: seller.token,
      json: { id: reset.id, password: 'Reset-pass1', confirmPassword: 'Reset-pass1' },
    });
    expect((await t.call('GET', '/api-user/user/userInfo', { token: reset.token })).status).toBe(
      401,
    );
    await login(t, 'reset-sub@example.com', 'Reset-pass1');
    const gone = await makeSubAccount(t, seller.token, 'delete-sub@example.com', []);
    expect(
      (
        await t.call('POST', '/api-user/subAccount/delete', {
          token: seller.token,
          json: { id: gone.id },
        })
      ).body.resp_code,
    ).toBe(0);
    expect((await t.call('GET', '/api-user/user/userInfo', { token: gone.token })).status).toBe(
      401,
    );
  });
});
