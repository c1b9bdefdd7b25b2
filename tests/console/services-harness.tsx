import { File as NodeFile } from 'node:buffer';
import { randomUUID } from 'node:crypto';
import { createAccount } from '@server/modules/accounts/accounts.service';
import { recharge } from '@server/modules/wallet/wallet.service';
import { afterAll, afterEach, beforeAll, expect, onTestFinished } from 'vitest';
import { makeSeller } from '../support/accounts';
import { createTestApp, type TestApp } from '../support/app';
import { readLocale } from '../support/locales';

/** What the service screen tests share: an app, its clock, funded sellers and an operator. */
export const words = readLocale('en', 'services');
export const errorWords = readLocale('en', 'errors');

export function registerServicesApp() {
  const state: { t: TestApp; current?: { close(): Promise<void> } | undefined } = {
    t: undefined as unknown as TestApp,
  };
  beforeAll(async () => {
    state.t = await createTestApp();
    state.t.clock.set(new Date('2026-11-21T03:00:00.000Z'));
  });
  afterAll(() => state.t.close());
  afterEach(async () => {
    await state.current?.close();
    state.current = undefined;
  });
  return state;
}

/** A Thai-site seller (wallet in THB) with `amount` satang in the wallet. */
export async function seller(t: TestApp, amount = 500_000) {
  const email = `sv-console-${randomUUID()}@example.com`;
  const made = await makeSeller(t, email, ['Shop A']);
  const onboarded = await t.call('POST', '/api-user/user/onboarding', {
    token: made.token,
    json: { site: 'th', businessType: 'crossBorder' },
  });
  expect(onboarded.body.resp_code, onboarded.text).toBe(0);
  if (amount > 0)
    await recharge({ db: t.db, clock: t.clock }, null, {
      ownerId: made.user.id,
      currency: 'THB',
      amount,
      reference: { type: 'recharge', id: randomUUID() },
      idempotencyKey: randomUUID(),
    });
  return { ...made, email };
}

/** The service operator: our staff who move services step by step. */
export async function serviceOperator(t: TestApp) {
  const email = `sv-operator-${randomUUID()}@example.com`;
  const password = 'Operator-pass1';
  await createAccount(t, null, {
    email,
    password,
    name: 'Service Operator',
    role: 'SERVICE_OPERATOR',
    site: 'th',
  });
  const login = await t.call('POST', '/api-uaa/oauth/loginByPassword', {
    json: { username: email, password },
  });
  expect(login.body.resp_code, login.text).toBe(0);
  const token = login.body.datas.access_token as string;
  // Every account passes the first sign-in's onboarding step (site and business type).
  const onboarded = await t.call('POST', '/api-user/user/onboarding', {
    token,
    json: { site: 'th', businessType: 'crossBorder' },
  });
  expect(onboarded.body.resp_code, onboarded.text).toBe(0);
  return { email, password, token };
}

/** Buys bubble wrap through the API, as the market's form would. */
export async function buyWrap(t: TestApp, token: string, lengthCm: number, couponId?: string) {
  const bought = await t.call('POST', '/order/service/market/buy', {
    token,
    headers: { 'Idempotency-Key': randomUUID() },
    json: {
      line: { code: 'bubbleWrap', quantities: { lengthCm } },
      ...(couponId ? { couponId } : {}),
    },
  });
  expect(bought.body.resp_code, bought.text).toBe(0);
  return bought.body.datas as { serviceNo: string; amounts: { frozen: number } };
}

/**
 * The server runs in-process under jsdom's globals; its upload route checks `file instanceof File`
 * (its multipart parser makes Node Files) and the database driver `bytea instanceof Uint8Array`.
 * They get Node's classes for the test, as they have in production.
 */
export function withNodeFiles() {
  const JsdomFile = globalThis.File;
  const JsdomUint8Array = globalThis.Uint8Array;
  globalThis.File = NodeFile as unknown as typeof File;
  globalThis.Uint8Array = Object.getPrototypeOf(Buffer.prototype).constructor;
  const restore = () => {
    globalThis.File = JsdomFile;
    globalThis.Uint8Array = JsdomUint8Array;
  };
  onTestFinished(restore);
  return { JsdomFile, restore };
}
