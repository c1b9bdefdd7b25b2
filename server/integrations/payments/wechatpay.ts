import { createCipheriv, createDecipheriv, type KeyObject, randomBytes } from 'node:crypto';
import { publicKeyFrom, rsaSha256Sign, rsaSha256Verify } from './rsa';

/**
 * WeChat Pay API v3 signing, verification and callback decryption, shared by our client and the
 * sandbox (wechatpay-api-v3 "签名生成 / 签名验证 / 回调报文解密"). Requests are signed with the
 * merchant's API key; WeChat Pay signs responses and callbacks with the key its `Wechatpay-Serial`
 * names: a platform certificate, or (for newer merchants) a `PUB_KEY_ID_` public key.
 */

const WECHATPAY_AUTH_SCHEME = 'WECHATPAY2-SHA256-RSA2048';
/** How far a response's or callback's timestamp may be from our clock, as the official SDKs allow. */
export const WECHATPAY_TIME_WINDOW_SECONDS = 300;
/** Signatures WeChat Pay sends to check that merchants really verify: they must never pass. */
const SIGNATURE_PROBE = 'WECHATPAY/SIGNTEST/';

export interface WechatpayRequest {
  method: string;
  /** Path plus `?query` when there is one, as sent. */
  url: string;
  /** Unix seconds. */
  timestamp: string;
  nonce: string;
  /** The exact body sent; empty for GET. */
  body: string;
}

/** The string a request signs: method, URL, timestamp, nonce and body, each line ending in \n. */
export function wechatpayRequestMessage(request: WechatpayRequest): string {
  return `${request.method}\n${request.url}\n${request.timestamp}\n${request.nonce}\n${request.body}\n`;
}

/** The string a response or callback signs: timestamp, nonce and raw body, each ending in \n. */
function wechatpayMessage(timestamp: string, nonce: string, body: string): string {
  return `${timestamp}\n${nonce}\n${body}\n`;
}

/** The request's Authorization header, signed with the merchant's API private key. */
export function wechatpayAuthorization(
  request: WechatpayRequest & { mchId: string; serialNo: string; privateKey: KeyObject },
): string {
  const signature = rsaSha256Sign(wechatpayRequestMessage(request), request.privateKey);
  return `${WECHATPAY_AUTH_SCHEME} mchid="${request.mchId}",nonce_str="${request.nonce}",signature="${signature}",timestamp="${request.timestamp}",serial_no="${request.serialNo}"`;
}

export interface WechatpayAuthorization {
  mchid: string;
  nonce_str: string;
  signature: string;
  timestamp: string;
  serial_no: string;
}

/** The fields of an Authorization header; null when it is not WeChat Pay's scheme or lacks one. */
export function parseWechatpayAuthorization(
  header: string | undefined,
): WechatpayAuthorization | null {
  if (!header?.startsWith(`${WECHATPAY_AUTH_SCHEME} `)) return null;
  const fields: Record<string, string> = {};
  for (const match of header.slice(WECHATPAY_AUTH_SCHEME.length + 1).matchAll(/(\w+)="([^"]*)"/g))
    fields[match[1] ?? ''] = match[2] ?? '';
  const { mchid, nonce_str, signature, timestamp, serial_no } = fields;
  if (!mchid || !nonce_str || !signature || !timestamp || !serial_no) return null;
  return { mchid, nonce_str, signature, timestamp, serial_no };
}

/** The Wechatpay-* headers of a response or callback signed with WeChat Pay's key `serial`. */
export function wechatpaySignatureHeaders(input: {
  serial: string;
  privateKey: KeyObject;
  timestamp: string;
  nonce: string;
  body: string;
}): Record<string, string> {
  return {
    'Wechatpay-Timestamp': input.timestamp,
    'Wechatpay-Nonce': input.nonce,
    'Wechatpay-Serial': input.serial,
    'Wechatpay-Signature': rsaSha256Sign(
      wechatpayMessage(input.timestamp, input.nonce, input.body),
      input.privateKey,
    ),
  };
}

/** WeChat Pay's verification keys by serial, from PEM certificates or public keys. */
export function wechatpayKeys(bySerial: Record<string, string>): Map<string, KeyObject> {
  return new Map(Object.entries(bySerial).map(([serial, pem]) => [serial, publicKeyFrom(pem)]));
}

/** Why a response or callback did not verify. */
export type WechatpayRejection =
  | 'missing-headers'
  | 'probe'
  | 'stale'
  | 'unknown-serial'
  | 'signature';

export class WechatpaySignatureError extends Error {
  constructor(readonly reason: WechatpayRejection) {
    super(`WeChat Pay signature refused: ${reason}`);
    this.name = 'WechatpaySignatureError';
  }
}

/**
 * Checks a response's or callback's Wechatpay-* headers (names lower-cased) over its raw body:
 * a known serial, a timestamp within the window of `now`, no signature probe, and the signature.
 * Throws WechatpaySignatureError with the reason otherwise.
 */
export function wechatpayVerify(input: {
  headers: Record<string, string | undefined>;
  body: string;
  keys: ReadonlyMap<string, KeyObject>;
  now: Date;
}): void {
  const timestamp = input.headers['wechatpay-timestamp'];
  const nonce = input.headers['wechatpay-nonce'];
  const signature = input.headers['wechatpay-signature'];
  const serial = input.headers['wechatpay-serial'];
  if (!timestamp || !nonce || !signature || !serial)
    throw new WechatpaySignatureError('missing-headers');
  if (signature.startsWith(SIGNATURE_PROBE)) throw new WechatpaySignatureError('probe');
  const seconds = /^\d{1,12}$/.test(timestamp) ? Number(timestamp) : Number.NaN;
  if (
    !(Math.abs(input.now.getTime() / 1000 - seconds) <= WECHATPAY_TIME_WINDOW_SECONDS) // NaN fails too
  )
    throw new WechatpaySignatureError('stale');
  const key = input.keys.get(serial);
  if (!key) throw new WechatpaySignatureError('unknown-serial');
  if (!rsaSha256Verify(wechatpayMessage(timestamp, nonce, input.body), signature, key))
    throw new WechatpaySignatureError('signature');
}

/** An encrypted callback resource (or a platform certificate from /v3/certificates). */
export interface WechatpayResource {
  ciphertext: string;
  nonce: string;
  associated_data?: string;
}

/**
 * AEAD_AES_256_GCM as WeChat Pay applies it: key = the APIv3 key's bytes, IV = the nonce's UTF-8
 * bytes, AAD = associated_data, ciphertext = base64 of the encrypted bytes followed by the 16-byte
 * tag. The cipher follows the key's length: production APIv3 keys are 32 bytes (AES-256), while the
 * official test vectors use 16-byte keys (AES-128), as Go's aes.NewCipher would.
 */
function gcmCipher(apiV3Key: string): { name: 'aes-128-gcm' | 'aes-256-gcm'; key: Buffer } {
  const key = Buffer.from(apiV3Key, 'utf8');
  if (key.length === 16) return { name: 'aes-128-gcm', key };
  if (key.length === 32) return { name: 'aes-256-gcm', key };
  throw new RangeError('An APIv3 key is 32 bytes (16 in the official test vectors)');
}

/** The plaintext of a resource; throws when the key, nonce, associated data or tag do not match. */
export function wechatpayDecrypt(resource: WechatpayResource, apiV3Key: string): string {
  const { name, key } = gcmCipher(apiV3Key);
  const data = Buffer.from(resource.ciphertext, 'base64');
  if (data.length < 16) throw new Error('WeChat Pay ciphertext shorter than its tag');
  const decipher = createDecipheriv(name, key, Buffer.from(resource.nonce, 'utf8'));
  decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
  decipher.setAuthTag(data.subarray(data.length - 16));
  return Buffer.concat([
    decipher.update(data.subarray(0, data.length - 16)),
    decipher.final(),
  ]).toString('utf8');
}

/** The base64 ciphertext of `plaintext` (encrypted bytes followed by the tag). */
export function wechatpayEncrypt(
  plaintext: string,
  apiV3Key: string,
  nonce: string,
  associatedData: string,
): string {
  const { name, key } = gcmCipher(apiV3Key);
  const cipher = createCipheriv(name, key, Buffer.from(nonce, 'utf8'));
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const encrypted = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([encrypted, cipher.getAuthTag()]).toString('base64');
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A random string of letters and digits (request nonces are 32, resource nonces 12). */
export function wechatpayNonce(length = 32): string {
  return Array.from(randomBytes(length), (byte) => ALPHANUMERIC[byte % ALPHANUMERIC.length]).join(
    '',
  );
}

/** RFC 3339 in China time, as WeChat Pay writes times: 2026-11-02T10:00:00+08:00. */
export function wechatpayTime(date: Date): string {
  const china = new Date(date.getTime() + 8 * 60 * 60 * 1000).toISOString().slice(0, 19);
  return `${china}+08:00`;
}
