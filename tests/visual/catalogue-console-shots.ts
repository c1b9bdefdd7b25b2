import type { Database } from '../../server/db/client';
import {
  CATEGORIES,
  type PlantedProduct,
  plantCatalogue,
  productId,
} from '../support/catalogue-console';

type Shot = (name: string) => Promise<void>;
type Go = (path: string, ready: string) => Promise<void>;

const PRODUCTS: PlantedProduct[] = [
  ...Array.from({ length: 12 }, (_, i) => ({
    n: 901 + i,
    zh: `透明防摔手机壳 适用iPhone 15 Pro Max 第${i + 1}款 加厚气囊`,
    th: i % 2 === 0 ? `เคสมือถือใสกันกระแทก สำหรับ iPhone 15 รุ่นที่ ${i + 1}` : undefined,
    en:
      i % 3 === 0 ? `Clear shockproof phone case for iPhone 15 Pro Max, style ${i + 1}` : undefined,
    leaf: 'phoneCases' as const,
    price: 890 + i * 130,
    sales: 12_000 - i * 700,
  })),
  { n: 930, zh: '304不锈钢保温杯 大容量', en: 'Steel thermos cup, 1 L', leaf: 'cups', stock: 0 },
  {
    n: 940,
    zh: '护眼LED台灯 三档调光',
    th: 'โคมไฟ LED ถนอมสายตา',
    en: 'Eye-care LED desk lamp',
    leaf: 'lamps',
    source: 'directSale',
    price: 45_000,
    stockBySite: { th: 30, my: 5, ph: 0 },
  },
  {
    n: 941,
    zh: '竹制收纳盒 三件套',
    en: 'Bamboo storage boxes, set of 3',
    leaf: 'boxes',
    source: 'supplier',
    price: 2300,
  },
  {
    n: 950,
    zh: '人体工学机械键盘',
    th: 'คีย์บอร์ดเพื่อสุขภาพ',
    en: 'Ergonomic keyboard',
    leaf: 'keyboards',
    source: 'thirdParty',
  },
];

let planted = false;

/** The shots' catalogue, planted once per run. */
export async function plantShotsCatalogue(db: Database) {
  if (planted) return;
  planted = true;
  await plantCatalogue(db, PRODUCTS);
}

/**
 * `SCREENSHOTS_ONLY=catalogue`: product sourcing in each tab, its filters filled, the follow,
 * choose and cart dialogs, and a product's page.
 */
export async function catalogueShots({
  db,
  page,
  go,
  shot,
}: {
  db: Database;
  page: import('puppeteer-core').Page;
  go: Go;
  shot: Shot;
}) {
  await plantShotsCatalogue(db);
  const list = '/product/thirdProductList';
  await go(
    `${list}?keyword=手机壳&categoryId=${CATEGORIES.phoneCases.id}&inStock=true`,
    '[data-testid="catalogue-row"]',
  );
  await shot('catalogue-mall');
  await page.click('[data-testid="catalogue-row"] input[type="checkbox"]');
  await page.click('[data-testid="catalogue-choose"]');
  await page.waitForSelector('[data-testid="choose-form"]', { visible: true });
  await shot('catalogue-choose');
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.querySelector('[role="dialog"]'));
  await go(`${list}?source=supplier`, '[data-testid="catalogue-row"]');
  await shot('catalogue-supplier');
  await go(`${list}?source=directSale`, '[data-testid="catalogue-row"]');
  await shot('catalogue-direct');
  await go(`${list}?source=thirdParty`, '[data-testid="shell"]');
  await page.waitForSelector('[data-testid="third-empty"], [data-testid="catalogue-row"]', {
    visible: true,
  });
  await shot('catalogue-third');
  await page.click('[data-testid="follow-open"]');
  await page.waitForSelector('[data-testid="follow-warning"]', { visible: true });
  await shot('catalogue-follow');
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.querySelector('[role="dialog"]'));
  await go(`/product/thirdDetails?id=${productId(901)}`, '[data-testid="catalogue-details"]');
  await shot('catalogue-details');
  await go(`/product/thirdDetails?id=${productId(940)}`, '[data-testid="catalogue-details"]');
  await shot('catalogue-details-direct');
  await go(list, '[data-testid="cart-open"]');
  await page.click('[data-testid="cart-open"]');
  await page.waitForSelector('[role="dialog"]', { visible: true });
  await shot('catalogue-cart');
  await page.keyboard.press('Escape');
}
