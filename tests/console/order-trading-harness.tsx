import { randomUUID } from 'node:crypto';
import { createTradeOrder } from '@server/modules/payments/trade-orders.service';
import { recharge } from '@server/modules/wallet/wallet.service';
import { formatMoney } from '@shared/i18n/format';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { makeSeller } from '../support/accounts';
import { createTestApp, type TestApp } from '../support/app';
import { renderSignedIn } from '../support/console';
import { readLocale } from '../support/locales';

export const en = {
  pay: readLocale('en', 'pay'),
  common: readLocale('en', 'common'),
};
export const PAGE = '/cmp/pay/orderTrading';
export const DAY = 24 * 60 * 60_000;
export const thb = (minor: number) => formatMoney(minor, 'THB', 'en');

export let t: TestApp;

export let current: { close(): Promise<void> } | undefined;

export let sellers = 0;
/** A main account of its own on the Thai site, onboarded, with `balance` baht-cents in its wallet. */
export async function seller(balance: number) {
  sellers += 1;
  const email = `order-trading-${sellers}@example.com`;
  const made = await makeSeller(t, email, []);
  const onboarded = await t.call('POST', '/api-user/user/onboarding', {
    token: made.token,
    json: { site: 'th', businessType: 'crossBorder' },
  });
  expect(onboarded.body.resp_code, onboarded.text).toBe(0);
  if (balance > 0)
    await recharge({ db: t.db, clock: t.clock }, null, {
      ownerId: made.user.id,
      currency: 'THB',
      amount: balance,
      idempotencyKey: `seed-${randomUUID()}`,
      reference: { type: 'test', id: `seed-${sellers}` },
    });
  return { ...made, email };
}

/** An order of two lines to pay, service fees in baht. */
export function serviceOrder(ownerId: string, unitPrice: number, quantity = 2) {
  return createTradeOrder(t, null, {
    ownerId,
    title: { zh: '打包服务', th: 'บริการแพ็กสินค้า', en: 'Packing service' },
    scope: 'serviceFee',
    currency: 'THB',
    lines: [
      {
        name: { zh: '气泡膜', th: 'บับเบิลกันกระแทก', en: 'Bubble wrap' },
        quantity,
        unitPrice,
      },
    ],
  });
}

export async function usable(token: string, amount: number) {
  const res = await t.call(
    'GET',
    `/api-user/coupon/usable?scope=serviceFee&currency=THB&amount=${amount}`,
    { token },
  );
  expect(res.body.resp_code, res.text).toBe(0);
  return res.body.datas as { coupon: { id: string }; discount: number }[];
}

export async function available(token: string) {
  const res = await t.call('GET', '/api-user/wallet/summary', { token });
  expect(res.body.resp_code, res.text).toBe(0);
  return (res.body.datas.wallets as { currency: string; available: number }[]).find(
    (wallet) => wallet.currency === 'THB',
  )?.available;
}

export async function open(username: string, password: string, path = PAGE) {
  const running = await renderSignedIn(path, { username, password }, { app: t });
  current = running;
  return { running, user: userEvent.setup() };
}

export const headerBalance = () => screen.getByTestId('balance-menu').textContent;

/** The hooks every file of these tests registers: its app, and what each test leaves reset. */
export function registerOrderTradingTests() {
  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set(new Date());
  });
  afterAll(() => t.close());
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
}
