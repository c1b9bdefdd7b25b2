import { syncRuns } from '@server/db/schema/index';
import { SANDBOX_PLATFORMS } from '@server/sandbox/app';
import { seedSandboxRecords } from '@server/sandbox/marketplace/data';
import { formatDateTime } from '@shared/i18n/format';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeSeller } from '../support/accounts';
import { createTestApp, interceptRequests, type TestApp } from '../support/app';
import { renderSignedIn } from '../support/console';
import { fillWords, readLocale } from '../support/locales';
import { authorizeStoredShop, authorizeThroughSandbox } from '../support/shops';

const en = {
  shops: readLocale('en', 'shops'),
  common: readLocale('en', 'common'),
};
const PAGE = '/cmp/thirdPartyPlatform/authorizeList';

let t: TestApp;
/** The console's calls to the app: method, path and query. */
let requests: URL[] = [];
/** Calls the app makes to a platform wait here while a test holds them. */
let gate: Promise<void> | null = null;
/** A platform answer a test scripts instead of the sandbox's, for the calls it matches. */
let scripted: { match: (url: URL) => boolean; answer: () => Response } | null = null;

beforeAll(async () => {
  t = await createTestApp({ sandboxShops: true });
  // The browser's clock is the reader's: the server's moves with it, and the sandbox's orders
  // are spread over the days before it.
  t.clock.set(new Date());
  await seedSandboxRecords(t.db, t.clock, SANDBOX_PLATFORMS);
  interceptRequests(t.app, (request, next) => {
    requests.push(new URL(request.url));
    return next(request);
  });
  const platforms = t.sandbox.fetch;
  t.sandbox.fetch = async (request: Request, ...rest: unknown[]) => {
    const url = new URL(request.url);
    if (gate && /^\/(lazada|shopee|tiktok)\//.test(url.pathname)) await gate;
    if (scripted?.match(url)) return scripted.answer();
    return (platforms as (...args: unknown[]) => Response | Promise<Response>)(request, ...rest);
  };
});
afterAll(() => t.close());

let current: { close(): Promise<void> } | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
  requests = [];
  gate = null;
  scripted = null;
});

/**
 * The seller: two TikTok Shop shops (Malaysia and Singapore) authorized through the sandbox's
 * consent page, and a Lazada shop whose authorization went abnormal.
 */
let main: Awaited<ReturnType<typeof makeSeller>> & {
  email: string;
  my: { id: string; name: string };
  sg: { id: string; name: string };
};
beforeAll(async () => {
  const email = 'shops-sync@example.com';
  const made = await makeSeller(t, email, ['Broken Lazada']);
  const onboarded = await t.call('POST', '/api-user/user/onboarding', {
    token: made.token,
    json: { site: 'th', businessType: 'crossBorder' },
  });
  expect(onboarded.body.resp_code, onboarded.text).toBe(0);
  await authorizeStoredShop(t, made.shops[0]?.id ?? '', {
    abnormal: { key: 'PLATFORM_TOKEN_INVALID', code: 'IllegalAccessToken', message: null },
  });
  const { shops } = await authorizeThroughSandbox(
    t,
    made.token,
    { platform: 'tiktok', sites: ['my', 'sg'], crossBorder: false },
    'tiktok-multi',
  );
  const my = shops.find((shop) => shop.name.endsWith('MY'));
  const sg = shops.find((shop) => shop.name.endsWith('SG'));
  if (!my || !sg) throw new Error('the sandbox shops were not authorized');
  main = { ...made, email, my, sg };
});

async function openSync(email: string, password: string) {
  current = await renderSignedIn(PAGE, { username: email, password }, { app: t });
  const user = userEvent.setup();
  await screen.findAllByTestId('shop-row');
  await user.click(screen.getByTestId('shops-sync'));
  const dialog = await screen.findByRole('dialog', { name: en.shops.sync.title });
  return { user, dialog };
}

const fill = fillWords;

/** 00:00 fourteen days before `now`, in this machine's (the reader's) time zone. */
function fifteenDaysFrom(now: Date) {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() - 14);
}

describe('syncing orders from the shop list', () => {
  it('starts with all normal shops over the last 15 days, shows progress, and can cancel', async () => {
    const { user, dialog } = await openSync(main.email, main.password);

    // All normal shops chosen; the abnormal one is offered but cannot be picked.
    const picker = within(dialog).getByTestId('sync-shops');
    const picked = (picker.closest('.mantine-MultiSelect-root') ?? dialog) as HTMLElement;
    expect(within(picked).getByText(`${main.my.name} · TikTok Shop`)).toBeTruthy();
    expect(within(picked).getByText(`${main.sg.name} · TikTok Shop`)).toBeTruthy();
    expect(within(picked).queryByText(/Broken Lazada/)).toBeNull();
    expect(within(dialog).getByTestId('sync-default-range').textContent).toContain(
      Intl.DateTimeFormat().resolvedOptions().timeZone,
    );

    let release: () => void = () => undefined;
    gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const clicked = new Date();
    await user.click(within(dialog).getByRole('button', { name: en.shops.sync.start }));

    const run = await within(dialog).findByTestId('sync-run');
    expect(run.dataset.status).toBe('running');
    expect(within(run).getByTestId('sync-progress').textContent).toBe(
      fill(en.shops.sync.progress, { done: 0, total: 2 }),
    );
    const started = requests.find((url) => url.pathname === '/order/order/asyncOrder');
    if (!started) throw new Error('no sync started');
    // No shop named: all normal shops. The range: 00:00 fourteen days ago until now, the reader's days.
    expect(started.searchParams.get('shopIds')).toBeNull();
    expect(started.searchParams.get('startTime')).toBe(fifteenDaysFrom(clicked).toISOString());
    const end = Date.parse(started.searchParams.get('endTime') ?? '');
    expect(Math.abs(end - clicked.getTime())).toBeLessThan(5000);
    // The button on the page follows the run too.
    expect(screen.getByTestId('shops-sync').textContent).toBe(
      fill(en.shops.sync.buttonRunning, { done: 0, total: 2 }),
    );
    // Polled about every second while it runs.
    await waitFor(() =>
      expect(
        requests.filter((url) => url.pathname === '/order/order/asyncOrder/status').length,
      ).toBeGreaterThanOrEqual(2),
    );

    await user.click(within(run).getByRole('button', { name: en.shops.sync.cancel }));
    expect(await within(run).findByRole('button', { name: en.shops.sync.cancelling })).toBeTruthy();
    release();
    await waitFor(() => expect(run.dataset.status).toBe('cancelled'), { timeout: 10_000 });
    // This run: the seller's one asked to cancel (the file's other tests may have run others).
    const runs = await t.db
      .select()
      .from(syncRuns)
      .where(and(eq(syncRuns.ownerId, main.user.id), eq(syncRuns.cancelRequested, true)));
    expect(runs).toHaveLength(1);
    const [stored] = runs;
    expect(stored?.status).toBe('cancelled');
    expect(stored?.shopsDone).toBeLessThan(2);
    expect(within(run).getByTestId('sync-result').textContent).toBe(
      fill(stored?.itemCount === 1 ? en.shops.sync.cancelled_one : en.shops.sync.cancelled_other, {
        count: stored?.itemCount ?? 0,
      }),
    );
    expect(within(run).queryByRole('button', { name: en.shops.sync.cancel })).toBeNull();
  });

  it('counts the orders and lists the failures per shop with the platform’s words', async () => {
    // TikTok Shop refuses the Singapore shop's order search; the Malaysian one syncs.
    scripted = {
      match: (url) =>
        url.pathname.startsWith('/tiktok/') &&
        url.searchParams.get('shop_cipher') === 'ROW_multiSG0202',
      answer: () =>
        Response.json({
          code: 12019001,
          message: 'Invalid page token',
          data: null,
          request_id: 'r1',
        }),
    };
    const { user, dialog } = await openSync(main.email, main.password);
    await user.click(within(dialog).getByRole('button', { name: en.shops.sync.start }));
    const run = await within(dialog).findByTestId('sync-run');
    await waitFor(() => expect(run.dataset.status).not.toBe('running'), { timeout: 15_000 });

    const runId = requests
      .find((url) => url.pathname === '/order/order/asyncOrder/status')
      ?.searchParams.get('runId');
    const status = await t.call('GET', `/order/order/asyncOrder/status?runId=${runId}`, {
      token: main.token,
    });
    const failures = status.body.datas.failures as {
      shopId: string;
      failure: { message: string };
    }[];
    expect(
      failures.map((entry) => entry.shopId),
      status.text,
    ).toEqual([main.sg.id]);
    expect(status.body.datas.status).toBe('done');
    expect(status.body.datas.itemCount).toBeGreaterThan(0);
    const shown = within(run).getByTestId('sync-failures');
    const line = within(shown).getByText(main.sg.name).closest('li');
    expect(line?.textContent).toContain(failures[0]?.failure.message);
    expect(line?.textContent).toContain('12019001');
    expect(within(shown).getAllByRole('listitem').length).toBe(1);
    expect(within(run).getByTestId('sync-result').textContent).toBe(
      fill(en.shops.sync.done_other, { count: status.body.datas.itemCount }),
    );
    expect(within(run).getByTestId('sync-count').textContent).toBe(
      fill(en.shops.sync.items_other, { count: status.body.datas.itemCount }),
    );
    expect(within(run).getByTestId('sync-progress').textContent).toBe(
      fill(en.shops.sync.progress, { done: 2, total: 2 }),
    );
    // Sync again goes back to the form.
    await user.click(within(run).getByRole('button', { name: en.shops.sync.again }));
    expect(await within(dialog).findByTestId('sync-form')).toBeTruthy();
  });

  it('checks a custom range before asking, then sends its whole days', async () => {
    const { user, dialog } = await openSync(main.email, main.password);
    await user.click(within(dialog).getByRole('radio', { name: en.shops.sync.rangeCustom }));
    const from = within(dialog).getByLabelText(en.shops.sync.from);
    const to = within(dialog).getByLabelText(en.shops.sync.to);
    const day = (offset: number) => {
      const date = new Date();
      date.setDate(date.getDate() + offset);
      const pad = (n: number) => String(n).padStart(2, '0');
      return {
        text: `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`,
        start: new Date(date.getFullYear(), date.getMonth(), date.getDate()),
      };
    };
    await user.clear(from);
    await user.type(from, day(-3).text);
    await user.clear(to);
    await user.type(to, day(-5).text);
    await user.click(within(dialog).getByRole('button', { name: en.shops.sync.start }));
    expect(await within(dialog).findByText(en.shops.sync.errors.order)).toBeTruthy();
    expect(requests.some((url) => url.pathname === '/order/order/asyncOrder')).toBe(false);

    await user.clear(to);
    await user.type(to, day(-2).text);
    await user.click(within(dialog).getByRole('button', { name: en.shops.sync.start }));
    const run = await within(dialog).findByTestId('sync-run');
    const started = requests.find((url) => url.pathname === '/order/order/asyncOrder');
    expect(started?.searchParams.get('startTime')).toBe(day(-3).start.toISOString());
    expect(started?.searchParams.get('endTime')).toBe(
      new Date(day(-1).start.getTime() - 1).toISOString(),
    );
    expect(within(run).getByText(/^Orders from /).textContent).toBe(
      fill(en.shops.sync.rangeOfRun, {
        from: formatDateTime(day(-3).start, 'en'),
        to: formatDateTime(new Date(day(-1).start.getTime() - 1), 'en'),
      }),
    );
    await waitFor(() => expect(run.dataset.status).not.toBe('running'), { timeout: 10_000 });
  });
});
