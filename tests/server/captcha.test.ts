import { captchaChallenges } from '@server/db/schema/index';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { humanTrail } from '../support/accounts';
import { createTestApp, type TestApp } from '../support/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function challenge() {
  const res = await t.call('GET', '/api-user/public/slider/challenge');
  const [row] = await t.db
    .select()
    .from(captchaChallenges)
    .where(eq(captchaChallenges.id, res.body.datas.id));
  return { datas: res.body.datas, targetX: row?.targetX ?? -1 };
}

const verify = (id: string, x: number, trail = humanTrail(x)) =>
  t.call('POST', '/api-user/public/slider/verify', { json: { id, x, trail } });

describe('slider check', () => {
  it('sends two PNG images and never the gap’s position', async () => {
    const { datas, targetX } = await challenge();
    expect(datas).toMatchObject({ width: 320, height: 160, pieceSize: 56 });
    for (const image of [datas.background, datas.piece]) {
      const bytes = Buffer.from(image.replace(/^data:image\/png;base64,/, ''), 'base64');
      expect(bytes.subarray(1, 4).toString()).toBe('PNG');
    }
    expect(targetX).toBeGreaterThan(56);
    expect(JSON.stringify(datas)).not.toMatch(/"(x|target|targetX)":/);
  });

  it('passes a piece let go at the gap after a human drag, and gives a token', async () => {
    const { datas, targetX } = await challenge();
    const res = await verify(datas.id, targetX + 3);
    expect(res.body.datas.captchaToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect((await verify(datas.id, targetX)).body.key).toBe('CAPTCHA_FAILED');
  });

  it('fails a piece let go off the gap, a jump without a drag, and ends the puzzle after 3 tries', async () => {
    const { datas, targetX } = await challenge();
    expect((await verify(datas.id, targetX + 12)).body.key).toBe('CAPTCHA_FAILED');
    expect(
      (
        await verify(datas.id, targetX, [
          [0, 0],
          [5, targetX],
        ])
      ).body.key,
    ).toBe('CAPTCHA_FAILED');
    expect((await verify(datas.id, targetX - 9)).body.key).toBe('CAPTCHA_FAILED');
    expect((await verify(datas.id, targetX)).body.key).toBe('CAPTCHA_FAILED');
  });

  it('expires after two minutes', async () => {
    const { datas, targetX } = await challenge();
    t.clock.advance(2 * 60 * 1000 + 1);
    expect((await verify(datas.id, targetX)).body.key).toBe('CAPTCHA_FAILED');
  });
});
