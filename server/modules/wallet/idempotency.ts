import { createHash } from 'node:crypto';
import type { WalletOperationResult } from '@shared/contracts/wallet';
import { and, eq, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { idempotencyKeys } from '../../db/schema/index';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';

/** How long a key is kept: two days, comfortably beyond the 24 hours a client may retry in. */
export const IDEMPOTENCY_RETENTION_MS = 48 * 60 * 60 * 1000;

export type LedgerTx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** JSON with object keys sorted and undefined fields left out, so equal input hashes equally. */
function canonical(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const fields = Object.entries(value as Record<string, unknown>)
    .filter(([, field]) => field !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, field]) => `${JSON.stringify(name)}:${canonical(field)}`);
  return `{${fields.join(',')}}`;
}

/** The fingerprint of a request: the operation and every input field but the key itself. */
export function requestHash(operation: string, input: Record<string, unknown>): string {
  return createHash('sha256').update(canonical({ operation, input })).digest('hex');
}

/**
 * Claims an idempotency key for this transaction. Returns null when the key is new (it is ours
 * until commit; a concurrent request with the same key waits for us at the database). Returns the
 * first answer when the key was used before with the same request, and refuses the key
 * (IDEMPOTENCY_KEY_REUSED) when it came with another request.
 */
export async function claimKey(
  deps: { db: LedgerTx },
  _actor: null,
  claim: { ownerId: string; key: string; operation: string; hash: string; now: Date },
): Promise<WalletOperationResult | null> {
  const tx = deps.db;
  const claimed = await tx
    .insert(idempotencyKeys)
    .values({
      ownerId: claim.ownerId,
      key: claim.key,
      operation: claim.operation,
      requestHash: claim.hash,
      response: null,
      createdAt: claim.now,
    })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (claimed.length > 0) return null;
  const [first] = await tx
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.ownerId, claim.ownerId), eq(idempotencyKeys.key, claim.key)));
  // The key was pruned between the two statements, or is held by a transaction that never ends.
  if (!first?.response) throw new AppError('OPERATION_FAILED');
  if (first.operation !== claim.operation || first.requestHash !== claim.hash)
    throw new AppError('IDEMPOTENCY_KEY_REUSED');
  return { ...(first.response as WalletOperationResult), replayed: true };
}

/** Keeps the first answer with the key, in the same transaction as the operation's postings. */
export async function keepResponse(
  deps: { db: LedgerTx },
  _actor: null,
  input: { ownerId: string; key: string; response: WalletOperationResult },
): Promise<void> {
  const { ownerId, key, response } = input;
  await deps.db
    .update(idempotencyKeys)
    .set({ response })
    .where(and(eq(idempotencyKeys.ownerId, ownerId), eq(idempotencyKeys.key, key)));
}

/** Forgets keys older than the retention; returns how many went. Safe to run in several processes. */
export async function pruneIdempotencyKeys(
  deps: { db: Database; clock: Clock },
  _actor: null,
  retentionMs = IDEMPOTENCY_RETENTION_MS,
): Promise<number> {
  const cutoff = new Date(deps.clock.now().getTime() - Math.max(retentionMs, 24 * 60 * 60 * 1000));
  const gone = await deps.db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, cutoff))
    .returning({ key: idempotencyKeys.key });
  return gone.length;
}
