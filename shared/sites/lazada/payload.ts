/**
 * Where a Lazada/Daraz page keeps its product: `var __moduleData__ = {data:{root:{fields}}}` or
 * `app.run({data:{root:{fields}}})` (the same object under two spellings), the JSON-in-a-string
 * `var pdpTrackingData = "…"`, and LD+JSON `Product`. Also the Alibaba "punish" captcha markers
 * that replace the page for suspicious sessions.
 */
import { jsonAfter, jsonInString, scriptTexts } from '../common/scan';

import { asArray, at, isRecord, type Json, record } from '../common/values';

export { asArray, isRecord, type Json, record };

export interface LazadaPage {
  /** `data.root.fields`, and the script spelling it came from. */
  fields: Json | null;
  source: '__moduleData__' | 'app.run' | null;
  /** `pdpTrackingData`, decoded twice. */
  tracking: Json;
  /** The LD+JSON `Product` block (empty if none), read only when a fallback needs it. */
  product: () => Json;
}

const PAYLOAD_MARKERS = [
  ['__moduleData__', '__moduleData__'],
  ['app.run(', 'app.run'],
] as const;

/**
 * The fields object wherever the payload roots it: `data.root.fields` (both spellings), or a
 * `root` / `fields` object saved on its own; recognised by its keys.
 */
function fieldsOf(value: unknown): Json | null {
  const candidates = [
    at(value, 'data', 'root', 'fields'),
    at(value, 'root', 'fields'),
    at(value, 'fields'),
    value,
  ];
  for (const candidate of candidates) {
    if (isRecord(candidate) && (isRecord(candidate.primaryKey) || isRecord(candidate.skuInfos))) {
      return candidate;
    }
  }
  return null;
}

/** The string literal assigned after `marker` (`var x = "…"`), unescaped; null if none parses. */
function stringAfter(text: string, marker: string): string | null {
  for (let at = text.indexOf(marker); at >= 0; at = text.indexOf(marker, at + 1)) {
    let i = at + marker.length;
    while (i < text.length && /[\s=:]/.test(text[i] ?? '')) i += 1;
    if (text[i] !== '"') continue;
    let end = i + 1;
    while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
    try {
      const value: unknown = JSON.parse(text.slice(i, end + 1));
      if (typeof value === 'string') return value;
    } catch {
      // Not a string literal: try the next occurrence.
    }
  }
  return null;
}

function ldProduct(document: Document): Json {
  for (const script of document.querySelectorAll('script[type="application/ld+json"]')) {
    try {
      const block: unknown = JSON.parse(script.textContent ?? '');
      for (const entry of Array.isArray(block) ? block : [block]) {
        if (isRecord(entry) && entry['@type'] === 'Product') return entry;
      }
    } catch {
      // A broken block is skipped.
    }
  }
  return {};
}

export function readPage(document: Document): LazadaPage {
  let fields: Json | null = null;
  let source: LazadaPage['source'] = null;
  let tracking: Json = {};
  for (const text of scriptTexts(document)) {
    for (const [marker, name] of PAYLOAD_MARKERS) {
      if (fields || !text.includes(marker)) continue;
      fields = fieldsOf(jsonAfter(text, marker));
      if (fields) source = name;
    }
    if (Object.keys(tracking).length === 0 && text.includes('pdpTrackingData')) {
      tracking = record(jsonInString(stringAfter(text, 'pdpTrackingData')));
    }
  }
  let product: Json | null = null;
  return { fields, source, tracking, product: () => (product ??= ldProduct(document)) };
}

/** The Alibaba "punish" slider page (title, slider ids, tmd/x5sec markers in its scripts). */
export function isCaptcha(document: Document): boolean {
  if (/captcha interception/i.test(document.title)) return true;
  if (document.querySelector('#nc_1_n1z, .baxia-punish, .punish-component')) return true;
  return scriptTexts(document).some(
    (text) => text.includes('_____tmd_____/punish') || text.includes('x5secdata'),
  );
}
