import { DESCRIPTION_HOSTS } from '@extension/hosts';
import { hostIn } from '@shared/contracts/source-sites';

/** Descriptions larger than this are left as their address. */
const DESCRIPTION_MAX_BYTES = 2_000_000;
/** How long the background waits for a description. */
const DESCRIPTION_TIMEOUT_MS = 15_000;

/** The address to fetch a description from, when it is one the collector may fetch; else null. */
export function descriptionAddress(url: string): URL | null {
  let parsed: URL;
  try {
    parsed = new URL(url.startsWith('//') ? `https:${url}` : url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
  return hostIn(parsed.hostname, DESCRIPTION_HOSTS) ? parsed : null;
}

/**
 * The description HTML in what a description address answers: 1688 wraps it in a script
 * (`var offer_details = {content: "..."}`), AliExpress answers an HTML fragment (sometimes a whole
 * document: its body is kept). Scripts are dropped. Null when nothing is left.
 */
export function unwrapDescription(text: string): string | null {
  const assigned = /^\s*(?:var|let|const)?\s*[\w$.]+\s*=\s*/.exec(text);
  let html: string | null = text;
  if (assigned && !text.trimStart().startsWith('<')) {
    const value = text.slice(assigned[0].length);
    html = /^\s*['"`]/.test(value) ? readStringLiteral(value) : contentOf(value);
  }
  if (html === null) return null;
  const body = /<body\b[^>]*>([\s\S]*?)(?:<\/body\s*>|$)/i.exec(html);
  const cleaned = (body?.[1] ?? html).replace(/<script\b[\s\S]*?(?:<\/script\s*>|$)/gi, '').trim();
  return cleaned ? cleaned : null;
}

/** The `content` string of an object literal (`{content: "..."}`, `{"content": '...'}`). */
function contentOf(value: string): string | null {
  const key = /[{,]\s*(?:"content"|'content'|content)\s*:\s*/.exec(value);
  if (!key) return null;
  return readStringLiteral(value.slice(key.index + key[0].length));
}

const SIMPLE_ESCAPES: Record<string, string> = {
  n: '\n',
  r: '\r',
  t: '\t',
  b: '\b',
  f: '\f',
  v: '\v',
  '0': '\0',
};

/** Decodes the JavaScript string literal `text` starts with (any quote); null when it is not one. */
export function readStringLiteral(text: string): string | null {
  const start = text.search(/\S/);
  const quote = text[start];
  if (quote !== '"' && quote !== "'" && quote !== '`') return null;
  let out = '';
  for (let i = start + 1; i < text.length; i++) {
    const char = text[i] as string;
    if (char === quote) return out;
    if (char !== '\\') {
      out += char;
      continue;
    }
    const next = text[++i];
    if (next === undefined) return null;
    if (next in SIMPLE_ESCAPES) out += SIMPLE_ESCAPES[next];
    else if (next === 'x') {
      const hex = text.slice(i + 1, i + 3);
      if (!/^[0-9a-f]{2}$/i.test(hex)) return null;
      out += String.fromCharCode(Number.parseInt(hex, 16));
      i += 2;
    } else if (next === 'u') {
      const braced = /^\{([0-9a-f]{1,6})\}/i.exec(text.slice(i + 1));
      const hex = braced ? braced[1] : text.slice(i + 1, i + 5);
      if (!hex || !/^[0-9a-f]+$/i.test(hex) || (!braced && hex.length !== 4)) return null;
      out += String.fromCodePoint(Number.parseInt(hex, 16));
      i += braced ? braced[0].length : 4;
    } else if (next === '\r' || next === '\n') {
      // A line continuation.
      if (next === '\r' && text[i + 1] === '\n') i++;
    } else out += next;
  }
  return null;
}

interface FetchOptions {
  fetch: typeof fetch;
  timeoutMs?: number;
  maxBytes?: number;
}

/** The charset a Content-Type names, if any. */
function charsetOf(contentType: string | null): string | null {
  return /charset\s*=\s*"?([\w-]+)/i.exec(contentType ?? '')?.[1]?.toLowerCase() ?? null;
}

/** Text in the answer's charset; without one, UTF-8, else GBK (1688's older descriptions). */
export function decodeDescription(bytes: Uint8Array, contentType: string | null): string {
  const named = charsetOf(contentType);
  if (named) {
    try {
      return new TextDecoder(named).decode(bytes);
    } catch {
      // A charset the browser does not know: guessed below.
    }
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    try {
      return new TextDecoder('gbk').decode(bytes);
    } catch {
      return new TextDecoder('utf-8').decode(bytes);
    }
  }
}

/** Reads at most `max` bytes of a body; null when it is longer. */
async function boundedBytes(response: Response, max: number): Promise<Uint8Array | null> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > max) return null;
  if (!response.body) {
    const buffer = new Uint8Array(await response.arrayBuffer());
    return buffer.byteLength > max ? null : buffer;
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * Fetches a lazy description and returns its HTML, or null when it cannot be had (an address
 * the collector does not fetch from, an error, too slow, too large, or empty): the draft then
 * keeps the address.
 */
export async function fetchDescription(url: string, options: FetchOptions): Promise<string | null> {
  const address = descriptionAddress(url);
  if (!address) return null;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? DESCRIPTION_TIMEOUT_MS);
  try {
    const response = await options.fetch(address.href, {
      signal: controller.signal,
      credentials: 'omit',
      redirect: 'follow',
    });
    if (!response.ok) return null;
    const bytes = await boundedBytes(response, options.maxBytes ?? DESCRIPTION_MAX_BYTES);
    if (!bytes) return null;
    return unwrapDescription(decodeDescription(bytes, response.headers.get('content-type')));
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}
