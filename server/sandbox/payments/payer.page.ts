import { CURRENCY_SYMBOLS, type Currency, minorToDecimal } from '@shared/contracts/money';
import type { PaymentChannel } from '@shared/contracts/payments';
import { escapeHtml } from '../pages';

/** The payer's words, in the page visitor's language. */
const WORDS = {
  zh: {
    sandbox: '沙箱',
    title: '付款人',
    hint: '这是本地沙箱中的付款人：一部扫描微信支付、支付宝或 PromptPay 二维码的手机。打开一笔待付款，或粘贴二维码的内容。',
    pending: '待付款',
    nonePending: '目前没有待付款。',
    qrLabel: '二维码内容',
    open: '打开',
    merchant: '收款方',
    merchantName: '卖家中心',
    subject: '商品',
    amount: '金额',
    orderNo: '订单号',
    channel: '支付方式',
    expires: '有效期至',
    pay: '付款',
    fail: '付款失败',
    paid: '付款成功。',
    failed: '付款失败。',
    delivered: '已通知收款方，收款方已确认。',
    notDelivered: '收款方尚未确认通知，稍后将重新发送。',
    noNotifyUrl: '该订单没有通知地址，收款方不会收到通知。',
    attempts: '已发送通知 {n} 次',
    invalid: '无法识别此二维码（格式错误或校验码不符）。',
    notOurs: '此 PromptPay 二维码不是付给沙箱银行所服务商户的账单付款。',
    noAmount: '此 PromptPay 二维码没有金额。',
    unknown: '沙箱中没有使用此二维码的付款。',
    expired: '此二维码已过期。',
    notPending: '这笔付款已处理：{status}',
    back: '返回付款人首页',
    'status.pending': '待付款',
    'status.paid': '已付款',
    'status.failed': '付款失败',
    'status.closed': '已关闭',
    'channel.wechat': '微信支付',
    'channel.alipay': '支付宝',
    'channel.promptpay': 'PromptPay',
  },
  th: {
    sandbox: 'แซนด์บ็อกซ์',
    title: 'ผู้ชำระเงิน',
    hint: 'นี่คือผู้ชำระเงินในแซนด์บ็อกซ์ภายในเครื่อง: โทรศัพท์ที่สแกนคิวอาร์โค้ด WeChat Pay, Alipay หรือพร้อมเพย์ เปิดรายการที่รอชำระ หรือวางเนื้อหาของคิวอาร์โค้ด',
    pending: 'รอชำระเงิน',
    nonePending: 'ยังไม่มีรายการที่รอชำระ',
    qrLabel: 'เนื้อหาคิวอาร์โค้ด',
    open: 'เปิด',
    merchant: 'ผู้รับเงิน',
    merchantName: 'Seller Center',
    subject: 'รายการ',
    amount: 'จำนวนเงิน',
    orderNo: 'เลขที่คำสั่งซื้อ',
    channel: 'ช่องทางชำระเงิน',
    expires: 'หมดอายุ',
    pay: 'ชำระเงิน',
    fail: 'ชำระเงินไม่สำเร็จ',
    paid: 'ชำระเงินแล้ว',
    failed: 'การชำระเงินไม่สำเร็จ',
    delivered: 'แจ้งผู้รับเงินแล้ว และผู้รับเงินยืนยันแล้ว',
    notDelivered: 'ผู้รับเงินยังไม่ยืนยันการแจ้งเตือน จะส่งอีกครั้งในภายหลัง',
    noNotifyUrl: 'รายการนี้ไม่มีที่อยู่สำหรับแจ้งเตือน ผู้รับเงินจะไม่ได้รับแจ้ง',
    attempts: 'ส่งการแจ้งเตือนแล้ว {n} ครั้ง',
    invalid: 'อ่านคิวอาร์โค้ดนี้ไม่ได้ (รูปแบบผิดหรือรหัสตรวจสอบไม่ตรงกัน)',
    notOurs: 'คิวอาร์โค้ดพร้อมเพย์นี้ไม่ใช่การชำระบิลให้ร้านค้าที่ธนาคารในแซนด์บ็อกซ์ให้บริการ',
    noAmount: 'คิวอาร์โค้ดพร้อมเพย์นี้ไม่มีจำนวนเงิน',
    unknown: 'ไม่มีรายการชำระเงินในแซนด์บ็อกซ์ที่ใช้คิวอาร์โค้ดนี้',
    expired: 'คิวอาร์โค้ดนี้หมดอายุแล้ว',
    notPending: 'รายการนี้ดำเนินการไปแล้ว: {status}',
    back: 'กลับไปหน้าผู้ชำระเงิน',
    'status.pending': 'รอชำระเงิน',
    'status.paid': 'ชำระแล้ว',
    'status.failed': 'ชำระไม่สำเร็จ',
    'status.closed': 'ปิดแล้ว',
    'channel.wechat': 'WeChat Pay',
    'channel.alipay': 'Alipay',
    'channel.promptpay': 'พร้อมเพย์',
  },
  en: {
    sandbox: 'Sandbox',
    title: 'Payer',
    hint: 'This is the payer in the local sandbox: a phone scanning a WeChat Pay, Alipay or PromptPay QR code. Open a payment that is waiting, or paste the content of a QR code.',
    pending: 'Waiting for payment',
    nonePending: 'No payment is waiting.',
    qrLabel: 'QR code content',
    open: 'Open',
    merchant: 'Merchant',
    merchantName: 'Seller Center',
    subject: 'For',
    amount: 'Amount',
    orderNo: 'Order number',
    channel: 'Paid with',
    expires: 'Expires',
    pay: 'Pay',
    fail: 'Fail the payment',
    paid: 'Paid.',
    failed: 'The payment failed.',
    delivered: 'The merchant was notified and confirmed it.',
    notDelivered: 'The merchant has not confirmed the notification yet; it will be sent again.',
    noNotifyUrl: 'This order has no notify URL: the merchant will not be told.',
    attempts: 'Notifications sent: {n}',
    invalid: 'This QR code cannot be read (malformed, or its check digits do not match).',
    notOurs:
      'This PromptPay QR code is not a bill payment to the merchant the sandbox bank serves.',
    noAmount: 'This PromptPay QR code has no amount.',
    unknown: 'No sandbox payment has this QR code.',
    expired: 'This QR code has expired.',
    notPending: 'This payment is already done: {status}',
    back: 'Back to the payer',
    'status.pending': 'Waiting',
    'status.paid': 'Paid',
    'status.failed': 'Failed',
    'status.closed': 'Closed',
    'channel.wechat': 'WeChat Pay',
    'channel.alipay': 'Alipay',
    'channel.promptpay': 'PromptPay',
  },
} satisfies Record<'zh' | 'th' | 'en', Record<string, string>>;

export type PayerWords = (typeof WORDS)['en'];
export type PayerLanguage = keyof typeof WORDS;

/** `?lang=` first, else the first language of Accept-Language, else English. */
export function payerLanguage(lang: string | undefined, acceptLanguage: string | undefined) {
  for (const candidate of [lang, acceptLanguage]) {
    const first = (candidate ?? '').toLowerCase();
    if (first.startsWith('zh')) return 'zh';
    if (first.startsWith('th')) return 'th';
    if (first.startsWith('en')) return 'en';
  }
  return 'en';
}

export const payerWords = (language: PayerLanguage): PayerWords => WORDS[language];

const COLORS: Record<PaymentChannel | 'none', string> = {
  wechat: '#07c160',
  alipay: '#1677ff',
  promptpay: '#113566',
  none: '#4a5568',
};

export function formatAmount(amount: number, currency: string): string {
  const symbol = CURRENCY_SYMBOLS[currency as Currency] ?? `${currency} `;
  return `${symbol}${minorToDecimal(amount, currency as Currency)}`;
}

/** A payer page: the tag (channel and "Sandbox") and the body, colored by channel. */
export function payerDocument(input: {
  words: PayerWords;
  language: PayerLanguage;
  channel?: PaymentChannel;
  body: string;
}): string {
  const { words } = input;
  const color = COLORS[input.channel ?? 'none'];
  const tag = input.channel ? `${words[`channel.${input.channel}`]} · ` : '';
  return `<!doctype html><html lang="${input.language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(`${tag}${words.title}`)}</title><style>
body{margin:0;font-family:system-ui,-apple-system,"PingFang SC","Noto Sans Thai",sans-serif;background:#f4f5f7;color:#111}
main{max-width:460px;margin:48px auto;background:#fff;border-radius:12px;padding:28px;box-shadow:0 4px 18px rgba(0,0,0,.08)}
h1{font-size:20px;margin:0 0 8px}h2{font-size:15px;margin:20px 0 4px}p{color:#555;line-height:1.5}
.tag{display:inline-block;background:${color};color:#fff;border-radius:4px;font-size:12px;padding:2px 6px;margin-bottom:12px}
dl{display:grid;grid-template-columns:auto 1fr;gap:6px 16px;margin:16px 0}dt{color:#666}dd{margin:0;word-break:break-all}
.amount{font-size:28px;font-weight:600}
button{width:100%;border:0;border-radius:8px;font-size:15px;padding:12px;margin-top:10px;cursor:pointer;background:${color};color:#fff}
button.fail{background:#fff;color:#b42318;border:1px solid #e4b4ae}
a.payment{display:block;background:#f2f3f5;color:#111;border-radius:8px;padding:10px 12px;margin-top:8px;text-decoration:none}
a.payment span{color:#666;font-size:13px;display:block}
textarea{width:100%;box-sizing:border-box;padding:10px;border:1px solid #ccc;border-radius:8px;font-size:13px;font-family:ui-monospace,monospace}
label{display:block;margin-top:16px;font-size:14px;color:#333}
</style></head><body><main><span class="tag">${escapeHtml(tag)}${escapeHtml(words.title)} · ${escapeHtml(words.sandbox)}</span>${input.body}</main></body></html>`;
}
