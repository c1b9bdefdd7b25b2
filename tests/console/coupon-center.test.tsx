import { CouponCenterPage } from '@console/features/coupons/coupon-center-page';
import { validateCouponCenterSearch } from '@console/features/coupons/coupon-center-search';
import {
  type GrantCouponInput,
  grantCoupon,
  holdCoupon,
  settleCoupon,
} from '@server/modules/coupons/coupons.service';
import { COUPON_STATES } from '@shared/contracts/coupons';
import type { Language } from '@shared/contracts/languages';
import { formatDate, formatMoney } from '@shared/i18n/format';
import { writeCookie } from '@shared/session/web-port';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeSeller } from '../support/accounts';
import { createTestApp, type TestApp } from '../support/app';
import { renderPageSignedIn, renderSignedIn } from '../support/console';
import { fillWords, readLocale } from '../support/locales';

const words = {
  en: readLocale('en', 'wallet').coupons,
  th: readLocale('th', 'wallet').coupons,
  zh: readLocale('zh', 'wallet').coupons,
};
const PAGE = '/cmp/other/couponCenter';
const DAY_MS = 24 * 60 * 60 * 1000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let current: { close(): Promise<void> } | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
});

let sellers = 0;
async function seller() {
  sellers += 1;
  const email = `coupon-center-${sellers}@example.com`;
  const made = await makeSeller(t, email, ['Shop A']);
  const onboarded = await t.call('POST', '/api-user/user/onboarding', {
    token: made.token,
    json: { site: 'th', businessType: 'crossBorder' },
  });
  expect(onboarded.body.resp_code, onboarded.text).toBe(0);
  return { ...made, email };
}

type Seller = Awaited<ReturnType<typeof seller>>;

const names = (en: string) => ({ en, th: `${en} (TH)`, zh: `${en}（中文）` });

/**
 * Coupons in every state, through the services orders use: two ready to use, one that expires
 * when the clock passes its validity, one held by a submitted order, one used by a completed one.
 */
async function seedCoupons(s: Seller) {
  const now = t.clock.now();
  const grant = (input: Omit<GrantCouponInput, 'ownerId' | 'currency'>) =>
    grantCoupon(t, null, { ownerId: s.user.id, currency: 'THB', ...input });
  const recharge = await grant({
    name: names('Top-up bonus'),
    type: 'cash',
    scope: 'recharge',
    threshold: 50_000,
    maxOffset: 5_000,
    percentOff: null,
    validFrom: new Date(now.getTime() - DAY_MS),
    validTo: new Date(now.getTime() + 30 * DAY_MS),
  });
  const freight = await grant({
    name: names('Freight saver'),
    type: 'discount',
    scope: 'internationalFreight',
    threshold: 0,
    maxOffset: 10_000,
    percentOff: 15,
    validFrom: new Date(now.getTime() - DAY_MS),
    validTo: new Date(now.getTime() + 10 * DAY_MS),
  });
  const shortLived = await grant({
    name: names('Weekend deal'),
    type: 'cash',
    scope: 'general',
    threshold: 0,
    maxOffset: 2_000,
    percentOff: null,
    validFrom: new Date(now.getTime() - DAY_MS),
    validTo: new Date(now.getTime() + DAY_MS),
  });
  const service = await grant({
    name: names('Service voucher'),
    type: 'cash',
    scope: 'serviceFee',
    threshold: 0,
    maxOffset: 3_000,
    percentOff: null,
    validFrom: new Date(now.getTime() - DAY_MS),
    validTo: new Date(now.getTime() + 20 * DAY_MS),
  });
  const purchase = await grant({
    name: names('Purchase discount'),
    type: 'discount',
    scope: 'purchaseFee',
    threshold: 20_000,
    maxOffset: 8_000,
    percentOff: 10,
    validFrom: new Date(now.getTime() - DAY_MS),
    validTo: new Date(now.getTime() + 20 * DAY_MS),
  });
  await holdCoupon(t, null, {
    ownerId: s.user.id,
    couponId: service.id,
    orderRef: 'trade:T-9001',
    scope: 'serviceFee',
    currency: 'THB',
    amount: 40_000,
    now,
  });
  await holdCoupon(t, null, {
    ownerId: s.user.id,
    couponId: purchase.id,
    orderRef: 'trade:T-9002',
    scope: 'purchaseFee',
    currency: 'THB',
    amount: 50_000,
    now,
  });
  // The order completed at ฿600.00: 10% of it, ฿60.00, under the ฿80.00 maximum.
  await settleCoupon(t, null, {
    ownerId: s.user.id,
    orderRef: 'trade:T-9002',
    actual: 60_000,
    now,
  });
  return { recharge, freight, shortLived, service, purchase };
}

/**
 * The coupon centre in the whole console, as the seller's menus let them reach it (one test: the
 * page in its shell, its route's guard and words loaded by the route).
 */
async function openInConsole(s: Seller, language: Language = 'en', path = PAGE) {
  writeCookie(document, 'cmp-language', language);
  const running = await renderSignedIn(
    path,
    { username: s.email, password: s.password },
    { app: t },
  );
  current = running;
  await screen.findByRole('heading', { name: words[language].title });
  return { running, user: userEvent.setup({ delay: null }) };
}

/**
 * The coupon centre alone, on its route (address and search as the console's), signed in with
 * the menus and buttons the seller's sign-in answered: the other tests are about the page, not
 * the shell around it, which took most of their rendering.
 */
async function open(s: Seller, language: Language = 'en', path = PAGE) {
  const running = await renderPageSignedIn(
    path,
    { username: s.email, password: s.password },
    {
      app: t,
      language,
      pages: { '/other/couponCenter': () => <CouponCenterPage /> },
      validateSearch: { '/other/couponCenter': validateCouponCenterSearch },
    },
  );
  current = running;
  await screen.findByRole('heading', { name: words[language].title });
  return { running, user: userEvent.setup({ delay: null }) };
}

const cards = () => screen.queryAllByTestId('coupon-card');
const cardNames = () => cards().map((card) => within(card).getByTestId('coupon-name').textContent);
const count = (tab: string) => screen.getByTestId(`coupon-count-${tab}`).textContent;
const part = (card: HTMLElement, testId: string) => within(card).getByTestId(testId).textContent;

describe('the coupon centre', () => {
  it('lists a coupon valid from a later day as not yet usable, with its start date and no “use”', async () => {
    const s = await seller();
    const now = t.clock.now();
    const starts = new Date(now.getTime() + 3 * DAY_MS);
    await grantCoupon(t, null, {
      ownerId: s.user.id,
      currency: 'THB',
      name: names('Early bird'),
      type: 'cash',
      scope: 'serviceFee',
      threshold: 0,
      maxOffset: 2_000,
      percentOff: null,
      validFrom: starts,
      validTo: new Date(now.getTime() + 30 * DAY_MS),
    });
    for (const language of ['zh', 'th', 'en'] as const) {
      const { running } = await open(s, language);
      await waitFor(() => expect(cardNames()).toEqual([names('Early bird')[language]]));
      const [card] = cards();
      if (!card) throw new Error('card missing');
      expect(part(card, 'coupon-status')).toBe(words[language].status.notStarted);
      expect(part(card, 'coupon-starts')).toBe(
        fillWords(words[language].card.startsOn, { date: formatDate(starts, language) }),
      );
      expect(within(card).queryByTestId('coupon-use')).toBeNull();
      await running.close();
      current = undefined;
    }
    // Once its day comes, it can be used.
    t.clock.advance(3 * DAY_MS + 60_000);
    await open(s);
    await waitFor(() => expect(cardNames()).toEqual(['Early bird']));
    const [card] = cards();
    if (!card) throw new Error('card missing');
    expect(part(card, 'coupon-status')).toBe(words.en.status.unused);
    expect(within(card).queryByTestId('coupon-starts')).toBeNull();
    expect(within(card).getByTestId('coupon-use').getAttribute('href')).toBe(
      '/cmp/pay/orderTrading',
    );
  });

  it('counts every tab, expires coupons by the clock, and shows what ready and expired coupons offer', async () => {
    const s = await seller();
    await seedCoupons(s);
    // Two days on, the short-lived coupon has passed its validity unused.
    t.clock.advance(2 * DAY_MS);
    const { running, user } = await openInConsole(s);
    const en = words.en;

    await waitFor(() => expect(cardNames()).toEqual(['Freight saver', 'Top-up bonus']));
    expect([count('unused'), count('used'), count('expired'), count('freezing')]).toEqual([
      '2',
      '1',
      '1',
      '1',
    ]);
    const [freight, topUp] = cards();
    if (!freight || !topUp) throw new Error('cards missing');
    expect(part(freight, 'coupon-value')).toBe(fillWords(en.card.percentOff, { percent: 15 }));
    expect(part(freight, 'coupon-offset')).toBe(
      fillWords(en.card.upTo, { amount: formatMoney(10_000, 'THB', 'en') }),
    );
    expect(part(freight, 'coupon-threshold')).toBe(en.card.noThreshold);
    expect(part(topUp, 'coupon-value')).toBe(formatMoney(5_000, 'THB', 'en'));
    expect(part(topUp, 'coupon-threshold')).toBe(
      fillWords(en.card.threshold, { amount: formatMoney(50_000, 'THB', 'en') }),
    );
    // "Use" leads to where each can be used: a recharge coupon to recharge, others to payment.
    expect(within(topUp).getByTestId('coupon-use').getAttribute('href')).toBe('/cmp/pay/recharge');
    expect(within(freight).getByTestId('coupon-use').getAttribute('href')).toBe(
      '/cmp/pay/orderTrading',
    );

    await user.click(screen.getByTestId('coupon-tab-expired'));
    await waitFor(() => expect(cardNames()).toEqual(['Weekend deal']));
    expect(running.router.state.location.search).toMatchObject({ status: 'expired' });
    const [expired] = cards();
    if (!expired) throw new Error('card missing');
    expect(part(expired, 'coupon-status')).toBe(en.status.expired);
    expect(within(expired).queryByTestId('coupon-use')).toBeNull();
  });

  it('shows the order holding or having used a coupon and what it took off; the tabs answer the keyboard', async () => {
    const s = await seller();
    await seedCoupons(s);
    const { running, user } = await open(s, 'en', `${PAGE}?status=freezing`);
    const en = words.en;
    await waitFor(() => expect(cardNames()).toEqual(['Service voucher']));
    const [held] = cards();
    if (!held) throw new Error('card missing');
    expect(within(held).getByTestId('coupon-order').textContent).toContain(
      fillWords(en.card.heldBy, { order: 'T-9001' }),
    );
    expect(part(held, 'coupon-discount')).toBe(
      fillWords(en.card.discount, { amount: formatMoney(3_000, 'THB', 'en') }),
    );

    // From "On hold" back to "Expired" (none here), then "Used", by the arrow keys.
    screen.getByTestId('coupon-tab-freezing').focus();
    await user.keyboard('{ArrowLeft}');
    expect(await screen.findByTestId('coupon-empty')).toBeTruthy();
    expect(running.router.state.location.search).toMatchObject({ status: 'expired' });
    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(cardNames()).toEqual(['Purchase discount']));
    expect(running.router.state.location.search).toMatchObject({ status: 'used' });
    const [used] = cards();
    if (!used) throw new Error('card missing');
    expect(within(used).getByTestId('coupon-order').textContent).toContain(
      fillWords(en.card.usedOn, { order: 'T-9002' }),
    );
    expect(part(used, 'coupon-discount')).toBe(
      fillWords(en.card.discount, { amount: formatMoney(6_000, 'THB', 'en') }),
    );
  });

  it('shows scope, threshold and validity in the chosen language', async () => {
    const s = await seller();
    const { recharge, freight } = await seedCoupons(s);
    await open(s, 'th');
    const th = words.th;
    await waitFor(() => expect(cards()).toHaveLength(3));
    const card = (id: string) => {
      const found = cards().find((candidate) => candidate.dataset.id === id);
      if (!found) throw new Error(`no card ${id}`);
      return found;
    };
    const topUp = card(recharge.id);
    expect(part(topUp, 'coupon-name')).toBe('Top-up bonus (TH)');
    expect(part(topUp, 'coupon-scope')).toBe(
      fillWords(th.card.scope, { scope: th.scopes.recharge }),
    );
    expect(part(topUp, 'coupon-threshold')).toBe(
      fillWords(th.card.threshold, { amount: formatMoney(50_000, 'THB', 'th') }),
    );
    expect(part(topUp, 'coupon-validity')).toBe(
      fillWords(th.card.validity, {
        from: formatDate(recharge.validFrom, 'th'),
        to: formatDate(recharge.validTo, 'th'),
      }),
    );
    expect(part(topUp, 'coupon-status')).toBe(th.status.unused);
    const saver = card(freight.id);
    expect(part(saver, 'coupon-scope')).toBe(
      fillWords(th.card.scope, { scope: th.scopes.internationalFreight }),
    );
    expect(part(saver, 'coupon-threshold')).toBe(th.card.noThreshold);
    expect(part(saver, 'coupon-value')).toBe(fillWords(th.card.percentOff, { percent: 15 }));
    expect(screen.getByTestId('coupon-tab-freezing').textContent).toContain(th.tabs.freezing);
  });

  it('filters by scope in the address, counting under the filter, and clears it', async () => {
    const s = await seller();
    await seedCoupons(s);
    const { running, user } = await open(s);
    const en = words.en;
    await waitFor(() => expect(cards()).toHaveLength(3));

    await user.click(screen.getByRole('combobox', { name: en.filters.scope }));
    await user.click(await screen.findByRole('option', { name: en.scopes.recharge }));
    await waitFor(() => expect(cardNames()).toEqual(['Top-up bonus']));
    expect(running.router.state.location.search).toMatchObject({ scope: 'recharge' });
    expect([count('unused'), count('used'), count('expired'), count('freezing')]).toEqual([
      '1',
      '0',
      '0',
      '0',
    ]);

    await user.click(screen.getByTestId('coupon-tab-used'));
    expect(await screen.findByText(en.empty.filteredTitle)).toBeTruthy();
    expect(running.router.state.location.search).toMatchObject({
      status: 'used',
      scope: 'recharge',
    });
    await user.click(screen.getByRole('button', { name: en.actions.clearFilters }));
    await waitFor(() => expect(cardNames()).toEqual(['Purchase discount']));
    expect(running.router.state.location.search).not.toHaveProperty('scope');
  });

  it('says what each empty tab is for', async () => {
    const s = await seller();
    const { user } = await open(s, 'zh');
    const zh = words.zh;
    const empty = await screen.findByTestId('coupon-empty');
    expect(empty.dataset.status).toBe('unused');
    expect(within(empty).getByText(zh.empty.unusedTitle)).toBeTruthy();
    for (const tab of COUPON_STATES.filter((state) => state !== 'unused')) {
      await user.click(screen.getByTestId(`coupon-tab-${tab}`));
      await waitFor(() => expect(screen.getByTestId('coupon-empty').dataset.status).toBe(tab));
      expect(screen.getByText(zh.empty[`${tab}Title`])).toBeTruthy();
      expect(count(tab)).toBe('0');
    }
  });
});
