import { escapeHtml } from '../pages';

/** The words of the marketplace consent pages, in the page visitor's language. */
const WORDS: Record<
  'zh' | 'th' | 'en',
  Record<
    'sandbox' | 'title' | 'hint' | 'account' | 'authorize' | 'deny' | 'invalid' | 'noSellers',
    string
  >
> = {
  zh: {
    sandbox: '沙箱',
    title: '授权应用访问您的店铺',
    hint: '这是本地沙箱中的 {platform} 卖家中心。选择要登录的卖家账号并授权「卖家中心」管理其店铺、商品和订单。',
    account: '卖家账号',
    authorize: '登录并授权',
    deny: '拒绝',
    invalid: '授权链接无效或已过期。',
    noSellers: '沙箱中还没有该平台的卖家账号。',
  },
  th: {
    sandbox: 'แซนด์บ็อกซ์',
    title: 'อนุญาตให้แอปเข้าถึงร้านค้าของคุณ',
    hint: 'นี่คือศูนย์ผู้ขาย {platform} ในแซนด์บ็อกซ์ภายในเครื่อง เลือกบัญชีผู้ขายที่จะเข้าสู่ระบบ แล้วอนุญาตให้ Seller Center จัดการร้านค้า สินค้า และคำสั่งซื้อ',
    account: 'บัญชีผู้ขาย',
    authorize: 'เข้าสู่ระบบและอนุญาต',
    deny: 'ปฏิเสธ',
    invalid: 'ลิงก์อนุญาตนี้ไม่ถูกต้องหรือหมดอายุแล้ว',
    noSellers: 'ยังไม่มีบัญชีผู้ขายของแพลตฟอร์มนี้ในแซนด์บ็อกซ์',
  },
  en: {
    sandbox: 'Sandbox',
    title: 'Authorize an app to access your shop',
    hint: 'This is {platform} Seller Center in the local sandbox. Choose the seller account to log in with and allow Seller Center to manage its shops, products and orders.',
    account: 'Seller account',
    authorize: 'Log in and authorize',
    deny: 'Deny',
    invalid: 'This authorization link is not valid or has expired.',
    noSellers: 'The sandbox has no seller account on this platform yet.',
  },
};

export type ConsentWords = (typeof WORDS)['en'];

export function consentWords(acceptLanguage: string | undefined): ConsentWords {
  const first = (acceptLanguage ?? '').toLowerCase();
  if (first.startsWith('zh')) return WORDS.zh;
  if (first.startsWith('th')) return WORDS.th;
  return WORDS.en;
}

export interface ConsentChoice {
  /** Posted as `sellerId`. */
  value: string;
  label: string;
  detail: string;
}

function hiddenFields(hidden: Record<string, string>): string {
  return Object.entries(hidden)
    .map(
      ([name, value]) =>
        `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`,
    )
    .join('');
}

/**
 * A platform's consent page: one button per seller account (posting `sellerId` with the hidden
 * fields to `action`), optional extra fields above them, and a deny form when `denyAction` is set.
 */
export function consentPage(input: {
  platform: string;
  color: string;
  words: ConsentWords;
  action: string;
  hidden: Record<string, string>;
  choices: ConsentChoice[];
  /** Extra form controls (a country select); they belong to every account's form via form=. */
  extra?: string;
  denyAction?: string;
}): string {
  const { words } = input;
  const fields = hiddenFields(input.hidden);
  const choices = input.choices.length
    ? input.choices
        .map(
          (choice) =>
            `<form method="post" action="${escapeHtml(input.action)}">${fields}<input type="hidden" name="sellerId" value="${escapeHtml(choice.value)}"><button class="account" type="submit" data-seller="${escapeHtml(choice.value)}"><strong>${escapeHtml(choice.label)}</strong><span>${escapeHtml(choice.detail)}</span></button></form>`,
        )
        .join('')
    : `<p>${escapeHtml(words.noSellers)}</p>`;
  const deny = input.denyAction
    ? `<form method="post" action="${escapeHtml(input.denyAction)}">${fields}<button class="deny" type="submit" data-deny>${escapeHtml(words.deny)}</button></form>`
    : '';
  return document(
    `${input.platform} · ${words.title}`,
    input.color,
    `<span class="tag">${escapeHtml(input.platform)} · ${escapeHtml(words.sandbox)}</span>
<h1>${escapeHtml(words.title)}</h1><p>${escapeHtml(words.hint.replace('{platform}', input.platform))}</p>
${input.extra ?? ''}<h2>${escapeHtml(words.account)}</h2>${choices}${deny}`,
  );
}

/** A plain page saying the link cannot be used. */
export function invalidLinkPage(platform: string, color: string, words: ConsentWords): string {
  return document(
    platform,
    color,
    `<span class="tag">${escapeHtml(platform)} · ${escapeHtml(words.sandbox)}</span><p>${escapeHtml(words.invalid)}</p>`,
  );
}

function document(title: string, color: string, body: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>
body{margin:0;font-family:system-ui,-apple-system,"PingFang SC","Noto Sans Thai",sans-serif;background:#f4f5f7;color:#111}
main{max-width:460px;margin:48px auto;background:#fff;border-radius:12px;padding:28px;box-shadow:0 4px 18px rgba(0,0,0,.08)}
h1{font-size:20px;margin:0 0 8px}h2{font-size:15px;margin:20px 0 4px}p{color:#555;line-height:1.5}
.tag{display:inline-block;background:${color};color:#fff;border-radius:4px;font-size:12px;padding:2px 6px;margin-bottom:12px}
button{width:100%;border:0;border-radius:8px;font-size:15px;padding:12px;margin-top:10px;cursor:pointer}
button.account{background:#f2f3f5;color:#111;text-align:left;display:flex;flex-direction:column;gap:2px}
button.account:hover,button.account:focus{outline:2px solid ${color}}
button.account span{color:#666;font-size:13px}button.deny{background:#fff;color:#666;border:1px solid #ccc}
select{width:100%;padding:10px;border:1px solid #ccc;border-radius:8px;font-size:15px}label{display:block;margin-top:12px;font-size:14px;color:#333}
</style></head><body><main>${body}</main></body></html>`;
}
