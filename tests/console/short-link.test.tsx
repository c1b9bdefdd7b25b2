import { ShortLinkPage } from '@console/features/short-links/short-link-page';
import { collectedProducts, users } from '@server/db/schema/index';
import { issueShortLink } from '@server/modules/short-links/short-links.service';
import { DEMO_ACCOUNT } from '@server/seed/demo';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeSeller } from '../support/accounts';
import { createTestApp, type TestApp } from '../support/app';
import { renderConsole, renderSignedIn } from '../support/console';
import { readLocale } from '../support/locales';
import { renderPages } from '../support/page-harness';

let t: TestApp;
let current: { close(): Promise<void> } | undefined;
let harness: Awaited<ReturnType<typeof renderPages>> | undefined;

beforeAll(async () => {
  t = await createTestApp({ from: 'demo' });
});
afterAll(() => t.close());
afterEach(async () => {
  await current?.close();
  current = undefined;
  harness?.view.unmount();
  harness = undefined;
});

const common = readLocale('en', 'common');
const link = async (target: string, ttlSeconds?: number) =>
  (await issueShortLink(t, null, { target, ...(ttlSeconds ? { ttlSeconds } : {}) })).id;
const open = async (id: string, app: TestApp = t) => {
  const running = await renderConsole(`/cmp/shortUrlLinkRedirect/${id}`, { app });
  current = running;
  return running;
};

/** The app, with the short-link call held until `release` (or failed while `failing`). */
function gatedApp() {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const state = { failing: false, release: () => release() };
  const app = {
    ...t,
    app: {
      fetch: async (request: Request) => {
        if (new URL(request.url).pathname === '/api-user/public/shortUrl') {
          if (state.failing) throw new TypeError('Failed to fetch');
          await gate;
        }
        return t.app.fetch(request);
      },
    },
  } as unknown as TestApp;
  return { app, state };
}

describe('/shortUrlLinkRedirect/$id', () => {
  it('shows that it is opening the link, then replaces itself with the console page it leads to', async () => {
    const id = await link('/cmp/servicePolicy');
    const { app, state } = gatedApp();
    await open(id, app);
    const opening = await screen.findByTestId('short-link-opening');
    expect(opening.textContent).toContain(common.loading);
    const entries = window.history.length;
    state.release();
    await waitFor(() => expect(window.location.pathname).toBe('/cmp/servicePolicy'));
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
      readLocale('en', 'policy').service.title,
    );
    // Replaced, not pushed: Back does not return to the link page.
    expect(window.history.length).toBe(entries);
  });

  it('keeps the query of the console path, for a signed-in user', async () => {
    const id = await link('/cmp/cmpDashboard?from=message');
    current = await renderSignedIn(
      `/cmp/shortUrlLinkRedirect/${id}`,
      { username: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password },
      { app: t },
    );
    await waitFor(() => expect(window.location.pathname).toBe('/cmp/cmpDashboard'));
    expect(new URLSearchParams(window.location.search).get('from')).toBe('message');
  });

  it('sends a signed-out user through sign-in to a page that needs a session', async () => {
    const id = await link('/cmp/account/accountSetting');
    await open(id);
    await waitFor(() => expect(window.location.pathname).toBe('/cmp/login'));
    expect(new URLSearchParams(window.location.search).get('redirect')).toBe(
      '/account/accountSetting',
    );
  });

  it.each([
    ['an unknown id', async () => 'AAAAAAAAAAAAAAAA'],
    ['a malformed id', async () => 'abc'],
    [
      'an expired link',
      async () => {
        const id = await link('/cmp/servicePolicy', 60);
        t.clock.advance(61_000);
        return id;
      },
    ],
  ])('goes to /404 for %s', async (_what, make) => {
    await open(await make());
    await waitFor(() => expect(window.location.pathname).toBe('/cmp/404'));
  });

  it('says so when the server cannot be reached, and tries again', async () => {
    const id = await link('/cmp/secretPolicy');
    const { app, state } = gatedApp();
    state.failing = true;
    state.release();
    await open(id, app);
    expect((await screen.findByRole('alert')).textContent).toBeTruthy();
    expect(window.location.pathname).toBe(`/cmp/shortUrlLinkRedirect/${id}`);
    state.failing = false;
    fireEvent.click(screen.getByRole('button', { name: common.actions.retry }));
    await waitFor(() => expect(window.location.pathname).toBe('/cmp/secretPolicy'));
  });

  it('leaves for an allowed https address by replacing the page', async () => {
    const id = await link('https://detail.1688.com/offer/42.html');
    const replace = vi.fn();
    harness = await renderPages({
      app: t,
      path: `/shortUrlLinkRedirect/${id}`,
      pages: { '/shortUrlLinkRedirect/$id': () => <ShortLinkPage />, '/404': () => <p>404</p> },
      win: { location: { replace } as unknown as Location },
    });
    await waitFor(() =>
      expect(replace).toHaveBeenCalledWith('https://detail.1688.com/offer/42.html'),
    );
    expect(replace).toHaveBeenCalledTimes(1);
    expect(harness.router.state.location.pathname).toBe(`/shortUrlLinkRedirect/${id}`);
  });

  it('takes the id as a prop as well', async () => {
    const id = await link('/thirdPartyPlatform/orderManage?orderId=7');
    harness = await renderPages({
      app: t,
      path: '/go',
      pages: {
        '/go': () => <ShortLinkPage id={id} />,
        '/thirdPartyPlatform/orderManage': () => <p>orders</p>,
      },
    });
    expect(await screen.findByText('orders')).toBeTruthy();
    expect(harness.router.state.location.search).toEqual({ orderId: 7 });
  });
});

describe('links bound to an account', () => {
  const demo = { username: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password };
  const demoId = async () => {
    const [row] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, DEMO_ACCOUNT.email));
    return row?.id ?? '';
  };

  it('sends a signed-out reader of a message’s link through sign-in and back to the link', async () => {
    const id = (
      await issueShortLink(t, null, { target: '/cmp/other/couponCenter', userId: await demoId() })
    ).id;
    await open(id);
    await waitFor(() => expect(window.location.pathname).toBe('/cmp/login'));
    expect(new URLSearchParams(window.location.search).get('redirect')).toBe(
      `/shortUrlLinkRedirect/${id}`,
    );
  });

  it('tells another account the link is not theirs, in its language, and offers no retry', async () => {
    const other = await makeSeller(t, 'short-link-other@example.com', []);
    const id = (
      await issueShortLink(t, null, { target: '/cmp/other/couponCenter', userId: other.user.id })
    ).id;
    current = await renderSignedIn(`/cmp/shortUrlLinkRedirect/${id}`, demo, { app: t });
    const failed = await screen.findByTestId('short-link-failed');
    expect(within(failed).getByRole('alert').textContent).toBe(
      readLocale('en', 'errors').SHORT_LINK_OTHER_ACCOUNT,
    );
    expect(within(failed).queryByRole('button', { name: common.actions.retry })).toBeNull();
    expect(window.location.pathname).toBe(`/cmp/shortUrlLinkRedirect/${id}`);
  });

  it('shares a collected product from its page by a link that opens it for the account', async () => {
    const [product] = await t.db
      .select({ id: collectedProducts.id })
      .from(collectedProducts)
      .where(eq(collectedProducts.ownerId, await demoId()))
      .limit(1);
    const productId = product?.id ?? '';
    const running = await renderSignedIn(`/cmp/product/collectorDetails?id=${productId}`, demo, {
      app: t,
    });
    current = running;
    fireEvent.click(await screen.findByTestId('collect-detail-share'));
    const shared = await screen.findByTestId('collect-share-link');
    // (jsdom runs no CSS transitions: the popover is in the page, not yet shown.)
    const url = (within(shared).getByRole('textbox', { hidden: true }) as HTMLInputElement).value;
    const id = /\/cmp\/shortUrlLinkRedirect\/([A-Za-z0-9_-]{10,})$/.exec(url)?.[1] ?? '';
    expect(id, url).not.toBe('');
    const words = readLocale('en', 'collector').share;
    expect(within(shared).getByTestId('collect-share-hint').textContent).toMatch(
      new RegExp(`^${words.hint.split('{{date}}')[0]}`),
    );

    // Opened later (here, by the same account), it leads to the product's page.
    await running.router.navigate({ href: `/shortUrlLinkRedirect/${id}` });
    await waitFor(() => expect(window.location.pathname).toBe('/cmp/product/collectorDetails'));
    expect(new URLSearchParams(window.location.search).get('id')).toBe(productId);
  });
});
