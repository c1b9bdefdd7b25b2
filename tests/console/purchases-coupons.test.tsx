import { randomUUID } from 'node:crypto';
import { grantCoupon } from '@server/modules/coupons/coupons.service';
import { openWarehouse } from '@server/modules/warehouses/warehouses.service';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderSignedIn } from '../support/console';
import { fundedSeller, registerPurchasesApp, words } from './purchases-harness';

const app = registerPurchasesApp();

// The form's remark grows with its text (Mantine's autosize), which listens to the document's
// fonts: jsdom has none, a browser always does.
beforeAll(() => {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() },
  });
});
afterAll(() => {
  Reflect.deleteProperty(document, 'fonts');
});

/** A field by the start of its label. */
const labelled = (scope: HTMLElement, word: string) =>
  within(scope).getByLabelText(new RegExp(`^${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));

async function retype(element: HTMLElement, value: string) {
  await userEvent.clear(element);
  await userEvent.type(element, value);
}

/**
 * A select's options are looked up with `hidden`: jsdom runs no transition, so an opened list
 * never leaves its hidden first frame.
 */
const freightOption = () => screen.queryByRole('option', { name: /Freight 10/, hidden: true });

/** The options an opened select lists. */
function offeredBy(select: HTMLElement): (string | null)[] {
  const list = document.getElementById(select.getAttribute('aria-controls') ?? '');
  if (!list) throw new Error('the list is not open');
  return within(list)
    .queryAllByRole('option', { hidden: true })
    .map((option) => option.textContent);
}

describe('a purchase coupon in the create form', () => {
  it('offers a freight coupon once the whole estimate reaches its threshold, and no longer below it', async () => {
    const { t } = app;
    const s = await fundedSeller(t);
    await openWarehouse(t.deps, s.actor, {
      site: 'th',
      volume: 1,
      pay: true,
      idempotencyKey: randomUUID(),
      language: 'en',
    });
    // 400.00: far above any freight of the request, reached only by its whole estimate.
    await grantCoupon(t, null, {
      ownerId: s.user.id,
      name: { zh: '运费券', th: 'คูปองค่าขนส่ง', en: 'Freight 10' },
      type: 'cash',
      scope: 'domesticFreight',
      currency: 'THB',
      threshold: 40_000,
      maxOffset: 1_000,
      percentOff: null,
      validFrom: new Date('2026-11-01T00:00:00Z'),
      validTo: new Date('2026-12-31T00:00:00Z'),
    });
    // A general coupon without a threshold, offered at any estimate.
    await grantCoupon(t, null, {
      ownerId: s.user.id,
      name: { zh: '通用券', th: 'คูปองทั่วไป', en: 'Anything 1' },
      type: 'cash',
      scope: 'general',
      currency: 'THB',
      threshold: 0,
      maxOffset: 100,
      percentOff: null,
      validFrom: new Date('2026-11-01T00:00:00Z'),
      validTo: new Date('2026-12-31T00:00:00Z'),
    });
    app.current = await renderSignedIn(
      '/cmp/purchaseAndWarehouse/purchaseManageDetail?type=2',
      { username: s.email, password: s.password },
      { app: t },
    );
    const form = await screen.findByTestId('purchase-create', {}, { timeout: 10_000 });
    const price = labelled(form, words.fields.estimatedPrice);
    // 420.00 of goods and 30.00 of domestic freight: 450.00.
    await userEvent.type(price, '420');
    await retype(labelled(form, words.fields.domesticFreight), '30');
    const coupon = labelled(form, words.fields.coupon);
    await waitFor(
      async () => {
        if (coupon.getAttribute('aria-expanded') !== 'true') await userEvent.click(coupon);
        expect(offeredBy(coupon)).toEqual(['Freight 10 (−฿10.00)', 'Anything 1 (−฿1.00)']);
      },
      { timeout: 5_000 },
    );
    await userEvent.keyboard('{Escape}');
    // 300.00 in all: the threshold is missed and the coupon is no longer offered.
    await retype(price, '270');
    await waitFor(
      async () => {
        if (coupon.getAttribute('aria-expanded') !== 'true') await userEvent.click(coupon);
        expect(offeredBy(coupon)).toEqual(['Anything 1 (−฿1.00)']);
      },
      { timeout: 5_000 },
    );
    expect(freightOption()).toBeNull();
  });
});
