import { Hono } from 'hono';
import { alipayGatewayRoutes } from './alipay.gateway';
import { paymentsContext, type SandboxPaymentsOptions } from './context';
import { payerRoutes } from './payer';
import { wechatpayRoutes } from './wechatpay.api';

export type { SandboxPaymentsOptions } from './context';

/**
 * The payment providers in the sandbox, and the person paying:
 *
 * - Alipay's gateway, POST /alipay/gateway.do (alipay.trade.precreate), and its qr_code URLs,
 *   GET /alipay/qr/<token>;
 * - WeChat Pay v3, POST /wechatpay/v3/pay/transactions/native;
 * - PromptPay needs no API: the merchant builds the QR itself, and the sandbox bank reads it when
 *   the payer scans it;
 * - the payer, GET /pay (a page) and POST /pay/api/confirm and /pay/api/resend (JSON), who pays or
 *   fails a QR code; the provider then notifies the merchant, signed as the provider signs.
 *
 * Each checks requests as its provider does and answers in its provider's shapes; the state lives
 * in sandbox.payments.
 */
export function createSandboxPayments(options: SandboxPaymentsOptions) {
  const context = paymentsContext(options);
  const app = new Hono();
  app.route('/', alipayGatewayRoutes(context));
  app.route('/', wechatpayRoutes(context));
  app.route('/', payerRoutes(context));
  return app;
}
