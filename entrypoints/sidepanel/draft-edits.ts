import type { ProductDraft } from '@shared/contracts/product-draft';
import { minorToText, textToMinor } from './money-text';

/** What the seller may change before collecting: the title and the prices, as typed. */
export interface DraftEdits {
  title: string;
  /** The product's own price range (a product without SKUs). */
  priceMin: string;
  priceMax: string;
  /** Per SKU id, its price. */
  skuPrices: Record<string, string>;
}

type EditError = 'required' | 'tooLong' | 'invalid' | 'belowMin';

export interface EditedDraft {
  /** The draft with the edits, amounts in minor units. */
  draft: ProductDraft;
  /** Whether anything differs from what the page gave. */
  edited: boolean;
  errors: {
    title?: EditError;
    priceMin?: EditError;
    priceMax?: EditError;
    skus: Record<string, EditError>;
  };
  valid: boolean;
}

/** The longest title the collection box keeps. */
const TITLE_MAX = 255;

const amountText = (minor: number | null, currency: string) =>
  minor === null ? '' : minorToText(minor, currency);

/** The edits as the page gave them (nothing changed yet). */
export function initialEdits(draft: ProductDraft): DraftEdits {
  return {
    title: draft.title,
    priceMin: amountText(draft.price.min, draft.currency),
    priceMax: amountText(draft.price.max, draft.currency),
    skuPrices: Object.fromEntries(
      draft.skus.map((sku) => [sku.id, amountText(sku.price, draft.currency)]),
    ),
  };
}

/**
 * The draft with the seller's edits. A product with SKUs is priced per SKU and its range follows
 * the SKU prices once one changed; one without is priced by its own range. A field the seller
 * changed is the seller's own value: its confidence becomes high.
 */
export function applyEdits(draft: ProductDraft, edits: DraftEdits): EditedDraft {
  const errors: EditedDraft['errors'] = { skus: {} };
  const confidence = { ...draft.confidence };

  const title = edits.title.trim();
  if (title === '') errors.title = 'required';
  else if (title.length > TITLE_MAX) errors.title = 'tooLong';
  const titleEdited = title !== draft.title.trim();
  if (titleEdited) confidence.title = { level: 'high' };

  let price = draft.price;
  let skus = draft.skus;
  let priceEdited = false;
  if (draft.skus.length > 0) {
    let changed = false;
    skus = draft.skus.map((sku) => {
      const text = edits.skuPrices[sku.id] ?? amountText(sku.price, draft.currency);
      const minor = textToMinor(text, draft.currency);
      if (minor === undefined) {
        errors.skus[sku.id] = 'invalid';
        return sku;
      }
      if (minor === sku.price) return sku;
      changed = true;
      return { ...sku, price: minor };
    });
    if (changed) {
      priceEdited = true;
      const prices = skus
        .map((sku) => sku.price)
        .filter((value): value is number => value !== null);
      price =
        prices.length > 0
          ? { min: Math.min(...prices), max: Math.max(...prices) }
          : { min: null, max: null };
    }
  } else {
    const min = textToMinor(edits.priceMin, draft.currency);
    const max = textToMinor(edits.priceMax, draft.currency);
    if (min === undefined) errors.priceMin = 'invalid';
    if (max === undefined) errors.priceMax = 'invalid';
    if (min !== undefined && max !== undefined) {
      if (min !== null && max !== null && max < min) errors.priceMax = 'belowMin';
      // One end given: the price is that one amount.
      const next = { min: min ?? max, max: max ?? min };
      if (next.min !== draft.price.min || next.max !== draft.price.max) {
        priceEdited = true;
        price = next;
      }
    }
  }
  if (priceEdited) confidence.price = { level: 'high' };

  const valid =
    !errors.title && !errors.priceMin && !errors.priceMax && Object.keys(errors.skus).length === 0;
  return {
    draft: { ...draft, title, price, skus, confidence },
    edited: titleEdited || priceEdited,
    errors,
    valid,
  };
}
