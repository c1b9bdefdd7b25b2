import { createHmac } from 'node:crypto';

/** The three kinds of Shopee v2 API, each with its own base string (open.shopee.com guide 20). */
export type ShopeeApiType = 'shop' | 'merchant' | 'public';

export interface ShopeeSignInput {
  partnerId: number | string;
  /** The full path without host, e.g. /api/v2/shop/get_shop_info. */
  path: string;
  /** Unix seconds. */
  timestamp: number | string;
  accessToken?: string;
  /** shop_id for shop APIs, merchant_id for merchant APIs. */
  scopeId?: number | string;
}

/** partner_id + path + timestamp (+ access_token + shop_id or merchant_id), no separators. */
export function shopeeBaseString(type: ShopeeApiType, input: ShopeeSignInput): string {
  const base = `${input.partnerId}${input.path}${input.timestamp}`;
  if (type === 'public') return base;
  return `${base}${input.accessToken ?? ''}${input.scopeId ?? ''}`;
}

/**
 * HMAC-SHA256 keyed with the partner key's UTF-8 bytes (never hex-decoded), lower-case hex,
 * always 64 characters.
 */
export function shopeeSign(
  partnerKey: string,
  type: ShopeeApiType,
  input: ShopeeSignInput,
): string {
  return shopeeHmac(partnerKey, shopeeBaseString(type, input));
}

export function shopeeHmac(partnerKey: string, message: string): string {
  return createHmac('sha256', Buffer.from(partnerKey, 'utf8'))
    .update(message, 'utf8')
    .digest('hex');
}

/** A Shopee push's `Authorization` header: hex HMAC-SHA256(partner_key, callback URL + "|" + raw body). */
export function shopeePushSignature(
  partnerKey: string,
  callbackUrl: string,
  rawBody: string,
): string {
  return shopeeHmac(partnerKey, `${callbackUrl}|${rawBody}`);
}
