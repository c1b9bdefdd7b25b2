import { screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { makeSeller } from '../support/accounts';
import { createTestApp, type TestApp } from '../support/app';
import { renderSignedIn } from '../support/console';
import { readLocale } from '../support/locales';

export const en = {
  settings: readLocale('en', 'settings'),
  common: readLocale('en', 'common'),
  errors: readLocale('en', 'errors'),
  validation: readLocale('en', 'validation'),
};
export const PATH = '/cmp/account/accountSetting';
/** The bind modal asks every 2 s; give a scan a few rounds to show. */
export const POLL = { timeout: 8000 };

export let app: TestApp;
export let current: Awaited<ReturnType<typeof renderSignedIn>> | undefined;

/** A main account onboarded on the Thai site (as the console requires), signed in on the settings page. */
export async function openAs(email: string) {
  const seller = await makeSeller(app, email, []);
  const onboarded = await app.call('POST', '/api-user/user/onboarding', {
    token: seller.token,
    json: { site: 'th', businessType: 'crossBorder' },
  });
  expect(onboarded.body.resp_code, onboarded.text).toBe(0);
  current = await renderSignedIn(PATH, { username: email, password: seller.password }, { app });
  await screen.findByTestId('profile-card', {}, { timeout: 10_000 });
  return seller;
}

export const profileOf = async (token: string) =>
  (await app.call('GET', '/user-center/user/getUserInfo', { token })).body.datas;

/** What a person does on the sandbox's phone page after scanning a binding QR code. */
export async function scan(scanUrl: string, person: { nickname?: string; openId?: string }) {
  const path = new URL(scanUrl).pathname;
  expect((await app.sandbox.request(path)).status).toBe(200);
  const done = await app.sandbox.request(`${path}/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(
      person.openId ? { openId: person.openId } : { nickname: person.nickname ?? 'Tester' },
    ),
  });
  expect(await done.text()).toContain('data-scanned');
}

/** The sandbox's WeChat user of this nickname (its phone page lists the people who used it). */
export async function openIdOf(scanUrl: string, nickname: string): Promise<string> {
  const page = await (await app.sandbox.request(new URL(scanUrl).pathname)).text();
  const openId = page.match(new RegExp(`data-openid="([^"]+)"[^>]*>${nickname}`))?.[1];
  if (!openId) throw new Error(`no sandbox WeChat user ${nickname}`);
  return openId;
}

export async function openBindModal(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: en.settings.wechat.bind }));
  const dialog = await screen.findByRole('dialog');
  const link = await within(dialog).findByTestId('wechat-scan-link');
  return { dialog, scanUrl: link.getAttribute('href') ?? '' };
}

/** Sets `current` from a test file (an import cannot be assigned). */
export function setCurrent(value: typeof current) {
  current = value;
}

/** The hooks every file of these tests registers: its app, and what each test leaves reset. */
export function registerAccountSettingsTests() {
  beforeAll(async () => {
    app = await createTestApp({ smtp: true });
  });
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
  afterAll(() => app.close());
}
