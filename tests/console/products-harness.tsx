import { DEMO_ACCOUNT } from '@server/seed/demo';
import type { ProductDetail, ProductPage } from '@shared/contracts/products';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { createTestApp, interceptRequests, type TestApp } from '../support/app';
import { renderSignedIn } from '../support/console';
import { fillWords, readLocale } from '../support/locales';

export const en = {
  products: readLocale('en', 'products'),
  validation: readLocale('en', 'validation'),
  common: readLocale('en', 'common'),
};
export const fill = fillWords;
export const LIST = '/cmp/thirdPartyPlatform/platformProductManage';
export const SHOPEE_EDITOR = '/cmp/product/shopeeProductDetail';

export let t: TestApp;
let current: { close(): Promise<void> } | undefined;
let token = '';
/** The console's calls to the app (method and address), in order. */
export let requests: { method: string; url: URL }[] = [];

/** A call to the app as the demo seller. */
export async function api<T>(method: 'GET' | 'POST', path: string, json?: unknown): Promise<T> {
  const res = await t.call(method, path, { token, ...(json === undefined ? {} : { json }) });
  expect(res.body.resp_code, res.text).toBe(0);
  return res.body.datas as T;
}

/** The demo seller's Shopee products waiting to be published (the claimed thermos among them). */
export async function waitingShopee(): Promise<ProductPage['records']> {
  return (await api<ProductPage>('GET', '/product/product/list?platform=shopee&status=wait'))
    .records;
}

export const detailOf = (id: string) =>
  api<ProductDetail>('GET', `/product/product/detail?id=${id}`);

/** The console opened at `path`, signed in as the demo seller. */
export async function open(path: string) {
  const running = await renderSignedIn(
    path,
    { username: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password },
    { app: t },
  );
  current = running;
  return { running, user: userEvent.setup() };
}

/** The message a field shows under it (its aria-describedby error), or null. */
export function errorOf(input: HTMLElement): string | null {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  for (const id of ids) {
    const element = document.getElementById(id);
    if (element && id.endsWith('-error')) return element.textContent;
  }
  return null;
}

export const field = (path: string) => screen.getByTestId(`field-${path}`);

/** The hooks every file of these tests registers: the demo seller's app, reset after each test. */
export function registerProductsTests() {
  beforeAll(async () => {
    t = await createTestApp({ from: 'demo' });
    interceptRequests(t.app, (request, next) => {
      requests.push({ method: request.method, url: new URL(request.url) });
      return next(request);
    });
    const signed = await t.call('POST', '/api-uaa/oauth/loginByPassword', {
      json: { username: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password },
    });
    token = String((signed.body.datas as { access_token: string }).access_token);
  });
  afterAll(() => t.close());
  afterEach(async () => {
    await current?.close();
    current = undefined;
    requests = [];
  });
}
