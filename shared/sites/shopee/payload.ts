/**
 * Finds Shopee's product data: the PDP answers the page received (`/api/v4/pdp/get_pc`,
 * `/api/v4/item/get`, `/api/v2/item/get`) and the same PDP data embedded server-side in
 * `<script type="text/mfe-initial-data">` (initialState.DOMAIN_PDP.data.PDP_BFF_DATA.cachedMap).
 * The generation is told by keys: `data.item` (get_pc, embedded), `data.itemid` + `name` (v4),
 * `item.itemid` (v2).
 */
import type { ExtractInput } from '../common/draft';
import { asArray, at, isRecord, type Json } from '../common/values';

export { asArray, isRecord, type Json };

/** One product answer: the object holding `item` (and, for get_pc, `pricing`, `shop_detailed`...). */
export interface PdpPayload {
  source: 'pdp/get_pc' | 'item/get' | 'mfe-initial-data';
  container: Json;
  item: Json;
}

/** What the page's captured answers and embedded data hold. */
export interface ShopeeData {
  payloads: PdpPayload[];
  /** A search or listing answer was captured. */
  listing: boolean;
  /** An answer refused the product (risk control or an error code) without any item. */
  refused: 'riskControl' | 'error' | null;
}

/** Shopee's risk-control refusal of an API call (HTTP 200 with this code and no data). */
const RISK_CONTROL_ERROR = 90309999;
const MAX_DEPTH = 6;

export function itemIdOf(item: Json): string | null {
  const id = item.item_id ?? item.itemid;
  if (typeof id === 'number' && Number.isSafeInteger(id)) return String(id);
  if (typeof id === 'string' && /^\d+$/.test(id)) return id;
  return null;
}

function collect(
  value: unknown,
  source: PdpPayload['source'],
  out: PdpPayload[],
  depth: number,
): void {
  if (!isRecord(value) || depth > MAX_DEPTH) return;
  if (isRecord(value.item) && itemIdOf(value.item)) {
    out.push({ source, container: value, item: value.item });
    return;
  }
  const data = value.data;
  if (isRecord(data) && itemIdOf(data) && ('name' in data || 'title' in data)) {
    out.push({ source: 'item/get', container: { item: data }, item: data });
    return;
  }
  for (const child of Object.values(value)) collect(child, source, out, depth + 1);
}

function isErrorCode(value: unknown): boolean {
  return typeof value === 'number' && value !== 0;
}

function isListing(body: Json): boolean {
  const data = isRecord(body.data) ? body.data : {};
  return [body.items, data.items].some((list) =>
    asArray(list).some(
      (entry) => isRecord(entry) && (itemIdOf(entry) || isRecord(entry.item_basic)),
    ),
  );
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function embedded(document: Document, out: PdpPayload[]): void {
  for (const script of document.querySelectorAll('script[type="text/mfe-initial-data"]')) {
    const text = script.textContent ?? '';
    if (!text.includes('PDP_BFF_DATA')) continue;
    const state = parse(text);
    const cachedMap = at(state, 'initialState', 'DOMAIN_PDP', 'data', 'PDP_BFF_DATA', 'cachedMap');
    if (!isRecord(cachedMap)) continue;
    for (const entry of Object.values(cachedMap)) collect(entry, 'mfe-initial-data', out, 0);
  }
}

export function findShopeeData(input: ExtractInput): ShopeeData {
  const payloads: PdpPayload[] = [];
  let listing = false;
  let refused: ShopeeData['refused'] = null;
  for (const answer of input.captured ?? []) {
    const body = parse(answer.body);
    if (!isRecord(body)) continue;
    const before = payloads.length;
    const source = answer.url.includes('/pdp/') ? 'pdp/get_pc' : 'item/get';
    collect(body, source, payloads, 0);
    if (payloads.length > before) continue;
    if (isListing(body)) listing = true;
    else if (/\/(?:pdp\/get_pc|item\/get)\b/.test(answer.url) && isErrorCode(body.error)) {
      refused = body.error === RISK_CONTROL_ERROR ? 'riskControl' : (refused ?? 'error');
    }
  }
  embedded(input.document, payloads);
  return { payloads, listing, refused };
}
