import type {
  ExtractionFailure,
  ExtractionFailureKind,
  ProductDraft,
  SourceSite,
} from '@shared/contracts/product-draft';
import { low } from './confidence';

/** What every adapter is given: the page's address and document, and API answers it captured. */
export interface ExtractInput {
  url: string;
  document: Document;
  captured?: { url: string; body: string }[];
}

export type ExtractResult = ProductDraft | ExtractionFailure;

export interface SiteAdapter {
  site: SourceSite;
  /** Whether the address belongs to this site (any of its hosts). */
  matches(url: URL): boolean;
  extract(input: ExtractInput): ExtractResult;
}

export function failure(
  kind: ExtractionFailureKind,
  site: SourceSite | null,
  missing: string[] = [],
): ExtractionFailure {
  return { failure: kind, site, missing };
}

export function isFailure(result: ExtractResult): result is ExtractionFailure {
  return 'failure' in result;
}

/** The source data kept with a draft: at most this many characters of JSON. */
const RAW_LIMIT = 20_000;

/** A bounded copy of the source data: whole when small, otherwise its top-level keys and a cut. */
export function boundedRaw(raw: unknown): unknown {
  const text = JSON.stringify(raw ?? null);
  if (text.length <= RAW_LIMIT) return raw ?? null;
  return { truncated: true, size: text.length, head: text.slice(0, RAW_LIMIT) };
}

type Confidence = ProductDraft['confidence'][string];

/** The fields a page may leave empty, and the reason a draft gives when it did. */
const MISSING: [keyof ProductDraft, (draft: ProductDraft) => boolean, () => Confidence][] = [
  ['price', (d) => d.price.min === null, () => low('noPrice', 'no price on the page')],
  ['images', (d) => d.images.length === 0, () => low('noImages', 'no images on the page')],
  ['description', (d) => d.description === null, () => low('noDescription', 'no description')],
  ['shop', (d) => d.shop === null, () => low('noShop', 'no shop on the page')],
  ['categoryPath', (d) => d.categoryPath.length === 0, () => low('noCategory', 'no category')],
  ['attributes', (d) => d.attributes.length === 0, () => low('noAttributes', 'no attributes')],
  ['weightGrams', (d) => d.weightGrams === null, () => low('noWeight', 'no weight on the page')],
  [
    'dimensionsCm',
    (d) => d.dimensionsCm === null,
    () => low('noPackageSize', 'no package size on the page'),
  ],
];

/**
 * A draft that says which fields the page left empty: each empty field the adapter gave no reason
 * for (or called sure) gets the low reason for its absence, so the seller sees what to fill in.
 */
export function withMissingReported(result: ExtractResult): ExtractResult {
  if (isFailure(result)) return result;
  const confidence = { ...result.confidence };
  for (const [field, isEmpty, reason] of MISSING) {
    const given = confidence[field];
    if (isEmpty(result) && (!given || (given.level === 'high' && !given.code))) {
      confidence[field] = reason();
    }
  }
  return { ...result, confidence };
}
