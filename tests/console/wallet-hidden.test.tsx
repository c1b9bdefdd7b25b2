import { randomUUID } from 'node:crypto';
import { recharge } from '@server/modules/wallet/wallet.service';
import { formatMoney } from '@shared/i18n/format';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeSeller, makeSubAccount } from '../support/accounts';
import { createTestApp, type TestApp } from '../support/app';
import { renderSignedIn } from '../support/console';
import { fillWords, readLocale } from '../support/locales';

const layout = readLocale('en', 'layout');
const dashboard = readLocale('en', 'dashboard');
const common = readLocale('en', 'common');

let t: TestApp;
let current: Awaited<ReturnType<typeof renderSignedIn>> | undefined;

beforeAll(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await current?.close();
  current = undefined;
});
afterAll(() => t.close());

/** A main account holding money, and a sub-account of it with these pages. */
async function subAccountOf(grants: { url: string; buttons: string[] }[]) {
  const main = await makeSeller(t, `hidden-main-${randomUUID()}@example.com`, []);
  await recharge({ db: t.db, clock: t.clock }, null, {
    ownerId: main.user.id,
    currency: 'THB',
    amount: 4_321_00,
    reference: { type: 'recharge', id: `R-${randomUUID()}` },
    idempotencyKey: `key-${randomUUID()}`,
  });
  const onboarded = await t.call('POST', '/api-user/user/onboarding', {
    token: main.token,
    json: { site: 'th', businessType: 'crossBorder' },
  });
  expect(onboarded.body.resp_code, onboarded.text).toBe(0);
  const email = `hidden-sub-${randomUUID()}@example.com`;
  const sub = await makeSubAccount(t, main.token, email, [], grants);
  // Its tours are done, so nothing covers the page.
  for (const guide of ['main', 'dashboard'])
    await t.call('POST', '/api-user/user/guide', {
      token: sub.token,
      json: { guide, outcome: 'finished' },
    });
  return { email, password: sub.password };
}

const amount = formatMoney(4_321_00, 'THB', 'en');

describe('a sub-account not granted the wallet', () => {
  it('sees no figures in the header or on the dashboard, and is told why', async () => {
    const sub = await subAccountOf([
      { url: '/cmpDashboard', buttons: [] },
      { url: '/pay/recharge', buttons: ['recharge'] },
    ]);
    current = await renderSignedIn(
      '/cmp/cmpDashboard',
      { username: sub.email, password: sub.password },
      { app: t },
    );
    const card = await screen.findByTestId('wallet-card', {}, { timeout: 10_000 });
    const hidden = within(card).getByTestId('wallet-hidden');
    expect(hidden.textContent).toContain(
      fillWords(dashboard.wallet.hidden, { page: common.routes.historyMoney }),
    );
    expect(within(card).queryByTestId('wallet-available')).toBeNull();
    expect(within(card).getByTestId('wallet-recharge')).toBeTruthy();
    expect(card.textContent).not.toContain('฿');

    const button = screen.getByTestId('balance-menu');
    expect(button.dataset.hidden).toBe('true');
    expect(button.textContent).not.toContain('฿');
    await userEvent.setup().click(button);
    expect((await screen.findByTestId('balance-hidden')).textContent).toBe(
      layout.header.balanceHidden,
    );
    expect(screen.queryByTestId('balance-figures')).toBeNull();
    expect(document.body.textContent).not.toContain(amount);
  });

  it('a granted sub-account sees its main account’s balance in the header', async () => {
    const sub = await subAccountOf([
      { url: '/cmpDashboard', buttons: [] },
      { url: '/other/historyMoney', buttons: [] },
    ]);
    current = await renderSignedIn(
      '/cmp/cmpDashboard',
      { username: sub.email, password: sub.password },
      { app: t },
    );
    const button = await screen.findByTestId('balance-menu', {}, { timeout: 10_000 });
    expect(button.dataset.hidden).toBeUndefined();
    await waitFor(() => expect(button.textContent).toContain(amount));
    const card = screen.getByTestId('wallet-card');
    expect(within(card).queryByTestId('wallet-hidden')).toBeNull();
    expect(within(card).getByTestId('wallet-available').textContent).toBe(amount);
  });
});
