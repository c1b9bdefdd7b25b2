import { files } from '@server/db/schema/index';
import { pruneExpired } from '@server/jobs/maintenance';
import { encodePng } from '@server/lib/png';
import { contentKey, storageFor } from '@server/lib/storage';
import { API_CLIENTS, basicClientAuth, HEADERS } from '@shared/contracts/protocol';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSeller, makeSubAccount, registerAccount } from '../support/accounts';
import { createTestApp, type TestApp } from '../support/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ smtp: true });
});
afterAll(() => t.close());

/** What the console's client sends with a call made with the session. */
const sessionHeaders = (token: string) => ({
  [HEADERS.authorization]: basicClientAuth(API_CLIENTS.console),
  [HEADERS.token]: token,
});

function upload(token: string, bytes: Uint8Array, type = 'image/png') {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(bytes)], { type }), 'avatar.png');
  return t.call('POST', '/api-user/file/upload', { token, body: form });
}

describe('onboarding', () => {
  it('asks a new account for its main site and business type, and then lets it in', async () => {
    const token = await registerAccount(t, 'onboard@example.com');
    expect((await t.call('GET', '/api-user/user/loginCheck', { token })).body.datas).toBeNull();
    const bad = await t.call('POST', '/api-user/user/onboarding', {
      token,
      json: { site: 'mars', businessType: 'local' },
    });
    expect(bad.body.datas.fields).toEqual([{ field: 'site', message: 'Not a valid option' }]);
    const done = await t.call('POST', '/api-user/user/onboarding', {
      token,
      json: { site: 'my', businessType: 'both' },
    });
    expect(done.body.datas).toEqual({ site: 'my', businessType: 'both' });
    const info = await t.call('GET', '/api-user/user/userInfo', { token });
    expect(info.body.datas).toMatchObject({ site: 'my', currency: 'MYR', currencySymbol: 'RM' });
  });

  it('is the main account’s: a sub-account inherits it and cannot change it', async () => {
    const seller = await makeSeller(t, 'onboard-main@example.com', []);
    await t.call('POST', '/api-user/user/onboarding', {
      token: seller.token,
      json: { site: 'th', businessType: 'local' },
    });
    const sub = await makeSubAccount(t, seller.token, 'onboard-sub@example.com', []);
    expect(
      (await t.call('GET', '/api-user/user/loginCheck', { token: sub.token })).body.datas,
    ).toEqual({ site: 'th', businessType: 'local' });
    const refused = await t.call('POST', '/api-user/user/onboarding', {
      token: sub.token,
      json: { site: 'my', businessType: 'both' },
    });
    expect(refused.body.key).toBe('PERMISSION_DENIED');
  });
});

describe('profile', () => {
  it('changes name and avatar; the avatar is an uploaded image served back', async () => {
    const seller = await makeSeller(t, 'profile@example.com', []);
    const png = encodePng(2, 2, new Uint8Array(16).fill(200));
    const uploaded = await upload(seller.token, png);
    expect(uploaded.body.datas).toMatchObject({ contentType: 'image/png', size: png.length });
    const url = uploaded.body.datas.url as string;
    const saved = await t.call(
      'GET',
      `/api-user/user/update_userInfo?${new URLSearchParams({ name: 'Nok', headImgUrl: url })}`,
      { token: seller.token },
    );
    expect(saved.body.datas).toMatchObject({ name: 'Nok', headImgUrl: url });
    const served = await t.app.request(url, { headers: sessionHeaders(seller.token) });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
    expect(
      (await t.call('GET', '/api-user/user/userInfo', { token: seller.token })).body.datas
        .headImgUrl,
    ).toBe(url);
  });

  it('keeps an uploaded image in the Storage under its hash, and the maintenance run moves one kept in the database there (a read changes nothing)', async () => {
    const seller = await makeSeller(t, 'profile-storage@example.com', []);
    const png = encodePng(3, 3, new Uint8Array(36).fill(90));
    const uploaded = await upload(seller.token, png);
    const id = uploaded.body.datas.id as string;
    const [row] = await t.db.select().from(files).where(eq(files.id, id));
    expect(row?.data).toBeNull();
    expect(row?.storageKey).toBe(contentKey(png));
    const stored = await storageFor(t.deps.config).get(row?.storageKey ?? '');
    expect(stored && Buffer.from(stored.bytes).equals(Buffer.from(png))).toBe(true);

    // An avatar from before the Storage: served from the database, unchanged by reading, until
    // the maintenance run moves it; then served from the Storage.
    const older = encodePng(4, 4, new Uint8Array(64).fill(30));
    const [legacy] = await t.db
      .insert(files)
      .values({
        ownerId: seller.user.id,
        contentType: 'image/png',
        size: older.length,
        sha256: contentKey(older),
        data: Buffer.from(older),
        createdAt: t.clock.now(),
      })
      .returning();
    const serve = async () => {
      const served = await t.app.request(`/files/${legacy?.id}`, {
        headers: sessionHeaders(seller.token),
      });
      expect(served.status).toBe(200);
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(older))).toBe(true);
      const [row] = await t.db
        .select()
        .from(files)
        .where(eq(files.id, legacy?.id ?? ''));
      return row;
    };
    expect(await serve()).toMatchObject({ storageKey: null });
    await pruneExpired(t.deps);
    expect(await serve()).toMatchObject({ data: null, storageKey: contentKey(older) });
  });

  it('refuses files that are not images, or over 2 MB, whatever they claim to be', async () => {
    const seller = await makeSeller(t, 'upload@example.com', []);
    const html = await upload(
      seller.token,
      new TextEncoder().encode('<html><script>alert(1)</script>'),
      'image/png',
    );
    expect(html.body.key).toBe('FILE_TYPE_UNSUPPORTED');
    const big = new Uint8Array(2 * 1024 * 1024 + 10);
    big.set([0xff, 0xd8, 0xff]);
    expect((await upload(seller.token, big, 'image/jpeg')).body.key).toBe('FILE_TOO_LARGE');
    const avatar = await t.call(
      'GET',
      '/api-user/user/update_userInfo?headImgUrl=https://evil.example/x.png',
      { token: seller.token },
    );
    expect(avatar.body.key).toBe('VALIDATION_FAILED');
  });
});
