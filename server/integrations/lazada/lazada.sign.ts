import { createHmac } from 'node:crypto';

/** Parameters of a Lazada call as sent: every value a string (never empty: empty values are dropped). */
export type LazadaParams = Record<string, string>;

/**
 * The string Lazada signs (open.lazada.com docId 108068): the API path, then every parameter but
 * `sign` sorted by name in ASCII order, each as name + value, with no separators. Values are raw,
 * not URL-encoded. File parameters are never part of it (callers leave them out of `params`).
 */
export function lazadaStringToSign(apiPath: string, params: LazadaParams): string {
  const names = Object.keys(params)
    .filter((name) => name !== 'sign' && params[name] !== '')
    .sort();
  return apiPath + names.map((name) => `${name}${params[name]}`).join('');
}

/** HMAC-SHA256 of that string keyed with the app secret, in upper-case hex. */
export function lazadaSign(appSecret: string, apiPath: string, params: LazadaParams): string {
  return createHmac('sha256', appSecret)
    .update(lazadaStringToSign(apiPath, params), 'utf8')
    .digest('hex')
    .toUpperCase();
}

/** A Lazada push's `Authorization` header: hex HMAC-SHA256(app_secret, app_key + raw body). */
export function lazadaPushSignature(appKey: string, appSecret: string, rawBody: string): string {
  return createHmac('sha256', appSecret)
    .update(appKey + rawBody, 'utf8')
    .digest('hex');
}
