import { CatalogueDetailsPage } from '@console/features/catalogue/catalogue-details-page';
import { CatalogueListPage } from '@console/features/catalogue/catalogue-list-page';
import {
  validateCatalogueDetailsSearch,
  validateCatalogueSearch,
} from '@console/features/catalogue/catalogue-route-search';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { makeSeller } from '../support/accounts';
import { createTestApp, interceptRequests, type TestApp } from '../support/app';
import { type PlantedProduct, plantCatalogue } from '../support/catalogue-console';
import { renderPageSignedIn, renderSignedIn } from '../support/console';
import { fillWords, readLocale } from '../support/locales';
import { authorizeStoredShop } from '../support/shops';

export const en = {
  catalogue: readLocale('en', 'catalogue'),
  common: readLocale('en', 'common'),
  errors: readLocale('en', 'errors'),
};
export const fill = fillWords;
export const PAGE = '/cmp/product/thirdProductList';

export let t: TestApp;
let current: { close(): Promise<void> } | undefined;
let restore: (() => void) | undefined;
let sellers = 0;

/** Phone cases (25 with 手机壳 in the title), cables, cups and direct-sale lamps. */
export const PRODUCTS: PlantedProduct[] = [
  ...Array.from({ length: 25 }, (_, i) => ({
    n: i + 1,
    zh: `透明手机壳 款式${i + 1}`,
    en: `Clear phone case style ${i + 1}`,
    leaf: 'phoneCases' as const,
    price: 990 + i * 100,
    sales: 1000 - i * 10,
  })),
  {
    n: 30,
    zh: '手机壳挂绳数据线',
    en: 'Phone case lanyard cable',
    leaf: 'cables',
    sourceSite: 'taobao',
    price: 1500,
    sales: 50,
  },
  {
    n: 31,
    zh: '不锈钢保温杯',
    th: 'แก้วเก็บความร้อน',
    en: 'Steel thermos cup',
    leaf: 'cups',
    stock: 0,
  },
  {
    n: 40,
    zh: '护眼台灯',
    en: 'Eye-care desk lamp',
    leaf: 'lamps',
    source: 'directSale',
    price: 45_000,
    stockBySite: { th: 30, my: 5 },
  },
  {
    n: 41,
    zh: '木质收纳盒',
    en: 'Wooden storage box',
    leaf: 'boxes',
    source: 'supplier',
    price: 2300,
  },
  { n: 50, zh: '机械键盘', en: 'Mechanical keyboard', leaf: 'keyboards', source: 'thirdParty' },
];

/** A main account of its own, onboarded, without shops: enough to search and browse. */
export async function browser() {
  sellers += 1;
  const email = `catalogue-${sellers}@example.com`;
  const made = await makeSeller(t, email, []);
  const onboarded = await t.call('POST', '/api-user/user/onboarding', {
    token: made.token,
    json: { site: 'th', businessType: 'crossBorder' },
  });
  expect(onboarded.body.resp_code, onboarded.text).toBe(0);
  return { ...made, email };
}

/**
 * A main account of its own, onboarded, with a normal Lazada shop, a normal Shopee shop and an
 * abnormal TikTok shop.
 */
export async function seller() {
  sellers += 1;
  const email = `catalogue-${sellers}@example.com`;
  const made = await makeSeller(t, email, ['Lazada Home', 'Shopee Deals', 'TikTok Trends']);
  const onboarded = await t.call('POST', '/api-user/user/onboarding', {
    token: made.token,
    json: { site: 'th', businessType: 'crossBorder' },
  });
  expect(onboarded.body.resp_code, onboarded.text).toBe(0);
  const [lazada, shopee, tiktok] = made.shops;
  if (!lazada || !shopee || !tiktok) throw new Error('shops missing');
  await authorizeStoredShop(t, lazada.id);
  await authorizeStoredShop(t, shopee.id);
  await authorizeStoredShop(t, tiktok.id, {
    abnormal: { key: 'PLATFORM_TOKEN_INVALID', code: 'invalid_token', message: null },
  });
  return { ...made, email, lazada, shopee, tiktok };
}

/**
 * The catalogue's list and details pages on their routes (addresses and search as the
 * console's), signed in as the account with the menus and buttons its sign-in answered: the
 * tests are about the pages, not the shell around them, which took most of their rendering.
 * `inConsole`: in the whole console instead (the routes' guards and words loaded by the routes).
 */
export async function open(
  username: string,
  password: string,
  path = PAGE,
  { inConsole = false } = {},
) {
  const running = inConsole
    ? await renderSignedIn(path, { username, password }, { app: t })
    : await renderPageSignedIn(
        path,
        { username, password },
        {
          app: t,
          pages: {
            '/product/thirdProductList': () => <CatalogueListPage />,
            '/product/thirdDetails': () => <CatalogueDetailsPage />,
          },
          validateSearch: {
            '/product/thirdProductList': validateCatalogueSearch,
            '/product/thirdDetails': validateCatalogueDetailsSearch,
          },
        },
      );
  current = running;
  if (path.startsWith(PAGE)) await screen.findByRole('heading', { name: en.catalogue.title });
  return { running, user: userEvent.setup({ delay: null }) };
}

/** The catalogue's requests to the server, as the console sent them. */
export function watchRequests(prefix: string) {
  const seen: URL[] = [];
  restore = interceptRequests(t.app, (request, next) => {
    const url = new URL(request.url);
    if (url.pathname.startsWith(prefix)) seen.push(url);
    return next(request);
  });
  return seen;
}

export const rows = () => screen.queryAllByTestId('catalogue-row');
export const titles = () =>
  rows().map((row) => within(row).getByTestId('catalogue-title').textContent);

/** The hooks every file of these tests registers: its app with the catalogue planted. */
export function registerCatalogueTests() {
  beforeAll(async () => {
    t = await createTestApp();
    await plantCatalogue(t.db, PRODUCTS);
  });
  afterAll(() => t.close());
  afterEach(async () => {
    restore?.();
    restore = undefined;
    await current?.close();
    current = undefined;
  });
}
