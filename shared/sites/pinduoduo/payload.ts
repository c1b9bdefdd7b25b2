/**
 * Where a PDD goods page keeps its data: `window.rawData = {store: {initDataObj: {goods, mall, …}}}`
 * inlined by the server, or an answer the page received holding the same `{goods, mall}` object.
 * A goods-list answer (`goods_list[]`, prices in fen) is a listing, not a goods page.
 */
import type { ExtractInput } from '../common/draft';
import { jsonAfter, scriptTexts } from '../common/scan';

import { asArray, isRecord, type Json, record } from '../common/values';

export { asArray, isRecord, type Json, record };

export interface PddData {
  /** The initDataObj (holding `goods` and `mall`, or `needLogin`), if the page has one. */
  init: Json | null;
  listing: boolean;
}

/** initDataObj wherever the object roots it: under `store`, on its own, or saved bare. */
function initOf(value: unknown): Json | null {
  const root = record(value);
  const store = record(root.store);
  for (const candidate of [store.initDataObj, root.initDataObj, root]) {
    if (isRecord(candidate) && (isRecord(candidate.goods) || candidate.needLogin === true)) {
      return candidate;
    }
  }
  return null;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export function findPddData(input: ExtractInput): PddData {
  let init: Json | null = null;
  let listing = false;
  for (const answer of input.captured ?? []) {
    const body = parse(answer.body);
    init ??= initOf(body);
    if (Array.isArray(record(body).goods_list)) listing = true;
  }
  if (!init) {
    for (const text of scriptTexts(input.document)) {
      if (!text.includes('rawData')) continue;
      init = initOf(jsonAfter(text, /\brawData\b/));
      if (init) break;
    }
  }
  return { init, listing };
}
