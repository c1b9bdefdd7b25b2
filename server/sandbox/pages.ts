/** Small HTML pages for the sandbox's stand-in screens (a consent page, a phone). */

type Words = Record<
  | 'sandbox'
  | 'signInTitle'
  | 'signInHint'
  | 'scanTitle'
  | 'scanHint'
  | 'newUser'
  | 'nickname'
  | 'authorize'
  | 'scanned'
  | 'invalid',
  string
>;

const WORDS: Record<'zh' | 'th' | 'en', Words> = {
  zh: {
    sandbox: '沙箱',
    signInTitle: '使用微信登录',
    signInHint: '这是本地沙箱中的微信。选择一位微信用户授权登录，或新建一位。',
    scanTitle: '微信扫一扫',
    scanHint: '这是本地沙箱中的手机微信。选择用哪位微信用户扫描此二维码。',
    newUser: '新建微信用户',
    nickname: '昵称',
    authorize: '授权并继续',
    scanned: '已扫描。可以回到卖家中心了。',
    invalid: '此链接无效或已过期。',
  },
  th: {
    sandbox: 'แซนด์บ็อกซ์',
    signInTitle: 'เข้าสู่ระบบด้วย WeChat',
    signInHint: 'นี่คือ WeChat ในแซนด์บ็อกซ์ภายในเครื่อง เลือกผู้ใช้ WeChat ที่จะอนุญาต หรือสร้างผู้ใช้ใหม่',
    scanTitle: 'สแกนด้วย WeChat',
    scanHint: 'นี่คือ WeChat บนโทรศัพท์ในแซนด์บ็อกซ์ เลือกผู้ใช้ที่จะสแกนคิวอาร์โค้ดนี้',
    newUser: 'สร้างผู้ใช้ WeChat ใหม่',
    nickname: 'ชื่อเล่น',
    authorize: 'อนุญาตและดำเนินการต่อ',
    scanned: 'สแกนแล้ว กลับไปที่ศูนย์ผู้ขายได้เลย',
    invalid: 'ลิงก์นี้ไม่ถูกต้องหรือหมดอายุแล้ว',
  },
  en: {
    sandbox: 'Sandbox',
    signInTitle: 'Sign in with WeChat',
    signInHint:
      'This is WeChat in the local sandbox. Choose a WeChat user to approve the sign-in, or create one.',
    scanTitle: 'WeChat Scan',
    scanHint: 'This is WeChat on a phone, in the local sandbox. Choose who scans this QR code.',
    newUser: 'New WeChat user',
    nickname: 'Nickname',
    authorize: 'Approve and continue',
    scanned: 'Scanned. You can go back to Seller Center.',
    invalid: 'This link is not valid or has expired.',
  },
};

export type SandboxWords = Words;

export function wordsFor(acceptLanguage: string | undefined): SandboxWords {
  const first = (acceptLanguage ?? '').toLowerCase();
  if (first.startsWith('zh')) return WORDS.zh;
  if (first.startsWith('th')) return WORDS.th;
  return WORDS.en;
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

export function page(title: string, words: SandboxWords, body: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>
body{margin:0;font-family:system-ui,-apple-system,"PingFang SC","Noto Sans Thai",sans-serif;background:#ededed;color:#111}
main{max-width:420px;margin:48px auto;background:#fff;border-radius:12px;padding:28px;box-shadow:0 4px 18px rgba(0,0,0,.08)}
h1{font-size:20px;margin:0 0 8px}p{color:#555;line-height:1.5}.tag{display:inline-block;background:#07c160;color:#fff;border-radius:4px;font-size:12px;padding:2px 6px;margin-bottom:12px}
button{width:100%;border:0;border-radius:8px;background:#07c160;color:#fff;font-size:16px;padding:12px;margin-top:10px;cursor:pointer}
button.user{background:#f2f2f2;color:#111;text-align:left}input{width:100%;box-sizing:border-box;padding:10px;border:1px solid #ccc;border-radius:8px;font-size:15px}
label{display:block;margin-top:16px;font-size:14px;color:#333}
</style></head><body><main><span class="tag">WeChat · ${escapeHtml(words.sandbox)}</span>${body}</main></body></html>`;
}

/** A choice of existing sandbox users, and a field to create one, posting to `action` with hidden fields. */
export function chooseUserForm(
  action: string,
  hidden: Record<string, string>,
  people: { openId: string; nickname: string }[],
  words: SandboxWords,
): string {
  const fields = Object.entries(hidden)
    .map(
      ([name, value]) =>
        `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`,
    )
    .join('');
  const choices = people
    .map(
      (person) =>
        `<form method="post" action="${escapeHtml(action)}">${fields}<input type="hidden" name="openId" value="${escapeHtml(person.openId)}"><button class="user" type="submit" data-openid="${escapeHtml(person.openId)}">${escapeHtml(person.nickname)}</button></form>`,
    )
    .join('');
  return `${choices}<form method="post" action="${escapeHtml(action)}">${fields}<label>${escapeHtml(words.newUser)} · ${escapeHtml(words.nickname)}<input name="nickname" maxlength="40" required></label><button type="submit" data-new-user>${escapeHtml(words.authorize)}</button></form>`;
}
