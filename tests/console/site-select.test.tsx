import { writeCookie } from '@shared/session/web-port';
import { screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeSeller } from '../support/accounts';
import { createTestApp, interceptRequests, type TestApp } from '../support/app';
import { renderSignedIn } from '../support/console';
import { readLocale } from '../support/locales';

const en = readLocale('en', 'common');

let t: TestApp;
let current: { close(): Promise<void> } | undefined;
/** The site header of each request the console sent, by path. */
let sites: { path: string; site: string | null }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  interceptRequests(t.app, (request, next) => {
    sites.push({ path: new URL(request.url).pathname, site: request.headers.get('site') });
    return next(request);
  });
});
afterEach(async () => {
  await current?.close();
  current = undefined;
  sites = [];
});
afterAll(() => t.close());

let made = 0;
/** A seller who chose `site` at onboarding, signed in on the dashboard. */
async function openAs(site: 'my' | 'th' | 'vn') {
  made += 1;
  const email = `site-select-${made}@example.com`;
  const seller = await makeSeller(t, email, []);
  const onboarded = await t.call('POST', '/api-user/user/onboarding', {
    token: seller.token,
    json: { site, businessType: 'crossBorder' },
  });
  expect(onboarded.body.resp_code, onboarded.text).toBe(0);
  writeCookie(document, 'cmp-language', 'en');
  current = await renderSignedIn(
    '/cmp/cmpDashboard',
    { username: email, password: 'Seller-pass1' },
    { app: t },
  );
}

describe('the header’s site selector', () => {
  it('shows the site a seller chose at onboarding, and the console asks for it', async () => {
    await openAs('my');
    await waitFor(() => expect(screen.getByTestId('site-select').textContent).toBe(en.sites.my));
    // The console's requests (the test's own sign-in sends no site).
    const sent = () => sites.filter((entry) => entry.site !== null);
    await waitFor(() => expect(sent().length).toBeGreaterThan(0));
    expect(new Set(sent().map((entry) => entry.site))).toEqual(new Set(['my']));
  });

  it('shows another seller’s own site, not the default', async () => {
    await openAs('vn');
    await waitFor(() => expect(screen.getByTestId('site-select').textContent).toBe(en.sites.vn));
  });

  it('keeps a site chosen in the selector over the account’s own', async () => {
    writeCookie(document, 'cmp-site', 'th');
    await openAs('my');
    await waitFor(() => expect(screen.getByTestId('site-select').textContent).toBe(en.sites.th));
    await waitFor(() => expect(sites.some((entry) => entry.site === 'th')).toBe(true));
    expect(sites.filter((entry) => entry.site === 'my')).toEqual([]);
  });
});
