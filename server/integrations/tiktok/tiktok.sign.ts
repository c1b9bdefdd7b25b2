import { createHmac } from 'node:crypto';

/** Query parameters of a TikTok Shop call as sent (raw values). */
export type TiktokQuery = Record<string, string>;

/**
 * The string TikTok Shop signs (partner.tiktokshop.com "Sign your API request"): the path, then the
 * query parameters but `sign` and `access_token` sorted by name as name + value, then the exact body
 * unless the request is multipart; the whole wrapped in the app secret on both sides.
 */
export function tiktokStringToSign(
  appSecret: string,
  path: string,
  query: TiktokQuery,
  body: string | null,
): string {
  const names = Object.keys(query)
    .filter((name) => name !== 'sign' && name !== 'access_token')
    .sort();
  const inner = path + names.map((name) => `${name}${query[name]}`).join('') + (body ?? '');
  return appSecret + inner + appSecret;
}

/** HMAC-SHA256 of that string keyed with the app secret, lower-case hex. Pass body null for multipart. */
export function tiktokSign(
  appSecret: string,
  path: string,
  query: TiktokQuery,
  body: string | null,
): string {
  return createHmac('sha256', appSecret)
    .update(tiktokStringToSign(appSecret, path, query, body), 'utf8')
    .digest('hex');
}

/** A TikTok webhook's `Authorization` header as community code verifies it: HMAC(app_secret, app_key + body). */
export function tiktokPushSignature(appKey: string, appSecret: string, rawBody: string): string {
  return createHmac('sha256', appSecret)
    .update(appKey + rawBody, 'utf8')
    .digest('hex');
}
