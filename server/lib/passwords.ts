import { hash, type Options, verify } from '@node-rs/argon2';

/** `Algorithm.Argon2id` of @node-rs/argon2, an ambient const enum that isolated modules cannot read. */
const ARGON2ID = 2;

/** Argon2id with OWASP's minimum configuration: 19 MiB, 2 iterations, 1 lane. */
const OPTIONS: Options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

let decoy: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. With no stored hash (unknown user) it still runs one
 * verification against a decoy, so both failures take the same time.
 */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (stored === null) {
    decoy ??= hashPassword('decoy-password-never-matches');
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
