import { activityEvents } from '@server/db/schema/index';
import { ACTIVITY_LIMIT } from '@server/modules/activity/activity.service';
import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSeller } from '../support/accounts';
import { createTestApp, type TestApp } from '../support/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const REPORT = { page: 'orderManage', seconds: 5, clicks: 3, scrolls: 1, active: true };

const save = (json: unknown, token?: string) =>
  t.call('POST', '/api-user/public/event/save', {
    json,
    client: false,
    ...(token ? { token } : {}),
  });

async function latest() {
  const [row] = await t.db.select().from(activityEvents).orderBy(desc(activityEvents.id)).limit(1);
  return row;
}

describe('POST /api-user/public/event/save', () => {
  it('stores a report without a token, for no account', async () => {
    const res = await save(REPORT);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ resp_code: 0, datas: null });
    expect(await latest()).toMatchObject({
      ...REPORT,
      userId: null,
      createdAt: t.clock.now(),
    });
  });

  it('records the account when a live token comes with the report', async () => {
    const seller = await makeSeller(t, 'activity@example.com', []);
    const res = await save({ ...REPORT, page: 'serviceProgress', clicks: 0 }, seller.token);
    expect(res.body.resp_code).toBe(0);
    expect(await latest()).toMatchObject({ page: 'serviceProgress', userId: seller.user.id });
  });

  it('stores the report for no account when the token is dead, and does not end anything', async () => {
    const res = await save(REPORT, 'no-such-token-0123456789');
    expect(res.status).toBe(200);
    expect(res.body.resp_code).toBe(0);
    expect((await latest())?.userId).toBeNull();
  });

  it.each([
    [{ ...REPORT, page: 'cmpDashboard' }, 'page'],
    [{ ...REPORT, clicks: -1 }, 'clicks'],
    [{ ...REPORT, seconds: 61 }, 'seconds'],
    [{ ...REPORT, scrolls: 1.5 }, 'scrolls'],
    [{ page: 'orderManage' }, 'seconds'],
  ])('refuses %j, naming %s, and stores nothing', async (json, field) => {
    const before = (await latest())?.id;
    const res = await save(json);
    expect(res.body.key).toBe('VALIDATION_FAILED');
    expect(res.body.datas.fields.map((f: { field: string }) => f.field)).toContain(field);
    expect((await latest())?.id).toBe(before);
  });

  it('limits the reports of one address per minute, then lets them through again', async () => {
    t.clock.advance(ACTIVITY_LIMIT.windowMs + 1_000);
    for (let i = 0; i < ACTIVITY_LIMIT.max; i++) {
      const res = await save(REPORT);
      expect(res.body.resp_code, `report ${i + 1}`).toBe(0);
    }
    const before = (await latest())?.id;
    const limited = await save(REPORT);
    expect(limited.body).toMatchObject({ key: 'RATE_LIMITED', resp_code: 429 });
    expect((await latest())?.id).toBe(before);
    // A minute after those reports (all at one instant here), the address may report again.
    t.clock.advance(ACTIVITY_LIMIT.windowMs + 1);
    expect((await save(REPORT)).body.resp_code).toBe(0);
  });
});
