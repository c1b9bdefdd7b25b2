import { ActivityTracker } from '@console/features/activity/activity-tracker';
import { activityEvents } from '@server/db/schema/index';
import { ACTIVITY_INTERVAL_MS } from '@shared/contracts/activity';
import { fireEvent, screen } from '@testing-library/react';
import { asc } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeSeller } from '../support/accounts';
import { createTestApp, type TestApp } from '../support/app';
import { renderPages } from '../support/page-harness';

let t: TestApp;
let seller: Awaited<ReturnType<typeof makeSeller>>;
let current: Awaited<ReturnType<typeof renderPages>> | undefined;

beforeAll(async () => {
  t = await createTestApp();
  seller = await makeSeller(t, 'tracker@example.com', []);
});
afterAll(() => t.close());
afterEach(() => {
  current?.view.unmount();
  current = undefined;
  vi.useRealTimers();
  setVisibility('visible');
});

function Page() {
  return <p>watched or not</p>;
}
const PAGES = {
  '/product/thirdProductList': Page,
  '/thirdPartyPlatform/orderManage': Page,
  '/order/serviceProgress': Page,
  '/cmpDashboard': Page,
};

/** Only the tracker's clock is fake: the app, the database and the client keep real timeouts. */
const fakeClock = () => vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function reports() {
  return t.db.select().from(activityEvents).orderBy(asc(activityEvents.id));
}

/** Waits (on real time) until the app has stored `count` reports. */
async function untilReports(count: number) {
  for (let i = 0; i < 200; i++) {
    const rows = await reports();
    if (rows.length >= count) return rows;
    await pause(25);
  }
  throw new Error(`expected ${count} reports, have ${(await reports()).length}`);
}

/**
 * Reports reach the app in the order they are sent. A window that must send nothing is followed
 * by one that must send a report, which is then checked to be the first and only new one: a
 * report the first window sent by mistake would be found before it, without a wait for nothing.
 */

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

async function open(path: string, token?: string) {
  current = await renderPages({
    app: t,
    path,
    pages: PAGES,
    beside: ActivityTracker,
    ...(token ? { token } : {}),
  });
  for (let i = 0; i < 200 && !screen.queryByText('watched or not'); i++) await pause(25);
  return current;
}

describe('ActivityTracker', () => {
  it('reports each 5-second window on a watched page: time, clicks and scrolls, for the signed-in account', async () => {
    const before = (await reports()).length;
    fakeClock();
    await open('/product/thirdProductList', seller.token);

    fireEvent.click(document.body);
    fireEvent.click(screen.getByText('watched or not'));
    fireEvent.scroll(window);
    vi.advanceTimersByTime(ACTIVITY_INTERVAL_MS - 1);
    vi.advanceTimersByTime(1);
    // Had anything gone a millisecond early, it would be this first one, with less than 5 seconds.
    const [first] = (await untilReports(before + 1)).slice(before);
    expect(first).toMatchObject({
      page: 'thirdProductList',
      seconds: 5,
      clicks: 2,
      scrolls: 1,
      active: true,
      userId: seller.user.id,
    });

    // A quiet window still counts the time on the page.
    vi.advanceTimersByTime(ACTIVITY_INTERVAL_MS);
    const [second] = (await untilReports(before + 2)).slice(before + 1);
    expect(second).toMatchObject({ seconds: 5, clicks: 0, scrolls: 0, active: false });
  });

  it('watches only the listed pages, following the router from page to page', async () => {
    const before = (await reports()).length;
    fakeClock();
    const { router } = await open('/cmpDashboard', seller.token);
    fireEvent.click(document.body);
    vi.advanceTimersByTime(ACTIVITY_INTERVAL_MS);

    await router.navigate({ to: '/thirdPartyPlatform/orderManage' } as any);
    fireEvent.scroll(window);
    fireEvent.scroll(window);
    vi.advanceTimersByTime(ACTIVITY_INTERVAL_MS);
    const [report] = (await untilReports(before + 1)).slice(before);
    expect(report).toMatchObject({ page: 'orderManage', clicks: 0, scrolls: 2, active: true });

    await router.navigate({ to: '/order/serviceProgress' } as any);
    fireEvent.click(document.body);
    vi.advanceTimersByTime(ACTIVITY_INTERVAL_MS);
    const [next] = (await untilReports(before + 2)).slice(before + 1);
    expect(next).toMatchObject({ page: 'serviceProgress', clicks: 1 });

    await router.navigate({ to: '/cmpDashboard' } as any);
    fireEvent.click(document.body);
    vi.advanceTimersByTime(ACTIVITY_INTERVAL_MS);
    await router.navigate({ to: '/order/serviceProgress' } as any);
    fireEvent.scroll(window);
    vi.advanceTimersByTime(ACTIVITY_INTERVAL_MS);
    const rows = await untilReports(before + 3);
    expect(rows.slice(before + 2)).toMatchObject([{ page: 'serviceProgress', scrolls: 1 }]);
  });

  it('sends nothing for a window in which the tab stayed hidden, and counts only the visible time', async () => {
    const before = (await reports()).length;
    fakeClock();
    await open('/product/thirdProductList');
    setVisibility('hidden');
    vi.advanceTimersByTime(ACTIVITY_INTERVAL_MS);

    vi.advanceTimersByTime(2_000);
    setVisibility('visible');
    vi.advanceTimersByTime(ACTIVITY_INTERVAL_MS - 2_000);
    const [report] = (await untilReports(before + 1)).slice(before);
    // Without a token the report belongs to no account.
    expect(report).toMatchObject({ seconds: 3, active: false, userId: null });
  });

  it('stops when it unmounts (the shell goes away at logout)', async () => {
    const before = (await reports()).length;
    fakeClock();
    const { view } = await open('/product/thirdProductList', seller.token);
    fireEvent.click(document.body);
    view.unmount();
    current = undefined;
    fireEvent.click(document.body);
    vi.advanceTimersByTime(ACTIVITY_INTERVAL_MS);
    vi.advanceTimersByTime(ACTIVITY_INTERVAL_MS);
    // A tracker of a new page reports; the one unmounted sent nothing before it.
    await open('/thirdPartyPlatform/orderManage', seller.token);
    fireEvent.scroll(window);
    vi.advanceTimersByTime(ACTIVITY_INTERVAL_MS);
    const rows = await untilReports(before + 1);
    expect(rows.slice(before)).toMatchObject([{ page: 'orderManage', scrolls: 1 }]);
  });
});
