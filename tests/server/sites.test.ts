import thCommon from '@locales/th/common.json';
import zhCommon from '@locales/zh/common.json';
import { TEL_CODES, TelCodeListSchema } from '@shared/contracts/accounts';
import { SiteListSchema } from '@shared/contracts/sites';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('getSiteList', () => {
  it('lists the opened sites with their language, currency and symbol, without a token', async () => {
    const res = await t.call('GET', '/api-user/public/getSiteList', { client: false });
    expect(res.status).toBe(200);
    const sites = SiteListSchema.parse(res.body.datas);
    expect(sites.map((s) => s.site)).toEqual(['th', 'my', 'vn', 'sg', 'id', 'ph', 'cn']);
    expect(sites.find((s) => s.site === 'th')).toEqual({
      site: 'th',
      language: 'th',
      currency: 'THB',
      symbol: '฿',
    });
    expect(sites.find((s) => s.site === 'cn')).toEqual({
      site: 'cn',
      language: 'zh',
      currency: 'CNY',
      symbol: '¥',
    });
    expect(sites.find((s) => s.site === 'vn')?.currency).toBe('VND');
  });

  it('lists every site with isAll=1, the warehouse-only ones included', async () => {
    const sites = SiteListSchema.parse(
      (await t.call('GET', '/api-user/public/getSiteList?isAll=1')).body.datas,
    );
    expect(sites).toHaveLength(11);
    expect(sites.find((s) => s.site === 'tw')).toMatchObject({ currency: 'CNY' });
    expect(sites.find((s) => s.site === 'gb')).toMatchObject({ currency: 'GBP', symbol: '£' });
    expect(sites.find((s) => s.site === 'pl')).toMatchObject({ currency: null, symbol: null });
    expect(sites.find((s) => s.site === 'br')).toMatchObject({ currency: null, symbol: null });
  });

  it('refuses an isAll value it does not know, naming the field', async () => {
    const res = await t.call('GET', '/api-user/public/getSiteList?isAll=yes', { language: 'en' });
    expect(res.body.key).toBe('VALIDATION_FAILED');
    expect(res.body.datas.fields).toEqual([{ field: 'isAll', message: 'Not a valid option' }]);
  });
});

describe('telCodeList', () => {
  it('lists the country options with their name in the request’s language, code and currency', async () => {
    const en = TelCodeListSchema.parse(
      (await t.call('GET', '/api-user/public/telCodeList', { client: false, language: 'en' })).body
        .datas,
    );
    expect(en.map((option) => option.code)).toEqual(TEL_CODES.map((option) => option.code));
    expect(en.find((option) => option.code === '+60')).toEqual({
      code: '+60',
      country: 'my',
      name: 'Malaysia',
      currency: 'MYR',
    });
    expect(en.find((option) => option.code === '+86')).toMatchObject({ currency: 'CNY' });
    const zh = TelCodeListSchema.parse(
      (await t.call('GET', '/api-user/public/telCodeList', { language: 'zh' })).body.datas,
    );
    expect(zh.find((option) => option.code === '+66')).toEqual({
      code: '+66',
      country: 'th',
      name: zhCommon.sites.th,
      currency: 'THB',
    });
    const th = TelCodeListSchema.parse(
      (await t.call('GET', '/api-user/public/telCodeList', { language: 'th' })).body.datas,
    );
    expect(th.find((option) => option.code === '+63')?.name).toBe(thCommon.sites.ph);
    expect(new Set([en, zh, th].map((list) => list[1]?.name)).size).toBe(3);
  });
});
