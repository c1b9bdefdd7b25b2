import { randomUUID } from 'node:crypto';
import type { Actor } from '@server/context';
import { recharge } from '@server/modules/wallet/wallet.service';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { makeSeller } from '../support/accounts';
import { createTestApp, type TestApp } from '../support/app';
import { readLocale } from '../support/locales';

/** What the purchase and warehouse screen tests share: an app, its clock and a funded seller. */
export const words = readLocale('en', 'purchases');

export function registerPurchasesApp() {
  const state: { t: TestApp; current?: { close(): Promise<void> } | undefined } = {
    t: undefined as unknown as TestApp,
  };
  beforeAll(async () => {
    state.t = await createTestApp();
    // 21 November in Bangkok: 10 of November's 30 days are left.
    state.t.clock.set(new Date('2026-11-21T03:00:00.000Z'));
  });
  afterAll(() => state.t.close());
  afterEach(async () => {
    await state.current?.close();
    state.current = undefined;
  });
  return state;
}

export async function fundedSeller(t: TestApp) {
  const email = `po-console-${randomUUID()}@example.com`;
  const made = await makeSeller(t, email, ['Shop A']);
  const onboarded = await t.call('POST', '/api-user/user/onboarding', {
    token: made.token,
    json: { site: 'th', businessType: 'crossBorder' },
  });
  expect(onboarded.body.resp_code, onboarded.text).toBe(0);
  await recharge({ db: t.db, clock: t.clock }, null, {
    ownerId: made.user.id,
    currency: 'THB',
    amount: 500_000,
    reference: { type: 'recharge', id: randomUUID() },
    idempotencyKey: randomUUID(),
  });
  const actor: Actor = {
    userId: made.user.id,
    sessionId: 'test',
    roles: ['BUYER'],
    parentId: null,
    ownerId: made.user.id,
    isMain: true,
    routes: [],
    shopIds: null,
  };
  return { ...made, email, actor };
}
