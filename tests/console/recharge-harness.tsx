import { formatMoney } from '@shared/i18n/format';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { makeSeller } from '../support/accounts';
import { createTestApp, interceptRequests, type TestApp } from '../support/app';
import { renderSignedIn } from '../support/console';
import { readLocale } from '../support/locales';

export const en = {
  pay: readLocale('en', 'pay'),
  common: readLocale('en', 'common'),
  errors: readLocale('en', 'errors'),
};
export const PAGE = '/cmp/pay/recharge';
export const MINUTE = 60_000;
export const thb = (minor: number) => formatMoney(minor, 'THB', 'en');

export let t: TestApp;
/** Requests the app received from the console. */
export let requests: { method: string; path: string; key: string | null }[] = [];
/** When set, the next answer to this path is lost on the way back (the request did reach the app). */
export let loseAnswerOf: string | null = null;

export let current: { close(): Promise<void> } | undefined;

export let sellers = 0;
/** A main account of its own on the Thai site (a THB wallet), onboarded, with nothing in it. */
export async function seller() {
  sellers += 1;
  const email = `recharge-${sellers}@example.com`;
  const made = await makeSeller(t, email, []);
  const onboarded = await t.call('POST', '/api-user/user/onboarding', {
    token: made.token,
    json: { site: 'th', businessType: 'crossBorder' },
  });
  expect(onboarded.body.resp_code, onboarded.text).toBe(0);
  return { ...made, email };
}

export async function optionsOf(token: string) {
  const res = await t.call('GET', '/api-user/pay/recharge/options', { token });
  expect(res.body.resp_code, res.text).toBe(0);
  return res.body.datas as {
    currency: string;
    presets: number[];
    customMin: number;
    customMax: number;
    channels: {
      channel: string;
      currency: string;
      rate: string;
      rateDate: string;
      stale: boolean;
      sandbox: boolean;
    }[];
    sandboxPayerUrl: string | null;
  };
}

export async function orderOf(token: string, orderNo: string) {
  const res = await t.call('GET', `/api-user/pay/order?orderNo=${orderNo}`, { token });
  expect(res.body.resp_code, res.text).toBe(0);
  return res.body.datas as {
    orderNo: string;
    status: string;
    closeReason: string | null;
    qrContent: string | null;
    payAmount: number;
    payCurrency: string;
  };
}

/** The payer scans the code and pays (or fails) it in the sandbox. */
export async function payInSandbox(qrContent: string, outcome: 'paid' | 'failed' = 'paid') {
  const response = await t.sandbox.fetch(
    new Request('http://sandbox.test/pay/api/confirm', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ qrContent, outcome }),
    }),
  );
  const body = (await response.json()) as Record<string, unknown>;
  expect(response.status, JSON.stringify(body)).toBe(200);
  expect(body).toMatchObject({ status: outcome, delivered: true });
}

export async function open(username: string, password: string, path = PAGE) {
  const running = await renderSignedIn(path, { username, password }, { app: t });
  current = running;
  return { running, user: userEvent.setup() };
}

export const custom = () => screen.getByTestId('custom-amount') as HTMLInputElement;
export const shownQr = () => screen.getByTestId('payment-qr').getAttribute('data-content');
export const orderNoInAddress = (running: {
  router: { state: { location: { search: unknown } } };
}) => (running.router.state.location.search as { orderNo?: string }).orderNo;
/** The available balance the header shows (its dropdown's button). */
export const headerBalance = () => screen.getByTestId('balance-menu').textContent;

/** Sets `loseAnswerOf` from a test file (an import cannot be assigned). */
export function setLoseAnswerOf(value: typeof loseAnswerOf) {
  loseAnswerOf = value;
}

/** The hooks every file of these tests registers: its app, and what each test leaves reset. */
export function registerRechargeTests() {
  beforeAll(async () => {
    t = await createTestApp();
    // The QR code's countdown is read against the browser's clock: the server's starts at the same time.
    t.clock.set(new Date());
    interceptRequests(t.app, async (request, next) => {
      const path = new URL(request.url).pathname;
      requests.push({ method: request.method, path, key: request.headers.get('Idempotency-Key') });
      const response = await next(request);
      if (loseAnswerOf === path) {
        loseAnswerOf = null;
        throw new TypeError('Failed to fetch');
      }
      return response;
    });
  });
  afterAll(() => t.close());
  afterEach(async () => {
    await current?.close();
    current = undefined;
    requests = [];
    loseAnswerOf = null;
  });
}
