import { verifyLedger } from '@server/modules/wallet/ledger-verify';
import { DEMO_ACCOUNT, seedDemo } from '@server/seed/demo';
import { DEMO_SERVICE_OPERATOR } from '@server/seed/services';
import { SERVICE_STATUSES } from '@shared/contracts/service-orders';
import { SERVICE_STEP_KEYS } from '@shared/contracts/service-steps';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../support/accounts';
import { createTestApp, type TestApp } from '../support/app';

/** The demo's services as `npm start` seeds them: every status and step, with photos, one story with the wallet. */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ sandboxShops: true });
  await seedDemo(t.deps);
  token = await login(t, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
});
afterAll(() => t.close());

const read = async (path: string, as = token) => {
  const res = await t.call('GET', path, { token: as });
  expect(res.body.resp_code, res.text).toBe(0);
  return res.body.datas;
};

describe('the demo services', () => {
  it('are in every status and at every step, with photos the seller can open', async () => {
    const page = await read('/order/service/progress/list?beginTime=2000-01-01 00:00:00&limit=100');
    const rows = page.records as { serviceNo: string; status: string; currentStep: string }[];
    expect(new Set(rows.map((row) => row.status))).toEqual(new Set(SERVICE_STATUSES));
    const reached = new Set<string>();
    let photo: string | null = null;
    for (const row of rows) {
      const detail = await read(`/order/service/progress/detail?serviceNo=${row.serviceNo}`);
      for (const step of detail.steps as {
        step: string;
        done: boolean;
        proofs: { url: string }[];
      }[])
        if (step.done) {
          reached.add(step.step);
          photo ??= step.proofs[0]?.url ?? null;
        }
      if (detail.status === 'completed')
        expect(detail.amounts.charged + detail.amounts.released).toBe(detail.amounts.frozen);
    }
    expect([...reached].sort()).toEqual([...SERVICE_STEP_KEYS].sort());
    expect(photo).not.toBeNull();
    const image = await t.call('GET', photo ?? '', { token });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect((await verifyLedger(t, null)).violations).toEqual([]);
  });

  it('has a service operator who finds the open ones in the queue', async () => {
    const operator = await login(t, DEMO_SERVICE_OPERATOR.email, DEMO_SERVICE_OPERATOR.password);
    const queue = await read('/order/service/operate/queue?limit=100', operator);
    expect(queue.records.length).toBeGreaterThanOrEqual(5);
    for (const row of queue.records) expect(['pending', 'processing']).toContain(row.status);
  });
});
