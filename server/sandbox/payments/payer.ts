import type { PaymentChannel } from '@shared/contracts/payments';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { sandboxPayments } from '../../db/schema/sandbox';
import { escapeHtml } from '../pages';
import { alipayNotification, alipayTradeNo } from './alipay.gateway';
import type { SandboxPaymentsContext } from './context';
import { createNotifier, type DeliveryResult } from './notify';
import {
  formatAmount,
  type PayerLanguage,
  type PayerWords,
  payerDocument,
  payerLanguage,
  payerWords,
} from './payer.page';
import {
  type PromptpayScanError,
  promptpayNotification,
  promptpayTransactionId,
  scanPromptpay,
} from './promptpay.bank';
import { finishPayment, paymentByToken, pendingPayments, type SandboxPayment } from './store';
import { wechatpayNotification, wechatpayToken, wechatpayTransactionId } from './wechatpay.api';

type Outcome = 'paid' | 'failed';
type Found =
  | { payment: SandboxPayment }
  | { error: PromptpayScanError | 'unknown'; detail?: string };
type Confirmed =
  | ({ status: Outcome } & DeliveryResult & { payment: SandboxPayment })
  | { error: 'expired' | 'not-pending'; payment: SandboxPayment };

/** The JSON API's errors: HTTP status and stable code. */
const API_ERRORS = {
  invalid: [400, 'invalid_qr'],
  'not-ours': [400, 'invalid_qr'],
  'no-amount': [400, 'invalid_qr'],
  unknown: [404, 'unknown_qr'],
  expired: [409, 'expired'],
  'not-pending': [409, 'not_pending'],
} as const;

/**
 * The payer: a phone that scans the QR codes the merchant shows. It takes a QR content (an Alipay
 * qr_code URL, a WeChat Pay code_url, a PromptPay payload), shows what would be paid to whom, and
 * pays or fails it, which sends the provider's signed notification to the merchant. As a page at
 * GET /pay, and as JSON under /pay/api for tests and scripts.
 */
export function payerRoutes(context: SandboxPaymentsContext) {
  const app = new Hono();
  const { db, clock } = context;
  const notifier = createNotifier(context);

  const isExpired = (payment: SandboxPayment) =>
    payment.status === 'pending' &&
    payment.expiresAt !== null &&
    payment.expiresAt.getTime() <= clock.now().getTime();

  async function find(qrContent: string): Promise<Found> {
    const text = qrContent.trim();
    if (text.startsWith('000201')) return scanPromptpay(context, text);
    let token: string | null = null;
    let channel: PaymentChannel | null = null;
    const wechatToken = wechatpayToken(text);
    if (wechatToken) {
      token = wechatToken;
      channel = 'wechat';
    } else if (URL.canParse(text) && /^https?:\/\//.test(text)) {
      const match = /\/alipay\/qr\/([0-9a-f]+)$/.exec(new URL(text).pathname);
      token = match?.[1] ?? null;
      channel = 'alipay';
    }
    const payment = token ? await paymentByToken(db, token) : null;
    return payment && payment.channel === channel ? { payment } : { error: 'unknown' };
  }

  async function confirm(payment: SandboxPayment, outcome: Outcome): Promise<Confirmed> {
    if (isExpired(payment)) {
      await db
        .update(sandboxPayments)
        .set({ status: 'closed', finishedAt: clock.now() })
        .where(eq(sandboxPayments.token, payment.token));
      return { error: 'expired', payment: { ...payment, status: 'closed' } };
    }
    if (payment.status !== 'pending') return { error: 'not-pending', payment };
    const now = clock.now();
    let tradeNo: string;
    let notification: { contentType: string; body: string };
    switch (payment.channel) {
      case 'alipay':
        tradeNo = alipayTradeNo(now);
        notification = alipayNotification(context, payment, outcome, tradeNo);
        break;
      case 'wechat':
        tradeNo = wechatpayTransactionId();
        notification = wechatpayNotification(context, payment, outcome, tradeNo);
        break;
      case 'promptpay':
        tradeNo = promptpayTransactionId(now);
        notification = promptpayNotification(context, payment, outcome, tradeNo);
        break;
    }
    const finished = await finishPayment(db, payment.token, {
      status: outcome,
      providerTradeNo: tradeNo,
      notification,
      finishedAt: now,
    });
    if (!finished)
      return {
        error: 'not-pending',
        payment: (await paymentByToken(db, payment.token)) ?? payment,
      };
    return { status: outcome, payment: finished, ...(await notifier.deliver(finished)) };
  }

  // JSON, for tests and scripts.
  app.get('/pay/api/payments', async (c) => {
    const rows = await pendingPayments(db, clock.now());
    return c.json({
      payments: rows.map((row) => ({
        channel: row.channel,
        outTradeNo: row.outTradeNo,
        amount: row.amount,
        currency: row.currency,
        subject: row.subject,
        qrContent: row.qrContent,
        status: row.status,
        expiresAt: row.expiresAt?.toISOString() ?? null,
      })),
    });
  });

  app.post('/pay/api/confirm', async (c) => {
    const body = (await c.req.json().catch(() => null)) as {
      qrContent?: unknown;
      outcome?: unknown;
    } | null;
    if (
      typeof body?.qrContent !== 'string' ||
      (body.outcome !== 'paid' && body.outcome !== 'failed')
    )
      return c.json({ error: 'bad_request', message: 'qrContent and outcome paid|failed' }, 400);
    const found = await find(body.qrContent);
    if ('error' in found) {
      const [status, error] = API_ERRORS[found.error];
      return c.json({ error, ...(found.detail ? { message: found.detail } : {}) }, status);
    }
    const result = await confirm(found.payment, body.outcome);
    if ('error' in result) {
      const [status, error] = API_ERRORS[result.error];
      return c.json({ error, status: result.payment.status }, status);
    }
    return c.json({
      status: result.status,
      delivered: result.delivered,
      attempts: result.attempts,
    });
  });

  app.post('/pay/api/resend', async (c) => {
    const body = (await c.req.json().catch(() => null)) as { qrContent?: unknown } | null;
    if (typeof body?.qrContent !== 'string')
      return c.json({ error: 'bad_request', message: 'qrContent' }, 400);
    const found = await find(body.qrContent);
    if ('error' in found) {
      const [status, error] = API_ERRORS[found.error];
      return c.json({ error }, status);
    }
    if (!found.payment.notification) return c.json({ error: 'not_sent' }, 409);
    const result = await notifier.resend(found.payment);
    return c.json({
      status: found.payment.status,
      delivered: result.delivered,
      attempts: result.attempts,
    });
  });

  // The page.
  const withLang = (path: string, language: PayerLanguage) =>
    `${path}${path.includes('?') ? '&' : '?'}lang=${language}`;

  function home(words: PayerWords, language: PayerLanguage, rows: SandboxPayment[], note = '') {
    const list = rows.length
      ? rows
          .map(
            (row) =>
              `<a class="payment" data-payment="${escapeHtml(row.outTradeNo)}" href="${escapeHtml(withLang(`/pay?qr=${encodeURIComponent(row.qrContent)}`, language))}"><strong>${escapeHtml(formatAmount(row.amount, row.currency))}</strong> · ${escapeHtml(words[`channel.${row.channel}`])}<span>${escapeHtml(row.subject)} · ${escapeHtml(row.outTradeNo)}</span></a>`,
          )
          .join('')
      : `<p>${escapeHtml(words.nonePending)}</p>`;
    return payerDocument({
      words,
      language,
      body: `<h1>${escapeHtml(words.title)}</h1>${note}<p>${escapeHtml(words.hint)}</p>
<form method="get" action="/pay"><input type="hidden" name="lang" value="${language}"><label>${escapeHtml(words.qrLabel)}<textarea name="qr" rows="4" required data-qr-input></textarea></label><button type="submit" data-open>${escapeHtml(words.open)}</button></form>
<h2>${escapeHtml(words.pending)}</h2>${list}`,
    });
  }

  const problem = (message: string) => `<p role="alert" data-problem>${escapeHtml(message)}</p>`;
  const problemWords: Record<PromptpayScanError | 'unknown', keyof PayerWords> = {
    invalid: 'invalid',
    'not-ours': 'notOurs',
    'no-amount': 'noAmount',
    unknown: 'unknown',
  };

  function details(words: PayerWords, payment: SandboxPayment): string {
    const rows: [string, string][] = [
      [words.merchant, `${words.merchantName} (${payment.merchantId})`],
      [words.subject, payment.subject],
      [words.orderNo, payment.outTradeNo],
      [words.channel, words[`channel.${payment.channel}`]],
      ...(payment.expiresAt
        ? [[words.expires, payment.expiresAt.toISOString()] as [string, string]]
        : []),
    ];
    return `<p class="amount" data-amount>${escapeHtml(formatAmount(payment.amount, payment.currency))}</p><dl>${rows
      .map(([term, value]) => `<dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value)}</dd>`)
      .join('')}</dl>`;
  }

  app.get('/pay', async (c) => {
    const language = payerLanguage(c.req.query('lang'), c.req.header('accept-language'));
    const words = payerWords(language);
    const qr = c.req.query('qr');
    if (!qr) return c.html(home(words, language, await pendingPayments(db, clock.now())));
    const found = await find(qr);
    if ('error' in found)
      return c.html(
        home(
          words,
          language,
          await pendingPayments(db, clock.now()),
          problem(words[problemWords[found.error]]),
        ),
        found.error === 'unknown' ? 404 : 400,
      );
    const { payment } = found;
    let action: string;
    if (isExpired(payment)) action = problem(words.expired);
    else if (payment.status !== 'pending')
      action = problem(words.notPending.replace('{status}', words[`status.${payment.status}`]));
    else {
      const hidden = `<input type="hidden" name="qr" value="${escapeHtml(payment.qrContent)}"><input type="hidden" name="lang" value="${language}">`;
      action = `<form method="post" action="/pay/confirm">${hidden}<input type="hidden" name="outcome" value="paid"><button type="submit" data-pay>${escapeHtml(words.pay)}</button></form><form method="post" action="/pay/confirm">${hidden}<input type="hidden" name="outcome" value="failed"><button class="fail" type="submit" data-fail>${escapeHtml(words.fail)}</button></form>`;
    }
    return c.html(
      payerDocument({
        words,
        language,
        channel: payment.channel,
        body: `<h1>${escapeHtml(words[`channel.${payment.channel}`])}</h1>${details(words, payment)}${action}<p><a href="${withLang('/pay', language)}">${escapeHtml(words.back)}</a></p>`,
      }),
    );
  });

  app.post('/pay/confirm', async (c) => {
    const form = await c.req.parseBody();
    const language = payerLanguage(
      typeof form.lang === 'string' ? form.lang : undefined,
      c.req.header('accept-language'),
    );
    const words = payerWords(language);
    const qr = typeof form.qr === 'string' ? form.qr : '';
    const outcome = form.outcome === 'failed' ? 'failed' : 'paid';
    const found = await find(qr);
    if ('error' in found)
      return c.html(
        home(
          words,
          language,
          await pendingPayments(db, clock.now()),
          problem(words[problemWords[found.error]]),
        ),
        found.error === 'unknown' ? 404 : 400,
      );
    const result = await confirm(found.payment, outcome);
    let message: string;
    if ('error' in result)
      message =
        result.error === 'expired'
          ? problem(words.expired)
          : problem(words.notPending.replace('{status}', words[`status.${result.payment.status}`]));
    else {
      const delivery = !result.payment.notifyUrl
        ? words.noNotifyUrl
        : result.delivered
          ? words.delivered
          : words.notDelivered;
      message = `<p data-status="${result.status}"><strong>${escapeHtml(result.status === 'paid' ? words.paid : words.failed)}</strong></p><p data-delivered="${result.delivered}">${escapeHtml(delivery)} ${escapeHtml(words.attempts.replace('{n}', String(result.attempts)))}</p>`;
    }
    return c.html(
      payerDocument({
        words,
        language,
        channel: found.payment.channel,
        body: `<h1>${escapeHtml(words[`channel.${found.payment.channel}`])}</h1>${details(words, result.payment)}${message}<p><a href="${withLang('/pay', language)}">${escapeHtml(words.back)}</a></p>`,
      }),
      'error' in result ? 409 : 200,
    );
  });

  return app;
}
