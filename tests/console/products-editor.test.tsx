import { skuProfit } from '@shared/contracts/landed-cost';
import { ProductInputSchema, type Readiness } from '@shared/contracts/products';
import { formatMoney } from '@shared/i18n/format';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  api,
  detailOf,
  en,
  errorOf,
  field,
  fill,
  open,
  registerProductsTests,
  requests,
  SHOPEE_EDITOR,
  waitingShopee,
} from './products-harness';

registerProductsTests();

/** The claimed thermos, opened in the Shopee editor. */
async function openThermos() {
  const [product] = await waitingShopee();
  if (!product) throw new Error('the demo seller has no claimed Shopee product');
  const opened = await open(`${SHOPEE_EDITOR}?id=${product.id}`);
  await screen.findByTestId('product-editor');
  return { ...opened, product };
}

const typeInto = (input: HTMLElement, text: string) =>
  fireEvent.change(input, { target: { value: text } });

describe('the Shopee editor', () => {
  it('checks each field with the shared rules, names every failure on its field and keeps the product as a draft', async () => {
    const { user, product } = await openThermos();
    const before = await detailOf(product.id);

    typeInto(field('title'), 'Thermos cup');
    await user.click(screen.getByTestId('field-preOrder.enabled'));
    typeInto(await screen.findByTestId('field-preOrder.days'), '5');
    typeInto(field('skus.0.stock'), '2.5');
    await user.click(screen.getByTestId('editor-save'));

    await waitFor(() =>
      expect(errorOf(field('title'))).toBe(fill(en.validation.tooShort, { minimum: 20 })),
    );
    expect(errorOf(field('preOrder.days'))).toBe(fill(en.validation.tooSmall, { minimum: 7 }));
    expect(errorOf(field('skus.0.stock'))).toBe(en.validation.integer);
    // A field changed again loses its message; the others keep theirs.
    typeInto(field('title'), 'Double-wall steel thermos cup, 500 ml');
    expect(errorOf(field('title'))).toBeNull();
    expect(errorOf(field('preOrder.days'))).not.toBeNull();
    // Saved as a draft all the same: the server keeps what was typed, and its readiness check
    // lists the same failures (publishing waits for them).
    expect(await screen.findByText(en.products.editor.savedDraft)).toBeTruthy();
    expect(requests.filter(({ url }) => url.pathname === '/product/product/save')).toHaveLength(1);
    const draft = await detailOf(product.id);
    expect(draft.title).toBe('Thermos cup');
    expect(draft.preOrder).toEqual({ enabled: true, days: 5 });
    const readiness = await api<Readiness>('GET', `/product/product/readiness?id=${product.id}`);
    const failed = readiness.targets[0]?.issues
      .filter((issue) => issue.severity === 'error')
      .map((issue) => issue.field);
    expect(failed).toEqual(expect.arrayContaining(['title', 'preOrder.days', 'skus.0.stock']));
    // Put back as it was, for the other cases of this file.
    const restored = Object.fromEntries(
      Object.keys(ProductInputSchema.shape).map((key) => [key, before[key as keyof typeof before]]),
    );
    await api('POST', '/product/product/save', {
      id: product.id,
      version: draft.version,
      product: restored,
    });
    expect((await detailOf(product.id)).title).toBe(before.title);
  });

  it('shows each SKU’s profit from the shared pricing, and follows the price typed', async () => {
    const { product } = await openThermos();
    const detail = await detailOf(product.id);
    const costing = detail.costing;
    if (!costing) throw new Error('the demo product has no rate to price with');
    const sku = detail.skus[0];
    if (!sku) throw new Error('no SKU');
    const profitAt = (price: number, cost: number) =>
      formatMoney(
        skuProfit({
          price,
          costMinor: cost,
          weightGrams: detail.packageWeightGrams,
          dimensionsCm:
            detail.packageLengthCm && detail.packageWidthCm && detail.packageHeightCm
              ? {
                  length: detail.packageLengthCm,
                  width: detail.packageWidthCm,
                  height: detail.packageHeightCm,
                }
              : null,
          rate: costing.rate,
          to: detail.currency,
          template: detail.pricing,
        }),
        detail.currency,
        'en',
      );
    const row = screen.getAllByTestId('sku-row')[0] as HTMLElement;
    const profit = () => within(row).getByTestId('sku-profit');

    typeInto(field('skus.0.costPrice'), '25.00');
    typeInto(field('skus.0.sellingPrice'), '300');
    await waitFor(() => expect(profit().textContent).toContain(profitAt(30_000, 2500)));
    const low = Number(profit().dataset.profit);
    typeInto(field('skus.0.sellingPrice'), '450');
    await waitFor(() => expect(profit().textContent).toContain(profitAt(45_000, 2500)));
    expect(Number(profit().dataset.profit)).toBeGreaterThan(low);
    // A higher cost lowers the profit at the same price.
    typeInto(field('skus.0.costPrice'), '60');
    await waitFor(() => expect(profit().textContent).toContain(profitAt(45_000, 6000)));
    // Without a cost there is nothing to work it out from.
    typeInto(field('skus.0.costPrice'), '');
    await waitFor(() => expect(profit().dataset.state).toBe('noCost'));
  });

  it('leads from a line of the readiness check to its field', async () => {
    const { product } = await openThermos();
    const readiness = await api<{ targets: { issues: { field: string; severity: string }[] }[] }>(
      'GET',
      `/product/product/readiness?id=${product.id}`,
    );
    const issues = readiness.targets[0]?.issues ?? [];
    expect(issues.length).toBeGreaterThan(0);
    const lines = await screen.findAllByTestId('readiness-line');
    expect(lines.map((line) => line.dataset.field).sort()).toEqual(
      issues.map((issue) => issue.field).sort(),
    );
    // A line about a field leads to it: in view, focused.
    const category = lines.find((line) => line.dataset.field === 'categoryId');
    expect(category?.textContent).toBe(en.products.readiness.codes.categoryMissing);
    fireEvent.click(category as HTMLElement);
    await waitFor(() => expect(document.activeElement?.id).toBe('product-field-categoryId'));
    const rule = lines.find((line) => line.dataset.field === 'shortDescription');
    if (rule) {
      fireEvent.click(rule);
      await waitFor(() =>
        expect(document.activeElement?.id).toBe('product-field-shortDescription'),
      );
    }
    // A line about the shop leads to the shops page, where it is authorized again.
    const shop = lines.find((line) => line.dataset.field === 'shop');
    if (shop) expect(shop.getAttribute('href')).toBe('/cmp/thirdPartyPlatform/authorizeList');
  });
});
