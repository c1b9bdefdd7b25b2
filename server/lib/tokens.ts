import { createHash, randomBytes } from 'node:crypto';

/** An opaque bearer token: 256 random bits, base64url. */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as their SHA-256. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
