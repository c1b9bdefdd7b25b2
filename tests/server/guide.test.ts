import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSeller, makeSubAccount } from '../support/accounts';
import { createTestApp, type TestApp } from '../support/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const flags = async (token: string) => {
  const info = await t.call('GET', '/api-user/user/userInfo', { token });
  return {
    showGuideFlag: info.body.datas.showGuideFlag,
    showDashboardGuideFlag: info.body.datas.showDashboardGuideFlag,
  };
};

describe('guided tours', () => {
  it('show for a new account until each is finished or skipped, then never again', async () => {
    const { token } = await makeSeller(t, 'guide@example.com', []);
    expect(await flags(token)).toEqual({ showGuideFlag: true, showDashboardGuideFlag: true });
    expect((await t.call('GET', '/api-user/user/guide', { token })).body.datas).toEqual({
      main: null,
      dashboard: null,
    });

    const finished = await t.call('POST', '/api-user/user/guide', {
      token,
      json: { guide: 'main', outcome: 'finished' },
    });
    expect(finished.body.resp_code, finished.text).toBe(0);
    expect(finished.body.datas).toEqual({ main: 'finished', dashboard: null });
    expect(await flags(token)).toEqual({ showGuideFlag: false, showDashboardGuideFlag: true });

    await t.call('POST', '/api-user/user/guide', {
      token,
      json: { guide: 'dashboard', outcome: 'skipped' },
    });
    expect(await flags(token)).toEqual({ showGuideFlag: false, showDashboardGuideFlag: false });

    // A second sign-in (another device) does not bring them back.
    const again = await t.call('POST', '/api-uaa/oauth/loginByPassword', {
      json: { username: 'guide@example.com', password: 'Seller-pass1' },
    });
    expect(await flags(again.body.datas.access_token)).toEqual({
      showGuideFlag: false,
      showDashboardGuideFlag: false,
    });
  });

  it('are each account’s own: a sub-account has its tours, its main account keeps its own', async () => {
    const main = await makeSeller(t, 'guide-main@example.com', []);
    const sub = await makeSubAccount(t, main.token, 'guide-sub@example.com', []);
    await t.call('POST', '/api-user/user/guide', {
      token: sub.token,
      json: { guide: 'main', outcome: 'skipped' },
    });
    expect((await flags(sub.token)).showGuideFlag).toBe(false);
    expect((await flags(main.token)).showGuideFlag).toBe(true);
  });

  it('refuses an unknown tour or outcome, and anyone signed out', async () => {
    const { token } = await makeSeller(t, 'guide-bad@example.com', []);
    const bad = await t.call('POST', '/api-user/user/guide', {
      token,
      json: { guide: 'orders', outcome: 'later' },
    });
    expect(bad.body.key).toBe('VALIDATION_FAILED');
    expect(bad.body.datas.fields.map((f: { field: string }) => f.field).sort()).toEqual([
      'guide',
      'outcome',
    ]);
    expect((await flags(token)).showGuideFlag).toBe(true);
    const anonymous = await t.call('POST', '/api-user/user/guide', {
      json: { guide: 'main', outcome: 'finished' },
    });
    expect(anonymous.status).toBe(401);
  });
});
