import { shortLinks } from '@server/db/schema/index';
import { AppError } from '@server/lib/errors';
import { issueShortLink } from '@server/modules/short-links/short-links.service';
import type { ProductDraft } from '@shared/contracts/product-draft';
import {
  readShortLinkTarget,
  SHORT_LINK_HOSTS,
  SharedLinkSchema,
  ShortLinkSchema,
} from '@shared/contracts/short-links';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSeller, makeSubAccount } from '../support/accounts';
import { createTestApp, type TestApp } from '../support/app';
import { collectDrafts } from '../support/collector';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A 1688 offer as the collector reads it, reduced to what the box needs. */
function collectedDraft(itemId: string): ProductDraft {
  return {
    site: '1688',
    itemId,
    url: `https://detail.1688.com/offer/${itemId}.html`,
    title: `Ceramic mug ${itemId}`,
    currency: 'CNY',
    price: { min: 1200, max: 1200 },
    tiers: [],
    skuProperties: [],
    skus: [],
    images: ['https://cbu01.alicdn.com/img/ibank/mug.jpg'],
    description: { html: '<p>Mug</p>' },
    shop: { id: '1', name: 'Mug Works', url: null },
    categoryPath: ['Home'],
    weightGrams: 300,
    dimensionsCm: { length: 10, width: 10, height: 10 },
    attributes: [],
    minOrderQuantity: 1,
    raw: {},
    confidence: {},
  };
}

const resolve = (id: string, language = 'en') =>
  t.call('GET', `/api-user/public/shortUrl?${new URLSearchParams({ id })}`, {
    client: false,
    language,
  });

describe('issueShortLink', () => {
  it('makes a random, URL-safe id of at least 10 characters, different every time', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const link = await issueShortLink(t, null, { target: '/cmp/order/serviceProgress' });
      expect(link.id).toMatch(/^[A-Za-z0-9_-]{10,}$/);
      ids.add(link.id);
    }
    expect(ids.size).toBe(20);
  });

  it('stores the account it was made for and the moment it expires', async () => {
    const seller = await makeSeller(t, 'short-owner@example.com', []);
    const link = await issueShortLink(t, null, {
      target: '/other/historyMoney',
      userId: seller.user.id,
      ttlSeconds: 3600,
    });
    const [row] = await t.db.select().from(shortLinks).where(eq(shortLinks.id, link.id));
    expect(row?.userId).toBe(seller.user.id);
    expect(row?.expiresAt?.getTime()).toBe(t.clock.now().getTime() + 3_600_000);
    expect(link.expiresAt).toBe(row?.expiresAt?.toISOString());
  });

  it.each([
    'https://evil.example.com/phish',
    'http://shopee.co.th/product/1',
    'https://shopee.co.th.evil.com/x',
    'https://user:pass@shopee.co.th/x',
    '//evil.example.com/x',
    '/\\evil.example.com',
    '/cmp//evil.example.com',
    'javascript:alert(1)',
    'data:text/html,hi',
    'order/serviceProgress',
    '/order/service progress',
    '',
  ])('refuses %j: a short link is never an open redirect', async (target) => {
    await expect(issueShortLink(t, null, { target })).rejects.toBeInstanceOf(AppError);
  });

  it('refuses a lifetime that is not positive', async () => {
    await expect(
      issueShortLink(t, null, { target: '/cmpDashboard', ttlSeconds: 0 }),
    ).rejects.toBeInstanceOf(AppError);
  });
});

describe('readShortLinkTarget', () => {
  it('reads console paths with or without the /cmp base, and allowed https addresses', () => {
    expect(readShortLinkTarget('/cmp/order/serviceProgress?serviceNo=S1#top')).toEqual({
      kind: 'console',
      path: '/order/serviceProgress?serviceNo=S1#top',
    });
    expect(readShortLinkTarget('/cmp')).toEqual({ kind: 'console', path: '/' });
    expect(readShortLinkTarget('/')).toEqual({ kind: 'console', path: '/' });
    expect(readShortLinkTarget('/thirdPartyPlatform/orderManage?orderId=9')).toEqual({
      kind: 'console',
      path: '/thirdPartyPlatform/orderManage?orderId=9',
    });
    expect(readShortLinkTarget('https://detail.1688.com/offer/1.html')).toEqual({
      kind: 'external',
      url: 'https://detail.1688.com/offer/1.html',
    });
    expect(readShortLinkTarget('https://shopee.co.th/product/1/2')?.kind).toBe('external');
    expect(readShortLinkTarget('https://1688.com.evil.com/')).toBeNull();
    for (const host of SHORT_LINK_HOSTS) {
      expect(readShortLinkTarget(`https://${host}/x`)?.kind, host).toBe('external');
      expect(readShortLinkTarget(`https://www.${host}/x`)?.kind, host).toBe('external');
      expect(readShortLinkTarget(`https://not${host}/x`), host).toBeNull();
      expect(readShortLinkTarget(`http://${host}/x`), host).toBeNull();
    }
    expect(readShortLinkTarget('https://shopee.co.th:8443/')).toBeNull();
  });
});

describe('GET /api-user/public/shortUrl', () => {
  it('answers the target of a live link, without a token or client auth', async () => {
    const link = await issueShortLink(t, null, {
      target: '/cmp/purchaseAndWarehouse/purchaseManageDetail?purchaseNo=P1',
    });
    const res = await resolve(link.id);
    expect(res.status).toBe(200);
    expect(res.body.resp_code).toBe(0);
    expect(ShortLinkSchema.parse(res.body.datas)).toEqual({
      target: '/cmp/purchaseAndWarehouse/purchaseManageDetail?purchaseNo=P1',
    });
  });

  it('answers an allowed https target', async () => {
    const link = await issueShortLink(t, null, {
      target: 'https://www.aliexpress.com/item/1.html',
    });
    expect((await resolve(link.id)).body.datas).toEqual({
      target: 'https://www.aliexpress.com/item/1.html',
    });
  });

  it('answers SHORT_LINK_NOT_FOUND, translated, for an unknown id', async () => {
    const en = await resolve('AAAAAAAAAAAAAAAA');
    expect(en.status).toBe(200);
    expect(en.body).toMatchObject({
      resp_code: 1405,
      key: 'SHORT_LINK_NOT_FOUND',
      datas: null,
      resp_msg: 'This link does not exist or has expired.',
    });
    expect((await resolve('AAAAAAAAAAAAAAAA', 'zh')).body.resp_msg).toBe('该链接不存在或已过期');
    expect((await resolve('AAAAAAAAAAAAAAAA', 'th')).body.resp_msg).toBe('ลิงก์นี้ไม่มีอยู่หรือหมดอายุแล้ว');
  });

  it('works until the link expires, then answers not found', async () => {
    const link = await issueShortLink(t, null, { target: '/cmpDashboard', ttlSeconds: 60 });
    t.clock.advance(59_000);
    expect((await resolve(link.id)).body.resp_code).toBe(0);
    t.clock.advance(1_000);
    expect((await resolve(link.id)).body.key).toBe('SHORT_LINK_NOT_FOUND');
  });

  it('answers not found for a stored target that is no longer allowed', async () => {
    await t.db.insert(shortLinks).values({
      id: 'legacyLink0001',
      target: 'https://evil.example.com/',
      createdAt: t.clock.now(),
    });
    expect((await resolve('legacyLink0001')).body.key).toBe('SHORT_LINK_NOT_FOUND');
  });

  it('refuses a malformed id before it looks anything up', async () => {
    const res = await resolve('short');
    expect(res.body.key).toBe('VALIDATION_FAILED');
    expect(res.body.datas.fields[0].field).toBe('id');
    expect((await t.call('GET', '/api-user/public/shortUrl')).body.key).toBe('VALIDATION_FAILED');
  });
});

describe('short links bound to an account', () => {
  const open = (id: string, token?: string, language = 'en') =>
    t.call('GET', `/api-user/public/shortUrl?id=${id}`, {
      client: false,
      language,
      ...(token ? { token } : {}),
    });

  it('opens a message’s link for its account alone: others are told it is not theirs, the signed-out to sign in', async () => {
    const owner = await makeSeller(t, 'short-bound-owner@example.com', []);
    const other = await makeSeller(t, 'short-bound-other@example.com', []);
    const sub = await makeSubAccount(t, owner.token, 'short-bound-sub@example.com', []);
    const link = await issueShortLink(t, null, {
      target: '/cmp/other/historyMoney',
      userId: owner.user.id,
    });
    expect((await open(link.id, owner.token)).body.datas).toEqual({
      target: '/cmp/other/historyMoney',
    });
    // Not even the owner's own sub-account: the message was for the main account.
    for (const token of [other.token, sub.token]) {
      const refused = await open(link.id, token);
      expect(refused.body).toMatchObject({
        resp_code: 1407,
        key: 'SHORT_LINK_OTHER_ACCOUNT',
        datas: null,
        resp_msg: 'This link belongs to another account. Sign in with that account to open it.',
      });
    }
    const signedOut = await open(link.id);
    expect(signedOut.body).toMatchObject({
      resp_code: 1406,
      key: 'SHORT_LINK_SIGN_IN',
      datas: null,
    });
    expect((await open(link.id, undefined, 'zh')).body.resp_msg).toBe(
      '请登录后打开此链接：它属于某个账号。',
    );
    expect((await open(link.id, other.token, 'th')).body.resp_msg).toBe(
      'ลิงก์นี้เป็นของบัญชีอื่น กรุณาเข้าสู่ระบบด้วยบัญชีนั้นเพื่อเปิด',
    );
    // An expired session is as good as none.
    expect((await open(link.id, 'not-a-live-token')).body.key).toBe('SHORT_LINK_SIGN_IN');
  });

  it('shares a collected product with the main account and its sub-accounts, for 30 days', async () => {
    const owner = await makeSeller(t, 'short-share-owner@example.com', []);
    const sub = await makeSubAccount(t, owner.token, 'short-share-sub@example.com', []);
    const other = await makeSeller(t, 'short-share-other@example.com', []);
    const [product] = await collectDrafts(t, owner.token, [collectedDraft('share-1')]);
    const id = product?.id ?? '';

    const shared = await t.call('POST', '/api-product/collect/shareLink', {
      token: sub.token,
      json: { id },
    });
    expect(shared.body.resp_code, shared.text).toBe(0);
    const link = SharedLinkSchema.parse(shared.body.datas);
    expect(link.url).toBe(`${t.deps.config.publicUrl}/cmp/shortUrlLinkRedirect/${link.id}`);
    expect(link.expiresAt).toBe(new Date(t.clock.now().getTime() + 30 * 86_400_000).toISOString());
    const target = `/cmp/product/collectorDetails?id=${id}`;
    expect((await open(link.id, owner.token)).body.datas).toEqual({ target });
    expect((await open(link.id, sub.token)).body.datas).toEqual({ target });
    expect((await open(link.id, other.token)).body.key).toBe('SHORT_LINK_OTHER_ACCOUNT');
    expect((await open(link.id)).body.key).toBe('SHORT_LINK_SIGN_IN');

    // Another account's product cannot be shared (it is not found for them).
    const stolen = await t.call('POST', '/api-product/collect/shareLink', {
      token: other.token,
      json: { id },
    });
    expect(stolen.body.key).toBe('RECORD_NOT_FOUND');

    t.clock.advance(30 * 86_400_000);
    expect((await open(link.id, owner.token)).body.key).toBe('SHORT_LINK_NOT_FOUND');
  });
});
