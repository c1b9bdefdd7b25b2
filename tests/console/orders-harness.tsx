import { randomUUID } from 'node:crypto';
import { platformOrders } from '@server/db/schema/index';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { makeSeller } from '../support/accounts';
import { createTestApp, type TestApp } from '../support/app';
import { renderSignedIn } from '../support/console';
import { readLocale } from '../support/locales';

export const en = readLocale('en', 'orders');
export const PAGE = '/cmp/thirdPartyPlatform/orderManage';

export let t: TestApp;
let current: { close(): Promise<void> } | undefined;

/** The hooks every file of these tests registers: its app, and the page closed after each test. */
export function registerOrdersTests() {
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
}

export async function seller() {
  const email = `orders-page-${randomUUID()}@example.com`;
  const made = await makeSeller(t, email, ['Lazada shop', 'Shopee shop']);
  const onboarded = await t.call('POST', '/api-user/user/onboarding', {
    token: made.token,
    json: { site: 'th', businessType: 'crossBorder' },
  });
  expect(onboarded.body.resp_code, onboarded.text).toBe(0);
  return { ...made, email };
}

function orderValues(
  s: Awaited<ReturnType<typeof seller>>,
  index: number,
  status: string,
  hoursAgo: number,
) {
  const shop = s.shops[index];
  if (!shop) throw new Error('no shop');
  const at = new Date(t.clock.now().getTime() - hoursAgo * 3_600_000);
  return {
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
  };
}

export async function addOrder(
  s: Awaited<ReturnType<typeof seller>>,
  index: number,
  status: string,
  hoursAgo: number,
) {
  const [row] = await t.db
    .insert(platformOrders)
    .values(orderValues(s, index, status, hoursAgo))
    .returning({ id: platformOrders.id });
  return row?.id ?? '';
}

/** Pending orders created `hours` hours ago, in one statement, alternating between the two shops. */
export async function addOrders(s: Awaited<ReturnType<typeof seller>>, hours: readonly number[]) {
  await t.db
    .insert(platformOrders)
    .values(hours.map((hour) => orderValues(s, hour % 2, 'pending', hour)));
}

export async function open(s: { email: string; password: string }, path = PAGE) {
  const running = await renderSignedIn(
    path,
    { username: s.email, password: s.password },
    { app: t },
  );
  current = running;
  await screen.findByRole('heading', { name: en.title, level: 2 });
  return { running, user: userEvent.setup() };
}

export const rows = () => screen.queryAllByTestId('order-row');
