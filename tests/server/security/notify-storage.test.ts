import { createHash, randomUUID } from 'node:crypto';
import { paymentCallbacks } from '@server/db/schema/index';
import { pruneExpired } from '@server/jobs/maintenance';
import { createAccount } from '@server/modules/accounts/accounts.service';
import { IDEMPOTENCY_HEADER, PaymentOrderSchema } from '@shared/contracts/payments';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { login } from '../../support/accounts';
import { createTestApp, type TestApp } from '../../support/app';

/**
 * Anyone can POST to the payment notify address. What does not verify is kept for an operator to
 * investigate, within bounds: at most 10 per channel an hour, bodies cut to 4096 characters (with
 * their size and hash), few and short headers with secrets redacted, a week at most; and a body
 * larger than any provider sends is refused before it is read.
 */
// Each test has an app of its own: the limits count what one database holds.
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const HOUR = 60 * 60 * 1000;

/** A forged notification: a large body and many headers, one of them a bearer credential. */
function forge(channel: string, body: string, extraHeaders = 0) {
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    authorization: 'Bearer stolen-credential-0001',
    'wechatpay-signature': 'forged-signature',
  };
  for (let i = 0; i < extraHeaders; i++) headers[`x-filler-${i}`] = 'v'.repeat(2000);
  return t.app.request(`/api-user/pay/notify/${channel}`, { method: 'POST', headers, body });
}

async function unverified(channel: 'wechat' | 'alipay' | 'promptpay') {
  return t.db
    .select()
    .from(paymentCallbacks)
    .where(and(eq(paymentCallbacks.channel, channel), eq(paymentCallbacks.verified, false)))
    .orderBy(paymentCallbacks.id);
}

describe('unverified payment notifications', () => {
  it('are kept at most 10 per channel an hour, cut short, with their size and hash', async () => {
    const body = `trade_status=TRADE_SUCCESS&sign=forged&filler=${'x'.repeat(40_000)}`;
    for (let i = 0; i < 25; i++) {
      const response = await forge('alipay', body, i === 0 ? 60 : 0);
      // The provider's refusal: Alipay retries anything but `success`.
      expect((await response.text()).trim()).not.toBe('success');
    }
    const kept = await unverified('alipay');
    expect(kept).toHaveLength(10);
    const [first] = kept;
    expect(first?.body).toBe(body.slice(0, 4096));
    expect(first?.detail).toContain('signature did not verify');
    expect(first?.detail).toContain(
      `${Buffer.byteLength(body)} bytes, sha256 ${createHash('sha256').update(body).digest('hex')}`,
    );
    // At most 32 headers of at most 512 characters, the credentials redacted.
    expect(Object.keys(first?.headers ?? {}).length).toBeLessThanOrEqual(32);
    for (const value of Object.values(first?.headers ?? {}))
      expect(value.length).toBeLessThanOrEqual(512);
    expect(first?.headers.authorization).toBe('[redacted]');
    expect(first?.headers['wechatpay-signature']).toBe('[redacted]');
    expect(JSON.stringify(kept)).not.toContain('stolen-credential-0001');
    // The last one kept says so; the log has no more lines than rows kept.
    expect(kept.at(-1)?.detail).toContain('the last kept');
    const warned = t.logs.filter(
      (line) =>
        line.message === 'payment notification rejected' &&
        line.channel === 'alipay' &&
        line.level === 'warn',
    );
    expect(warned).toHaveLength(10);
  });

  it('are kept at most 10 however many arrive at once', async () => {
    await Promise.all(Array.from({ length: 40 }, (_, i) => forge('alipay', `sign=forged-${i}`)));
    const kept = await unverified('alipay');
    expect(kept).toHaveLength(10);
    expect(kept.filter((row) => row.detail?.includes('the last kept'))).toHaveLength(1);
  });

  it('count per channel, and the next hour keeps again', async () => {
    for (let i = 0; i < 12; i++) await forge('alipay', `sign=forged-${i}`);
    expect(await unverified('alipay')).toHaveLength(10);
    await forge('promptpay', '{"forged":true}');
    expect(await unverified('promptpay')).toHaveLength(1);
    t.clock.advance(HOUR + 1000);
    await forge('alipay', 'sign=forged-later');
    const kept = await unverified('alipay');
    expect(kept).toHaveLength(11);
    expect(kept.at(-1)?.body).toBe('sign=forged-later');
  });

  it('refuses a body larger than any provider sends, keeping nothing of it', async () => {
    const response = await forge('wechat', 'x'.repeat(70 * 1024));
    expect(response.status).toBe(413);
    expect(await unverified('wechat')).toEqual([]);
    // Within the limit it is read, refused and kept.
    await forge('wechat', 'x'.repeat(60 * 1024));
    expect(await unverified('wechat')).toHaveLength(1);
  });

  it('go after a week, while verified notifications stay and still credit the wallet', async () => {
    for (let i = 0; i < 12; i++) await forge('alipay', `sign=forged-${i}`);
    await forge('promptpay', '{"forged":true}');
    // A genuine payment after the flood: verified, credited, kept whole.
    const email = `notify-${randomUUID()}@example.com`;
    await createAccount(t, null, {
      email,
      password: 'Seller-pass1',
      name: 'Payer',
      role: 'BUYER',
      site: 'th',
    });
    const token = await login(t, email, 'Seller-pass1');
    const created = await t.call('POST', '/api-user/pay/recharge', {
      token,
      json: { channel: 'alipay', amount: 50_000, currency: 'THB', preset: true },
      headers: { [IDEMPOTENCY_HEADER]: `key-${randomUUID()}` },
    });
    const order = PaymentOrderSchema.parse(created.body.datas);
    const paid = await t.sandbox.fetch(
      new Request('http://sandbox.test/pay/api/confirm', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ qrContent: order.qrContent, outcome: 'paid' }),
      }),
    );
    expect(await paid.json()).toMatchObject({ status: 'paid', delivered: true });
    const [genuine] = await t.db
      .select()
      .from(paymentCallbacks)
      .where(eq(paymentCallbacks.orderNo, order.orderNo));
    expect(genuine).toMatchObject({ verified: true, outcome: 'credited' });
    expect(genuine?.body).toContain('sign=');

    t.clock.advance(6 * 24 * HOUR);
    await pruneExpired(t.deps);
    expect((await unverified('alipay')).length).toBeGreaterThan(0);
    t.clock.advance(2 * 24 * HOUR);
    await pruneExpired(t.deps);
    expect(await unverified('alipay')).toEqual([]);
    expect(await unverified('promptpay')).toEqual([]);
    const [still] = await t.db
      .select()
      .from(paymentCallbacks)
      .where(eq(paymentCallbacks.orderNo, order.orderNo));
    expect(still).toEqual(genuine);
  });
});
