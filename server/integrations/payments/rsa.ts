import {
  createPrivateKey,
  createPublicKey,
  createSign,
  createVerify,
  generateKeyPairSync,
  type KeyObject,
} from 'node:crypto';

/**
 * RSA keys and SHA256withRSA (RSASSA-PKCS1-v1_5), which Alipay's RSA2 and WeChat Pay v3 both sign
 * with. Keys are read the ways the providers hand them out: PEM files (WeChat's apiclient_key.pem,
 * platform certificates, PUB_KEY_ID_ public keys) or the bare base64 that Alipay's console shows.
 */

const isPem = (text: string) => text.includes('-----BEGIN');
const der = (text: string) => Buffer.from(text.replace(/\s+/g, ''), 'base64');

/** A private key from PEM (PKCS#1 or PKCS#8) or bare base64 DER (PKCS#8, else PKCS#1). */
export function privateKeyFrom(text: string | KeyObject): KeyObject {
  if (typeof text !== 'string') return text;
  if (isPem(text)) return createPrivateKey(text);
  try {
    return createPrivateKey({ key: der(text), format: 'der', type: 'pkcs8' });
  } catch {
    return createPrivateKey({ key: der(text), format: 'der', type: 'pkcs1' });
  }
}

/** A public key from PEM (a public key or an X.509 certificate) or bare base64 DER (SPKI). */
export function publicKeyFrom(text: string | KeyObject): KeyObject {
  if (typeof text !== 'string') return text;
  if (isPem(text)) return createPublicKey(text);
  return createPublicKey({ key: der(text), format: 'der', type: 'spki' });
}

/** base64 SHA256withRSA of the UTF-8 bytes of `content`. */
export function rsaSha256Sign(content: string, privateKey: KeyObject): string {
  return createSign('RSA-SHA256').update(content, 'utf8').sign(privateKey, 'base64');
}

/** Whether `signature` (base64) is the SHA256withRSA of `content` under `publicKey`. */
export function rsaSha256Verify(content: string, signature: string, publicKey: KeyObject): boolean {
  try {
    return createVerify('RSA-SHA256')
      .update(content, 'utf8')
      .verify(publicKey, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}

/** A fresh RSA 2048 key pair as PEM: PKCS#8 private key, SPKI public key. */
export function generateRsaKeyPair(): { privateKey: string; publicKey: string } {
  return generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
}
