import type { KeyObject } from 'node:crypto';
import { rsaSha256Sign, rsaSha256Verify } from './rsa';

/**
 * Alipay OpenAPI 2.0 (gateway.do) signing with RSA2 (SHA256withRSA), shared by our client and the
 * sandbox's gateway. Requests are signed with the app's private key; Alipay signs its responses and
 * notifications with its own key, checked with the Alipay public key.
 */

/** Parameters as sent or received: every value a string. */
export type AlipayParams = Record<string, string>;

/**
 * The string Alipay signs (opendocs.alipay.com/common/02kf5q): every parameter but the ones in
 * `omit`, empty values dropped, keys in ASCII order, joined as `k=v` with `&`, raw values (no URL
 * encoding). For requests only `sign` is left out, so `sign_type` is part of it.
 */
export function alipayStringToSign(params: AlipayParams, omit: readonly string[] = ['sign']) {
  return Object.keys(params)
    .filter((key) => !omit.includes(key) && params[key] !== undefined && params[key] !== '')
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&');
}

/** The request's `sign`: base64 SHA256withRSA of the string to sign, with the app's private key. */
export function alipaySign(params: AlipayParams, privateKey: KeyObject): string {
  return rsaSha256Sign(alipayStringToSign(params), privateKey);
}

/** `alipay.trade.precreate` answers under `alipay_trade_precreate_response`. */
export function alipayResponseKey(method: string): string {
  return `${method.replaceAll('.', '_')}_response`;
}

/**
 * The end of the JSON value that starts at `start`: the index just past it. Strings (with their
 * escapes) are skipped whole, so braces inside them do not count.
 */
function valueEnd(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let at = start; at < text.length; at++) {
    const ch = text[at];
    if (inString) {
      if (ch === '\\') at++;
      else if (ch === '"') {
        inString = false;
        if (depth === 0) return at + 1;
      }
    } else if (ch === '"') inString = true;
    else if (ch === '{' || ch === '[') depth++;
    else if (ch === '}' || ch === ']') {
      if (depth === 0) return at;
      depth--;
      if (depth === 0) return at + 1;
    } else if (ch === ',' && depth === 0) return at;
  }
  return text.length;
}

/** The top-level members of a JSON object text, each value as its exact raw text. */
function rawMembers(text: string): Map<string, string> | null {
  const members = new Map<string, string>();
  let at = text.indexOf('{');
  if (at < 0) return null;
  at++;
  const skipSpace = () => {
    while (at < text.length && /\s/.test(text[at] ?? '')) at++;
  };
  for (;;) {
    skipSpace();
    if (text[at] === '}') return members;
    if (text[at] !== '"') return null;
    const keyEnd = valueEnd(text, at);
    let key: unknown;
    try {
      key = JSON.parse(text.slice(at, keyEnd));
    } catch {
      return null;
    }
    at = keyEnd;
    skipSpace();
    if (text[at] !== ':') return null;
    at++;
    skipSpace();
    const end = valueEnd(text, at);
    members.set(String(key), text.slice(at, end).trimEnd());
    at = end;
    skipSpace();
    if (text[at] === ',') at++;
    else if (text[at] === '}') return members;
    else return null;
  }
}

/**
 * A gateway answer taken apart: the response key found (`<method>_response`, or `error_response`
 * for failures the gateway answers before it knows the method), the exact raw JSON text under it
 * (what Alipay signed: sliced from the body, never re-serialized) and the top-level `sign`.
 */
export function alipayResponseParts(
  raw: string,
  method: string,
): { key: string; content: string; sign: string | null } | null {
  const members = rawMembers(raw);
  if (!members) return null;
  for (const key of [alipayResponseKey(method), 'error_response']) {
    const content = members.get(key);
    if (content === undefined || !content.startsWith('{')) continue;
    const signText = members.get('sign');
    let sign: string | null = null;
    if (signText !== undefined) {
      try {
        const value: unknown = JSON.parse(signText);
        sign = typeof value === 'string' ? value : null;
      } catch {
        sign = null;
      }
    }
    return { key, content, sign };
  }
  return null;
}

/** Whether `sign` is Alipay's RSA2 signature of `content`. */
export function alipayVerify(content: string, sign: string, publicKey: KeyObject): boolean {
  return rsaSha256Verify(content, sign, publicKey);
}

/**
 * Checks an asynchronous notification (its form fields, URL-decoded). Trade notifications are
 * signed over every field but `sign` and `sign_type`; some other notifications were signed with
 * `sign_type` kept, so that is tried second, as the official SDK does.
 */
export function alipayVerifyNotify(params: AlipayParams, publicKey: KeyObject): boolean {
  const sign = params.sign;
  if (!sign) return false;
  return (
    alipayVerify(alipayStringToSign(params, ['sign', 'sign_type']), sign, publicKey) ||
    alipayVerify(alipayStringToSign(params, ['sign']), sign, publicKey)
  );
}

const CHINA_OFFSET_MS = 8 * 60 * 60 * 1000;

/** Alipay's time format, `yyyy-MM-dd HH:mm:ss` in China time (UTC+8, no daylight saving). */
export function alipayTime(date: Date): string {
  return new Date(date.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** The instant an Alipay time names; null when it is not `yyyy-MM-dd HH:mm:ss` or not a date. */
export function parseAlipayTime(text: string | undefined): Date | null {
  if (!text || !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(text)) return null;
  const date = new Date(`${text.replace(' ', 'T')}+08:00`);
  return Number.isNaN(date.getTime()) || alipayTime(date) !== text ? null : date;
}
