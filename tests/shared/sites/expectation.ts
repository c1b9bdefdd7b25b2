import type { ExtractionFailureKind, ProductDraft } from '@shared/contracts/product-draft';

/**
 * What a fixture page must give, written by reading the page by eye: either a failure kind, or
 * the draft fields that must match (`toMatchObject`), plus checks of their own.
 */
export interface Expectation {
  /** The address the page was served at (an item URL of its site). */
  url: string;
  /**
   * How the saved file reaches the adapter: an HTML page (default), or a JSON payload the page
   * received from the given API address (`captured`), or a JSON object the page had in a script
   * assignment (`script`: the text before the object, e.g. "window.__INIT_DATA=").
   */
  load?: { captured: string } | { script: string };
  failure?: ExtractionFailureKind;
  draft?: Partial<{ [K in keyof ProductDraft]: unknown }>;
  check?: (draft: ProductDraft) => void;
}

export type Expectations = Record<string, Expectation>;
