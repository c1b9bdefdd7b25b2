import type {
  ExtractionFailure,
  ExtractionFailureKind,
  ProductDraft,
  SourceSite,
} from '@shared/contracts/product-draft';

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
