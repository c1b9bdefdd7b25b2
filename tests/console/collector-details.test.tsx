import type { ProductDraft } from '@shared/contracts/product-draft';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeSeller } from '../support/accounts';
import { createTestApp, type TestApp } from '../support/app';
import { collectDrafts } from '../support/collector';
import { renderSignedIn } from '../support/console';
import { fillWords, readLocale } from '../support/locales';
import { authorizeStoredShop } from '../support/shops';

const en = {
  collector: readLocale('en', 'collector'),
  common: readLocale('en', 'common'),
  validation: readLocale('en', 'validation'),
};

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

const fill = fillWords;

let sellers = 0;
/** A main account of its own, onboarded, with one normal Lazada shop. */
async function seller() {
  sellers += 1;
  const email = `collector-details-${sellers}@example.com`;
  const made = await makeSeller(t, email, ['Lazada Home']);
  const onboarded = await t.call('POST', '/api-user/user/onboarding', {
    token: made.token,
    json: { site: 'th', businessType: 'crossBorder' },
  });
  expect(onboarded.body.resp_code, onboarded.text).toBe(0);
  const [home] = made.shops;
  if (!home) throw new Error('shop missing');
  await authorizeStoredShop(t, home.id);
  return { ...made, email, home };
}

const IMAGES = ['https://img.example.com/a.jpg', 'https://img.example.com/b.jpg'];

/** A 1688 product with two colours, read partly from visible text. */
function draft(itemId: string): ProductDraft {
  return {
    site: '1688',
    itemId,
    url: `https://detail.1688.com/offer/${itemId}.html`,
    title: 'Steel thermos cup',
    currency: 'CNY',
    price: { min: 1250, max: 1390 },
    tiers: [],
    skuProperties: [
      {
        id: 'color',
        name: 'Colour',
        values: [
          { id: 'red', name: 'Red', image: 'https://img.example.com/red.jpg' },
          { id: 'blue', name: 'Blue', image: null },
        ],
      },
    ],
    skus: [
      {
        id: 'sku-red',
        values: { color: 'red' },
        price: 1250,
        originalPrice: null,
        stock: 40,
        available: true,
        image: null,
      },
      {
        id: 'sku-blue',
        values: { color: 'blue' },
        price: 1390,
        originalPrice: null,
        stock: null,
        available: false,
        image: null,
      },
    ],
    images: IMAGES,
    description: { html: '<p>Keeps drinks <b>hot</b></p><script>alert(1)</script>' },
    shop: { id: null, name: 'Yiwu Cups', url: null },
    categoryPath: ['Kitchen', 'Cups'],
    weightGrams: 350,
    dimensionsCm: null,
    attributes: [{ name: 'Material', value: 'Steel' }],
    minOrderQuantity: 2,
    raw: { offerId: itemId, fromPage: 'window.__INIT_DATA' },
    confidence: {
      title: { level: 'medium', reason: 'Read from the visible heading' },
      weightGrams: { level: 'low' },
    },
  };
}

async function collectOne(token: string, itemId: string) {
  const [record] = await collectDrafts(t, token, [draft(itemId)]);
  return record?.id as string;
}

async function detailOf(token: string, id: string) {
  const res = await t.call('GET', `/api-product/collect/detail?id=${id}`, { token });
  expect(res.body.resp_code, res.text).toBe(0);
  return res.body.datas as Record<string, any>;
}

async function open(main: { email: string; password: string }, id: string) {
  const running = await renderSignedIn(
    `/cmp/product/collectorDetails?id=${id}`,
    { username: main.email, password: main.password },
    { app: t },
  );
  current = running;
  await screen.findByTestId('collect-edit-form');
  return { running, user: userEvent.setup() };
}

const titleInput = () => document.querySelector<HTMLInputElement>('input[name="title"]');

describe('a collected product', () => {
  it('shows where it came from, marks unsure fields and keeps the source snapshot read-only', async () => {
    const main = await seller();
    const id = await collectOne(main.token, '800001');
    const { user } = await open(main, id);

    expect(screen.getByTestId('collect-detail-title').textContent).toBe('Steel thermos cup');
    expect(screen.getByTestId('collect-detail-status').textContent).toBe(
      en.collector.tabs.unclaimed,
    );
    const source = screen.getByTestId('collect-source-link');
    expect(source.getAttribute('href')).toBe('https://detail.1688.com/offer/800001.html');
    expect(source.getAttribute('target')).toBe('_blank');
    expect(source.getAttribute('rel')).toContain('noopener');

    // Unsure fields carry a marker with the adapter's reason (or the level's own words).
    const [titleMark] = screen.getAllByTestId('confidence-title');
    expect(titleMark?.getAttribute('aria-label')).toBe(
      `${en.collector.confidence.medium}: Read from the visible heading`,
    );
    expect(screen.getByTestId('confidence-weightGrams').getAttribute('aria-label')).toBe(
      `${en.collector.confidence.low}: ${en.collector.confidence.defaultReason.low}`,
    );
    expect(screen.queryByTestId('confidence-images')).toBeNull();

    // Each SKU with its property value, picture and availability.
    const skuRows = screen.getAllByTestId('sku-row');
    expect(skuRows.map((row) => row.dataset.sku)).toEqual(['sku-red', 'sku-blue']);
    expect(within(skuRows[0] as HTMLElement).getByText('Red')).toBeTruthy();

    // The description preview is sanitised.
    const form = screen.getByTestId('collect-edit-form');
    expect(form.querySelector('b')?.textContent).toBe('hot');
    expect(form.querySelector('script')).toBeNull();

    expect(screen.queryByTestId('snapshot-raw')).toBeNull();
    await user.click(screen.getByTestId('snapshot-toggle'));
    const raw = await screen.findByTestId('snapshot-raw');
    expect(JSON.parse(raw.textContent ?? '')).toEqual({
      offerId: '800001',
      fromPage: 'window.__INIT_DATA',
    });
  });

  it('refuses an empty title and a price that is not a number, then saves the title, a SKU price and the main image', async () => {
    const main = await seller();
    const id = await collectOne(main.token, '800002');
    const { user } = await open(main, id);

    const title = titleInput();
    if (!title) throw new Error('no title field');
    await user.clear(title);
    const redPrice = screen.getByRole('textbox', {
      name: fill(en.collector.sku.priceFor, { name: 'Red' }),
    });
    expect((redPrice as HTMLInputElement).value).toBe('12.50');
    await user.clear(redPrice);
    await user.type(redPrice, '12,5x');
    expect(screen.getByTestId('collect-dirty').textContent).toBe(en.collector.edit.unsaved);
    await user.click(screen.getByTestId('collect-save'));

    expect(await screen.findByText(en.validation.required)).toBeTruthy();
    expect(await screen.findByText(en.collector.edit.errors.price)).toBeTruthy();
    expect((await detailOf(main.token, id)).title).toBe('Steel thermos cup');

    await user.type(title, 'Thermos cup 500ml');
    await user.clear(redPrice);
    await user.type(redPrice, '19.90');
    // The second picture becomes the main one.
    await user.click(
      screen.getByRole('button', { name: fill(en.collector.gallery.setMainFor, { position: 2 }) }),
    );
    expect(screen.getAllByTestId('gallery-image').map((tile) => tile.dataset.src)).toEqual([
      IMAGES[1],
      IMAGES[0],
    ]);
    await user.click(screen.getByTestId('collect-save'));

    expect(await screen.findByText(en.collector.edit.saved)).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTestId('collect-dirty').textContent).toBe(en.collector.edit.noChanges),
    );
    expect(screen.queryByText(en.validation.required)).toBeNull();
    const saved = await detailOf(main.token, id);
    expect(saved.title).toBe('Thermos cup 500ml');
    expect(saved.edited).toBe(true);
    expect(saved.draft.images).toEqual([IMAGES[1], IMAGES[0]]);
    expect(
      saved.draft.skus.map((sku: { id: string; price: number }) => [sku.id, sku.price]),
    ).toEqual([
      ['sku-red', 1990],
      ['sku-blue', 1390],
    ]);
    // What was collected stays as it was.
    expect(saved.original.title).toBe('Steel thermos cup');
    await waitFor(() =>
      expect(screen.getByTestId('collect-detail-title').textContent).toBe('Thermos cup 500ml'),
    );
  });

  it('asks before leaving with unsaved changes, and claims the product from its page', async () => {
    const main = await seller();
    const id = await collectOne(main.token, '800003');
    const { running, user } = await open(main, id);

    const title = titleInput();
    if (!title) throw new Error('no title field');
    await user.type(title, ' (new)');
    await user.click(screen.getByTestId('collect-back'));
    const leave = await screen.findByRole('dialog', { name: en.collector.edit.leaveTitle });
    await user.click(within(leave).getByRole('button', { name: en.common.actions.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(running.router.state.location.pathname).toBe('/product/collectorDetails');
    expect(title.value).toBe('Steel thermos cup (new)');

    // Claimed from here with the same dialog as the list.
    await user.click(screen.getByTestId('collect-detail-claim'));
    const dialog = await screen.findByRole('dialog', { name: en.collector.claim.title });
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Lazada Home' }));
    await user.click(within(dialog).getByRole('button', { name: en.collector.claim.submit }));
    expect(await screen.findByText(fill(en.collector.claim.done_one, { count: 1 }))).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTestId('collect-detail-status').textContent).toBe(
        en.collector.tabs.claimed,
      ),
    );
    expect(screen.getByTestId('collect-detail-claims').textContent).toContain('Lazada Home');
    // The unsaved title survived the claim.
    expect(title.value).toBe('Steel thermos cup (new)');

    // Leaving for real, after confirming.
    await user.click(screen.getByTestId('collect-back'));
    const again = await screen.findByRole('dialog', { name: en.collector.edit.leaveTitle });
    await user.click(within(again).getByRole('button', { name: en.collector.edit.leave }));
    await screen.findByRole('heading', { name: en.collector.title });
    expect(running.router.state.location.pathname).toBe('/product/collectorList');
  });

  it('says so when the product is not there', async () => {
    const main = await seller();
    const running = await renderSignedIn(
      '/cmp/product/collectorDetails?id=00000000-0000-4000-8000-000000000000',
      { username: main.email, password: main.password },
      { app: t },
    );
    current = running;
    const missing = await screen.findByTestId('collect-detail-missing');
    expect(within(missing).getByText(en.collector.details.missingTitle)).toBeTruthy();
  });
});
