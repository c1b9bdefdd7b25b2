import type { ProductDraft } from '@shared/contracts/product-draft';
import { BRIDGE_CHANNEL } from '@shared/session/bridge-channel';
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
};
const PAGE = '/cmp/product/collectorList';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let current: { close(): Promise<void> } | undefined;
let stopExtension: (() => void) | undefined;
afterEach(async () => {
  stopExtension?.();
  stopExtension = undefined;
  await current?.close();
  current = undefined;
});

const fill = fillWords;

let sellers = 0;
/**
 * A main account of its own, onboarded, with a normal Lazada shop, an abnormal Shopee shop and a
 * normal TikTok shop.
 */
async function seller() {
  sellers += 1;
  const email = `collector-list-${sellers}@example.com`;
  const made = await makeSeller(t, email, ['Lazada Home', 'Shopee Deals', 'TikTok Trends']);
  const onboarded = await t.call('POST', '/api-user/user/onboarding', {
    token: made.token,
    json: { site: 'th', businessType: 'crossBorder' },
  });
  expect(onboarded.body.resp_code, onboarded.text).toBe(0);
  const [home, deals, trends] = made.shops;
  if (!home || !deals || !trends) throw new Error('shops missing');
  await authorizeStoredShop(t, home.id);
  await authorizeStoredShop(t, deals.id, {
    abnormal: { key: 'PLATFORM_TOKEN_INVALID', code: 'invalid_token', message: null },
  });
  await authorizeStoredShop(t, trends.id);
  return { ...made, email, home, deals, trends };
}

/** A product as a site adapter reads it. */
function draft(
  site: '1688' | 'aliexpress',
  itemId: string,
  title: string,
  overrides: Partial<ProductDraft> = {},
): ProductDraft {
  return {
    site,
    itemId,
    url:
      site === '1688'
        ? `https://detail.1688.com/offer/${itemId}.html`
        : `https://www.aliexpress.com/item/${itemId}.html`,
    title,
    currency: site === '1688' ? 'CNY' : 'USD',
    price: { min: 1250, max: 1890 },
    tiers: [],
    skuProperties: [],
    skus: [],
    images: [`https://img.example.com/${itemId}.jpg`],
    description: { html: `<p>${title}</p>` },
    shop: null,
    categoryPath: [],
    weightGrams: null,
    dimensionsCm: null,
    attributes: [],
    minOrderQuantity: null,
    raw: { itemId },
    confidence: {},
    ...overrides,
  };
}

/** Collects drafts as the extension does (it sends the plug-in header). */
const collect = (token: string, drafts: ProductDraft[]) => collectDrafts(t, token, drafts);

async function listOf(token: string, status: 'unclaimed' | 'claimed') {
  const res = await t.call('GET', `/api-product/collect/list?status=${status}&limit=100`, {
    token,
  });
  expect(res.body.resp_code, res.text).toBe(0);
  return res.body.datas as { records: { id: string; title: string }[]; total: number };
}

async function open(username: string, password: string, path = PAGE) {
  const running = await renderSignedIn(path, { username, password }, { app: t });
  current = running;
  await screen.findByRole('heading', { name: en.collector.title });
  return { running, user: userEvent.setup() };
}

const rows = () => screen.queryAllByTestId('collect-row');
const titles = () => rows().map((row) => within(row).getByTestId('collect-title').textContent);
async function rowOf(title: string) {
  await waitFor(() => expect(titles()).toContain(title));
  const row = rows().find((candidate) => within(candidate).queryByText(title) !== null);
  if (!row) throw new Error(`no row for ${title}`);
  return row;
}
const count = (status: 'unclaimed' | 'claimed') =>
  screen.getByTestId(`collect-count-${status}`).textContent;

describe('the collection box', () => {
  it('shows both tabs with counts, searches on Enter and keeps the site filter in the address', async () => {
    const main = await seller();
    await collect(main.token, [
      draft('1688', '700001', 'Steel thermos cup'),
      draft('1688', '700002', 'Bamboo cutting board'),
      draft('aliexpress', '700003', 'Folding phone stand', { price: { min: 399, max: 399 } }),
    ]);
    const { running, user } = await open(main.email, main.password);

    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(count('unclaimed')).toBe('3');
    expect(count('claimed')).toBe('0');
    // The price range in the product's own currency.
    const stand = await rowOf('Folding phone stand');
    expect(within(stand).getByTestId('collect-price').textContent).toBe('$3.99');
    const cup = await rowOf('Steel thermos cup');
    expect(within(cup).getByTestId('collect-price').textContent).toBe('¥12.50 – ¥18.90');

    // Typing alone does not search; Enter does, and the address keeps the keyword.
    const box = screen.getByRole('textbox', { name: en.collector.filters.keyword });
    await user.type(box, 'thermos');
    expect(rows()).toHaveLength(3);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(titles()).toEqual(['Steel thermos cup']));
    expect(running.router.state.location.search).toMatchObject({ keyword: 'thermos' });
    expect(count('unclaimed')).toBe('1');

    // Cleared, then filtered by site: the address carries the site.
    await user.click(screen.getByRole('button', { name: en.common.actions.reset }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(running.router.state.location.search).not.toHaveProperty('keyword');
    await user.click(screen.getByTestId('collect-site-aliexpress'));
    await waitFor(() => expect(titles()).toEqual(['Folding phone stand']));
    expect(running.router.state.location.search).toMatchObject({ site: 'aliexpress' });
    expect(window.location.search).toContain('site=aliexpress');

    // The claimed tab: nothing yet, and the tab is in the address too.
    await user.click(screen.getByTestId('collect-tab-claimed'));
    expect(await screen.findByText(en.collector.empty.filteredTitle)).toBeTruthy();
    expect(running.router.state.location.search).toMatchObject({
      status: 'claimed',
      site: 'aliexpress',
    });
    await user.click(screen.getByRole('button', { name: en.collector.actions.clearFilters }));
    expect(await screen.findByText(en.collector.empty.claimedTitle)).toBeTruthy();
  });

  it('explains how to collect when the box is empty', async () => {
    const main = await seller();
    const { user } = await open(main.email, main.password);
    const empty = await screen.findByTestId('collect-empty');
    expect(within(empty).getByText(en.collector.empty.title)).toBeTruthy();
    await user.click(within(empty).getByRole('button', { name: en.collector.actions.download }));
    const dialog = await screen.findByRole('dialog', { name: en.collector.download.title });
    expect(within(dialog).getByTestId('plugin-status').dataset.present).toBe('false');
    const link = within(dialog).getByTestId('plugin-download-link');
    expect(link.getAttribute('href')).toContain('/downloads/extension.zip');
  });

  it('claims the selected products into a shop; they move to the claimed tab, and a second claim shows the conflicts', async () => {
    const main = await seller();
    const [cup] = await collect(main.token, [
      draft('1688', '710001', 'Steel thermos cup'),
      draft('1688', '710002', 'Bamboo cutting board'),
    ]);
    if (!cup) throw new Error('nothing collected');
    // The TikTok shop is chosen first (the plug-in settings), with a markup and .99 rounding.
    const saved = await t.call('POST', '/admin/pluginmanage/save', {
      token: main.token,
      json: {
        defaultShopIds: [main.trends.id],
        pricing: { markupPercent: 20, rounding: 'ninetyNine' },
        bulkPerMinute: 12,
      },
    });
    expect(saved.body.resp_code, saved.text).toBe(0);
    const { user } = await open(main.email, main.password);
    await rowOf('Steel thermos cup');

    // Nothing selected: claim is not possible, and the page says why.
    expect(screen.getByTestId('collect-claim').hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('collect-bulk-reason').textContent).toBe(
      en.collector.bulk.noneSelected,
    );

    await user.click(
      screen.getByRole('checkbox', {
        name: fill(en.collector.list.select, { title: 'Steel thermos cup' }),
      }),
    );
    expect(screen.getByTestId('collect-selected').textContent).toBe(
      fill(en.collector.bulk.selected_one, { count: 1 }),
    );
    await user.click(screen.getByTestId('collect-claim'));
    const dialog = await screen.findByRole('dialog', { name: en.collector.claim.title });
    await within(dialog).findByText('Lazada Home');
    const option = (name: string) =>
      within(dialog).getByRole('checkbox', { name }) as HTMLInputElement;
    // Pre-selected from the settings; the abnormal shop cannot be chosen and says why.
    expect(option('TikTok Trends').checked).toBe(true);
    expect(option('Lazada Home').checked).toBe(false);
    expect(option('Shopee Deals').disabled).toBe(true);
    expect(within(dialog).getByTestId('shop-picker-abnormal').textContent).toContain('Unavailable');
    // ¥12.50–¥18.90 with 20% and .99: ¥15.99–¥22.99.
    expect(within(dialog).getByTestId('claim-price-claimed').textContent).toBe(
      fill(en.collector.claim.preview.claimed, { price: '¥15.99 – ¥22.99' }),
    );

    // No shop: refused before any call (spec section 5).
    await user.click(option('TikTok Trends'));
    await user.click(within(dialog).getByRole('button', { name: en.collector.claim.submit }));
    expect(await within(dialog).findByText(en.collector.claim.errors.chooseShop)).toBeTruthy();

    await user.click(option('Lazada Home'));
    await user.click(within(dialog).getByRole('button', { name: en.collector.claim.submit }));
    expect(await screen.findByText(fill(en.collector.claim.done_one, { count: 1 }))).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(count('claimed')).toBe('1'));
    expect(count('unclaimed')).toBe('1');
    expect(titles()).toEqual(['Bamboo cutting board']);
    expect((await listOf(main.token, 'claimed')).records.map((r) => r.id)).toEqual([cup.id]);

    // On the claimed tab, with the shop it went to.
    await user.click(screen.getByTestId('collect-tab-claimed'));
    const claimed = await rowOf('Steel thermos cup');
    expect(within(claimed).getByTestId('collect-claims').textContent).toContain('Lazada Home');

    // Claimed again into the same shop: nothing is claimed, the conflict is named in the dialog.
    await user.click(
      within(claimed).getByRole('checkbox', {
        name: fill(en.collector.list.select, { title: 'Steel thermos cup' }),
      }),
    );
    await user.click(screen.getByTestId('collect-claim'));
    const again = await screen.findByRole('dialog', { name: en.collector.claim.title });
    await within(again).findByText('Lazada Home');
    // The default shop is chosen again; the seller adds the one the product is already in.
    expect(
      (within(again).getByRole('checkbox', { name: 'TikTok Trends' }) as HTMLInputElement).checked,
    ).toBe(true);
    await user.click(within(again).getByRole('checkbox', { name: 'Lazada Home' }));
    await user.click(within(again).getByRole('button', { name: en.collector.claim.submit }));
    const conflicts = await within(again).findByTestId('claim-conflicts');
    expect(
      within(conflicts)
        .getAllByTestId('claim-conflict')
        .map((item) => item.textContent),
    ).toEqual([
      fill(en.collector.claim.conflicts.pair, { title: 'Steel thermos cup', shop: 'Lazada Home' }),
    ]);
    // Leaving that shop out, the claim goes on into the other one.
    await user.click(
      within(conflicts).getByRole('button', { name: en.collector.claim.conflicts.leaveOutShops }),
    );
    expect(
      (within(again).getByRole('checkbox', { name: 'Lazada Home' }) as HTMLInputElement).checked,
    ).toBe(false);
    expect(
      (within(again).getByRole('checkbox', { name: 'TikTok Trends' }) as HTMLInputElement).checked,
    ).toBe(true);
    await user.click(within(again).getByRole('button', { name: en.collector.claim.submit }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(within(claimedRow()).getByTestId('collect-claims').textContent).toContain(
        'TikTok Trends',
      ),
    );
  });

  it('deletes the selected products after a confirmation that says claimed shop products stay', async () => {
    const main = await seller();
    await collect(main.token, [
      draft('1688', '720001', 'Steel thermos cup'),
      draft('aliexpress', '720002', 'Folding phone stand'),
    ]);
    const { user } = await open(main.email, main.password);
    await rowOf('Folding phone stand');
    expect(screen.getByTestId('collect-delete').hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: en.collector.list.selectAll }));
    expect(screen.getByTestId('collect-selected').textContent).toBe(
      fill(en.collector.bulk.selected_other, { count: 2 }),
    );
    await user.click(screen.getByTestId('collect-delete'));
    const dialog = await screen.findByRole('dialog', { name: en.collector.delete.title });
    expect(dialog.textContent).toContain(fill(en.collector.delete.message_other, { count: 2 }));
    // Cancelled: nothing goes.
    await user.click(within(dialog).getByRole('button', { name: en.common.actions.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await listOf(main.token, 'unclaimed')).total).toBe(2);

    await user.click(screen.getByTestId('collect-delete'));
    const confirm = await screen.findByRole('dialog', { name: en.collector.delete.title });
    await user.click(within(confirm).getByRole('button', { name: en.collector.delete.confirm }));
    expect(
      await screen.findByText(fill(en.collector.delete.done_other, { count: 2 })),
    ).toBeTruthy();
    expect(await screen.findByTestId('collect-empty')).toBeTruthy();
    expect((await listOf(main.token, 'unclaimed')).total).toBe(0);
  });
});

/**
 * The extension's bridge script as the console sees it on the window: it announces itself when
 * the console says hello, and answers `collect-urls` with progress and a result per address.
 */
function fakeExtension(
  answer: (url: string) => Promise<{
    id: string | null;
    title: string | null;
    failure: string | null;
    message: string | null;
  }>,
) {
  const requests: { requestId: string; urls: string[] }[] = [];
  const send = (message: Record<string, unknown>) =>
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { channel: BRIDGE_CHANNEL, from: 'extension', ...message },
        origin: window.location.origin,
        source: window,
      }),
    );
  const listener = (event: MessageEvent) => {
    const data = event.data as Record<string, any> | null;
    if (data?.channel !== BRIDGE_CHANNEL || data.from !== 'console') return;
    if (data.type === 'hello') send({ type: 'presence', version: '1.0.0' });
    if (data.type !== 'collect-urls') return;
    requests.push({ requestId: data.requestId, urls: data.urls });
    void (async () => {
      for (const url of data.urls as string[]) {
        send({ type: 'collect-progress', requestId: data.requestId, url, state: 'queued' });
      }
      for (const url of data.urls as string[]) {
        for (const state of ['opening', 'reading', 'saving'])
          send({ type: 'collect-progress', requestId: data.requestId, url, state });
        const result = await answer(url);
        send({ type: 'collect-result', requestId: data.requestId, url, errorKey: null, ...result });
      }
    })();
  };
  window.addEventListener('message', listener);
  stopExtension = () => window.removeEventListener('message', listener);
  return { requests };
}

function claimedRow() {
  const row = rows().find((candidate) => within(candidate).queryByText('Steel thermos cup'));
  if (!row) throw new Error('no claimed row');
  return row;
}

describe('collect by URL', () => {
  it('refuses an address of an unsupported site, naming its line, and asks for the plug-in when it is missing', async () => {
    const main = await seller();
    const { user } = await open(main.email, main.password);
    await screen.findByTestId('collect-empty');
    expect(screen.getByTestId('plugin-badge').dataset.present).toBe('false');
    await user.click(screen.getByTestId('collect-by-url'));
    const dialog = await screen.findByRole('dialog', { name: en.collector.byUrl.title });
    expect(within(dialog).getByTestId('collect-url-no-plugin')).toBeTruthy();
    const box = within(dialog).getByRole('textbox', { name: en.collector.byUrl.label });
    await user.click(box);
    await user.paste('https://detail.1688.com/offer/730001.html\nhttps://shop.example.com/item/9');
    await user.click(within(dialog).getByRole('button', { name: en.collector.byUrl.submit }));
    const errors = await within(dialog).findByTestId('collect-url-errors');
    expect(errors.textContent).toBe(
      fill(en.collector.byUrl.errors.unsupported, {
        line: 2,
        url: 'https://shop.example.com/item/9',
      }),
    );

    // Only supported addresses, but no plug-in: the download dialog opens instead.
    await user.clear(box);
    await user.paste('https://detail.1688.com/offer/730001.html');
    await user.click(within(dialog).getByRole('button', { name: en.collector.byUrl.submit }));
    expect(await screen.findByRole('dialog', { name: en.collector.download.title })).toBeTruthy();
  });

  it("sends the addresses to the plug-in and shows each one's progress and result", async () => {
    const main = await seller();
    const extension = fakeExtension(async (url) => {
      if (url.includes('730101')) {
        const [saved] = await collect(main.token, [draft('1688', '730101', 'Insulated lunch box')]);
        return {
          id: saved?.id ?? null,
          title: 'Insulated lunch box',
          failure: null,
          message: null,
        };
      }
      return { id: null, title: null, failure: 'loginWall', message: 'Please log in' };
    });
    const { user } = await open(main.email, main.password);
    await screen.findByTestId('collect-empty');
    await waitFor(() => expect(screen.getByTestId('plugin-badge').dataset.present).toBe('true'));
    expect(screen.getByTestId('plugin-badge').textContent).toBe(
      fill(en.collector.plugin.detectedVersion, { version: '1.0.0' }),
    );

    await user.click(screen.getByTestId('collect-by-url'));
    const dialog = await screen.findByRole('dialog', { name: en.collector.byUrl.title });
    expect(within(dialog).queryByTestId('collect-url-no-plugin')).toBeNull();
    await user.click(within(dialog).getByRole('textbox', { name: en.collector.byUrl.label }));
    await user.paste(
      'https://detail.1688.com/offer/730101.html\nhttps://www.aliexpress.com/item/730102.html',
    );
    await user.click(within(dialog).getByRole('button', { name: en.collector.byUrl.submit }));

    await waitFor(() => {
      const states = within(dialog)
        .getAllByTestId('collect-url-item')
        .map((item) => item.dataset.state);
      expect(states).toEqual(['collected', 'failed']);
    });
    expect(extension.requests).toHaveLength(1);
    expect(extension.requests[0]?.urls).toEqual([
      'https://detail.1688.com/offer/730101.html',
      'https://www.aliexpress.com/item/730102.html',
    ]);
    const link = within(dialog).getByRole('link', { name: 'Insulated lunch box' });
    expect(link.getAttribute('href')).toContain('/cmp/product/collectorDetails?id=');
    expect(within(dialog).getByTestId('collect-url-reason').textContent).toBe(
      en.collector.failures.loginWall.message,
    );
    expect(within(dialog).getByTestId('collect-url-summary').textContent).toBe(
      fill(en.collector.byUrl.summary, { collected: 1, failed: 1 }),
    );
    // The box behind the dialog already shows what was collected.
    await user.click(within(dialog).getByRole('button', { name: en.common.actions.close }));
    expect(await rowOf('Insulated lunch box')).toBeTruthy();
  });
});
