import { randomBytes, randomInt } from 'node:crypto';
import type { PaymentChannel } from '@shared/contracts/payments';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type SandboxPaymentDelivery, sandboxPayments } from '../../db/schema/sandbox';

/** The sandbox's payments in sandbox.payments: created by a provider's API, finished by the payer. */

export type SandboxPayment = typeof sandboxPayments.$inferSelect;
export type NewSandboxPayment = typeof sandboxPayments.$inferInsert;

/** What a QR content carries to name a payment (hex, short enough to read out). */
export const paymentToken = () => randomBytes(8).toString('hex');

export const randomDigits = (count: number) =>
  Array.from({ length: count }, () => randomInt(10)).join('');

export async function paymentByToken(db: Database, token: string): Promise<SandboxPayment | null> {
  const [row] = await db
    .select()
    .from(sandboxPayments)
    .where(eq(sandboxPayments.token, token))
    .limit(1);
  return row ?? null;
}

async function paymentByTrade(
  db: Database,
  channel: PaymentChannel,
  merchantId: string,
  outTradeNo: string,
): Promise<SandboxPayment | null> {
  const [row] = await db
    .select()
    .from(sandboxPayments)
    .where(
      and(
        eq(sandboxPayments.channel, channel),
        eq(sandboxPayments.merchantId, merchantId),
        eq(sandboxPayments.outTradeNo, outTradeNo),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Records a new payment, or returns the one already placed under the same merchant and
 * out_trade_no (`created` false), so that a repeated request is judged against the first.
 */
export async function placePayment(
  db: Database,
  values: NewSandboxPayment,
): Promise<{ payment: SandboxPayment; created: boolean }> {
  const [row] = await db.insert(sandboxPayments).values(values).onConflictDoNothing().returning();
  if (row) return { payment: row, created: true };
  const existing = await paymentByTrade(db, values.channel, values.merchantId, values.outTradeNo);
  if (!existing) throw new Error('sandbox payment vanished between insert and read');
  return { payment: existing, created: false };
}

/** Pending payments not yet expired, oldest first: what a payer could still pay. */
export async function pendingPayments(db: Database, now: Date): Promise<SandboxPayment[]> {
  const rows = await db
    .select()
    .from(sandboxPayments)
    .where(eq(sandboxPayments.status, 'pending'))
    .orderBy(asc(sandboxPayments.createdAt))
    .limit(100);
  return rows.filter((row) => !row.expiresAt || row.expiresAt.getTime() > now.getTime());
}

/** Moves a pending payment to its outcome (once: a second payer finds it no longer pending). */
export async function finishPayment(
  db: Database,
  token: string,
  values: Pick<SandboxPayment, 'status' | 'providerTradeNo' | 'notification' | 'finishedAt'>,
): Promise<SandboxPayment | null> {
  const [row] = await db
    .update(sandboxPayments)
    .set(values)
    .where(and(eq(sandboxPayments.token, token), eq(sandboxPayments.status, 'pending')))
    .returning();
  return row ?? null;
}

/** Appends one delivery attempt; concurrent attempts each keep theirs. */
export async function recordDelivery(
  db: Database,
  token: string,
  delivery: SandboxPaymentDelivery,
): Promise<SandboxPayment | null> {
  const [row] = await db
    .update(sandboxPayments)
    .set({
      deliveries: sql`${sandboxPayments.deliveries} || ${JSON.stringify([delivery])}::jsonb`,
    })
    .where(eq(sandboxPayments.token, token))
    .returning();
  return row ?? null;
}
