import { IDEMPOTENCY_HEADER } from '@shared/contracts/payments';
import { IdempotencyKeySchema } from '@shared/contracts/wallet';
import type { Context } from 'hono';
import * as z from 'zod/mini';
import type { AppEnv } from '../context';
import { validationError } from './validate';

const KeyHeaderSchema = z.object({ [IDEMPOTENCY_HEADER]: IdempotencyKeySchema });

/** The request's Idempotency-Key; VALIDATION_FAILED naming the header when missing or malformed. */
export function requestIdempotencyKey(c: Context<AppEnv>): string {
  const result = KeyHeaderSchema.safeParse(
    { [IDEMPOTENCY_HEADER]: c.req.header(IDEMPOTENCY_HEADER) },
    { reportInput: true },
  );
  if (!result.success) throw validationError(c.var.t, result.error.issues);
  return result.data[IDEMPOTENCY_HEADER];
}
