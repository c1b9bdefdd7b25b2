import { products } from '@server/db/schema/index';
import { encodePng } from '@server/lib/png';
import { EXAMPLE_PRODUCT } from '@server/modules/products/products.routes';
import type { Media } from '@shared/contracts/products';
import { grantableMenus } from '@shared/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSeller, makeSubAccount } from '../../support/accounts';
import { createTestApp, type TestApp } from '../../support/app';
import { jpeg, mp4 } from '../../support/media-files';

/**
 * Product media: what a file is comes from its bytes; images at most 2 MB, videos MP4 of 10 to
 * 60 s; a stored file is served with nosniff, only to the accounts of the main account that
 * uploaded it.
 */

let t: TestApp;
let owner: Awaited<ReturnType<typeof makeSeller>>;
let other: Awaited<ReturnType<typeof makeSeller>>;
let staff: Awaited<ReturnType<typeof makeSubAccount>>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await makeSeller(t, 'media-owner@example.com', ['Owner Lazada']);
  other = await makeSeller(t, 'media-other@example.com', ['Other Lazada']);
  staff = await makeSubAccount(t, owner.token, 'media-staff@example.com', [], grantableMenus());
});
afterAll(() => t.close());

async function upload(bytes: Uint8Array, name: string, token = owner.token, type = 'image/jpeg') {
  const form = new FormData();
  form.set('file', new Blob([bytes as Uint8Array<ArrayBuffer>], { type }), name);
  return t.call('POST', '/product/media/upload', { token, body: form });
}

const png = (size: number) =>
  new Uint8Array(encodePng(size, size, new Uint8Array(size * size * 4).fill(200)));

describe('uploads', () => {
  it('are typed by their bytes: HTML or SVG named .jpg is refused', async () => {
    const html = new TextEncoder().encode('<html><script>alert(1)</script></html>');
    const svg = new TextEncoder().encode(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    for (const bytes of [html, svg]) {
      const res = await upload(bytes, 'photo.jpg');
      expect(res.body.key, res.text).toBe('FILE_TYPE_UNSUPPORTED');
      expect(res.body.datas).toBeNull();
    }
  });

  it('refuses an image of 2 MB + 1 byte and takes one of 2 MB', async () => {
    const over = await upload(jpeg(1000, 1000, 2 * 1024 * 1024 + 1), 'big.jpg');
    expect(over.body.key, over.text).toBe('FILE_TOO_LARGE');
    const at = await upload(jpeg(1000, 1000, 2 * 1024 * 1024), 'limit.jpg');
    expect(at.body.resp_code, at.text).toBe(0);
    expect(at.body.datas).toMatchObject({
      mime: 'image/jpeg',
      width: 1000,
      height: 1000,
      bytes: 2 * 1024 * 1024,
    });
  });

  it('reads a video’s duration from the file: 61 s and 9 s refused, 60 s taken', async () => {
    const long = await upload(mp4(61_000), 'clip.mp4', owner.token, 'video/mp4');
    expect(long.body.key, long.text).toBe('MEDIA_DURATION');
    const short = await upload(mp4(9_000), 'clip.mp4', owner.token, 'video/mp4');
    expect(short.body.key, short.text).toBe('MEDIA_DURATION');
    const fine = await upload(mp4(60_000), 'clip.mp4', owner.token, 'video/mp4');
    expect(fine.body.resp_code, fine.text).toBe(0);
    expect(fine.body.datas).toMatchObject({ mime: 'video/mp4', durationMs: 60_000 });
  });

  it('refuses a ninth image on a Lazada product', async () => {
    const stored = await upload(png(400), 'p.png');
    const media = stored.body.datas as Media;
    const now = t.clock.now();
    const [row] = await t.db
      .insert(products)
      .values({
        ownerId: owner.user.id,
        shopId: owner.shops[0]?.id ?? '',
        platform: 'lazada',
        origin: 'created',
        title: 'Flask',
        currency: 'THB',
        status: 'wait',
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const product = { ...EXAMPLE_PRODUCT, images: Array.from({ length: 9 }, () => media) };
    const res = await t.call('POST', '/product/product/save', {
      token: owner.token,
      json: { id: row?.id, version: row?.version, product },
    });
    expect(res.body.key, res.text).toBe('VALIDATION_FAILED');
    expect(res.body.datas.fields.map((field: { field: string }) => field.field)).toEqual([
      'images',
    ]);
    const eight = await t.call('POST', '/product/product/save', {
      token: owner.token,
      json: {
        id: row?.id,
        version: row?.version,
        product: { ...product, images: product.images.slice(0, 8) },
      },
    });
    expect(eight.body.resp_code, eight.text).toBe(0);
  });

  it('cannot name another account’s stored media in a product', async () => {
    const theirs = (await upload(png(300), 'theirs.png', other.token)).body.datas as Media;
    const now = t.clock.now();
    const [row] = await t.db
      .insert(products)
      .values({
        ownerId: owner.user.id,
        shopId: owner.shops[0]?.id ?? '',
        platform: 'lazada',
        origin: 'created',
        title: 'Flask',
        currency: 'THB',
        status: 'wait',
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const res = await t.call('POST', '/product/product/save', {
      token: owner.token,
      json: {
        id: row?.id,
        version: row?.version,
        product: { ...EXAMPLE_PRODUCT, images: [theirs] },
      },
    });
    expect(res.body.key, res.text).toBe('RECORD_NOT_FOUND');
  });
});

describe('stored media', () => {
  it('are served with their type and nosniff to the owner’s accounts only', async () => {
    const bytes = png(500);
    const media = (await upload(bytes, 'cover.png')).body.datas as Media;
    expect(media.url).toBe(`/product/media/${media.key}`);

    for (const token of [owner.token, staff.token]) {
      const res = await t.app.request(media.url, { headers: { access_token: token } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
    }
    // The token as a query parameter (an <img> address) works the same.
    const query = await t.app.request(
      `${media.url}?access_token=${encodeURIComponent(owner.token)}`,
    );
    expect(query.status).toBe(200);

    const stranger = await t.call('GET', media.url, { token: other.token });
    expect(stranger.body.resp_code).not.toBe(0);
    expect(stranger.body.datas).toBeNull();
    expect(stranger.text).not.toContain('PNG');
    const anonymous = await t.app.request(media.url);
    expect(anonymous.status).toBe(401);
  });

  it('are another seller’s own once they upload the same bytes, and still not the first one’s', async () => {
    const bytes = png(350);
    const mine = (await upload(bytes, 'same.png')).body.datas as Media;
    const before = await t.call('GET', mine.url, { token: other.token });
    expect(before.body.resp_code).not.toBe(0);
    const theirs = (await upload(bytes, 'same.png', other.token)).body.datas as Media;
    expect(theirs.key).toBe(mine.key);
    const after = await t.app.request(theirs.url, { headers: { access_token: other.token } });
    expect(after.status).toBe(200);
  });
});
