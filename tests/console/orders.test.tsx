import { randomUUID } from 'node:crypto';
import { platformOrders } from '@server/db/schema/index';
import { recharge } from '@server/modules/wallet/wallet.service';
import { formatMoney } from '@shared/i18n/format';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeSeller } from '../support/accounts';
import { createTestApp, type TestApp } from '../support/app';
import { renderSignedIn } from '../support/console';
import { fillWords, readLocale } from '../support/locales';

const en = readLocale('en', 'orders');
const PAGE = '/cmp/thirdPartyPlatform/orderManage';

let t: TestApp;
let current: { close(): Promise<void> } | undefined;
beforeAll(async () => {
  t = await createTestApp();
  // The page's default range is read off the browser's clock: the server's stands at its noon.
  const midday = new Date();
  midday.setHours(12, 0, 0, 0);
  t.clock.set(midday);
});
afterAll(() => t.close());
afterEach(async () => {
  await current?.close();
  current = undefined;
});

async function seller() {
  const email = `orders-page-${randomUUID()}@example.com`;
  const made = await makeSeller(t, email, ['Lazada shop', 'Shopee shop']);
  const onboarded = await t.call('POST', '/api-user/user/onboarding', {
    token: made.token,
    json: { site: 'th', businessType: 'crossBorder' },
  });
  expect(onboarded.body.resp_code, onboarded.text).toBe(0);
  return { ...made, email };
}

async function addOrder(
  s: Awaited<ReturnType<typeof seller>>,
  index: number,
  status: string,
  hoursAgo: number,
) {
  const shop = s.shops[index];
  if (!shop) throw new Error('no shop');
  const at = new Date(t.clock.now().getTime() - hoursAgo * 3_600_000);
  const [row] = await t.db
    .insert(platformOrders)
    .values({
      shopId: shop.id,
      ownerId: s.user.id,
      platform: shop.platform as 'lazada',
      externalId: `9${String(hoursAgo).padStart(11, '0')}`,
      status,
      currency: 'THB',
      totalMinor: 45_000,
      buyerName: 'Buyer',
      receiver: { name: 'Somchai', phone: '0812345678', address: '1 Sukhumvit Road' },
      paymentMethod: 'COD',
      items: [
        {
          externalId: 'i1',
          productExternalId: `p-${hoursAgo}`,
          skuExternalId: 's1',
          sellerSku: 'LAMP-1',
          name: 'Desk lamp',
          variation: 'Colour: black',
          image: null,
          quantity: 1,
          unitPriceMinor: 45_000,
        },
      ],
      platformCreatedAt: at,
      platformUpdatedAt: at,
      raw: null,
      syncedAt: at,
    })
    .returning({ id: platformOrders.id });
  return row?.id ?? '';
}

async function open(s: { email: string; password: string }, path = PAGE) {
  current = await renderSignedIn(path, { username: s.email, password: s.password }, { app: t });
  await screen.findByRole('heading', { name: en.title, level: 2 });
  return { running: current, user: userEvent.setup() };
}

const rows = () => screen.queryAllByTestId('order-row');

describe('the orders page', () => {
  it('counts every tab, lists a tab, and opens the order a message names', async () => {
    const s = await seller();
    const pending = await addOrder(s, 0, 'pending', 2);
    await addOrder(s, 0, 'canceled', 3);
    await addOrder(s, 1, 'SOMETHING_NEW', 4);
    const { running, user } = await open(s, `${PAGE}?orderId=${pending}`);

    // The message target: the drawer opens on that order.
    const drawer = await screen.findByTestId('order-detail-body');
    expect(drawer.dataset.orderId).toBe(pending);
    expect(within(drawer).getByText('Desk lamp')).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(running.router.state.location.search).not.toHaveProperty('orderId'));

    await waitFor(() => expect(screen.getByTestId('orders-count-all').textContent).toBe('3'));
    expect(screen.getByTestId('orders-count-waitDeal').textContent).toBe('1');
    expect(screen.getByTestId('orders-count-cancel').textContent).toBe('1');
    expect(screen.getByTestId('orders-count-other').textContent).toBe('1');
    await waitFor(() => expect(rows()).toHaveLength(3));

    await user.click(screen.getByTestId('orders-tab-other'));
    await waitFor(() => expect(rows()).toHaveLength(1));
    const [unknown] = rows();
    expect(unknown?.dataset.status).toBe('unknown');
    expect(
      within(unknown as HTMLElement).getByText(
        fillWords(en.list.unknownRaw, { raw: 'SOMETHING_NEW' }),
      ),
    ).toBeTruthy();
    expect(running.router.state.location.search).toMatchObject({ tab: 'other' });
    // Remembered for the tab's next visit inside the console (cmp-search-query).
    expect(sessionStorage.getItem('cmp-search-query')).toContain('"tab":"other"');
  });

  it('processes an order with its purchase link and shows the frozen estimate', async () => {
    const s = await seller();
    await recharge({ db: t.db, clock: t.clock }, null, {
      ownerId: s.user.id,
      currency: 'THB',
      amount: 1_000_000,
      reference: { type: 'recharge', id: randomUUID() },
      idempotencyKey: randomUUID(),
    });
    const orderId = await addOrder(s, 0, 'pending', 1);
    const { user } = await open(s, `${PAGE}?tab=waitDeal`);
    await waitFor(() => expect(rows()).toHaveLength(1));
    await user.click(screen.getByTestId('order-process'));
    await screen.findByTestId('process-missing-link');
    expect((screen.getByTestId('process-submit') as HTMLButtonElement).disabled).toBe(true);

    await user.click(screen.getByTestId('process-add-link'));
    await user.type(await screen.findByTestId('link-url'), 'https://detail.1688.com/offer/1.html');
    await user.type(screen.getByTestId('link-price'), '25');
    await user.click(screen.getByTestId('link-save'));
    await waitFor(() => expect(screen.queryByTestId('process-missing-link')).toBeNull());

    const toFreeze = await screen.findByTestId('process-to-freeze');
    await waitFor(() => expect(toFreeze.textContent).not.toBe(''));
    const estimate = toFreeze.textContent;
    await waitFor(() =>
      expect((screen.getByTestId('process-submit') as HTMLButtonElement).disabled).toBe(false),
    );
    await user.click(screen.getByTestId('process-submit'));

    // The order now carries a pending service order; its details show what was frozen.
    await waitFor(() => expect(screen.queryByTestId('process-form')).toBeNull());
    const service = await screen.findByTestId('order-service');
    await waitFor(() => expect(service.dataset.serviceStatus).toBe('pending'));
    await user.click(within(rows()[0] as HTMLElement).getByTestId('order-open'));
    const frozen = await screen.findByTestId('service-frozen');
    expect(frozen.textContent).toBe(estimate);
    const detail = await t.call('GET', `/order/order/orderDetail?orderId=${orderId}`, {
      token: s.token,
    });
    expect(frozen.textContent).toBe(
      formatMoney(detail.body.datas.serviceOrders[0].frozen, 'THB', 'en'),
    );
  });
});
