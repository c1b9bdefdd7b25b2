import { sanitizeHtml } from '@server/lib/sanitize-html';
import { createAccount } from '@server/modules/accounts/accounts.service';
import { saveAnnouncement } from '@server/modules/notices/notices.service';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { login, makeSeller, makeSubAccount } from '../support/accounts';
import { createTestApp, type TestApp } from '../support/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HOUR = 60 * 60 * 1000;

/** An operator account (our staff), signed in. */
async function makeOperator(
  email: string,
  role: 'PURCHASER' | 'STOREKEEPER' | 'SERVICE_OPERATOR' = 'PURCHASER',
) {
  const password = 'Operator-pass1';
  await createAccount(t, null, { email, password, name: 'Operator', role, site: 'th' });
  return login(t, email, password);
}

describe('the rich-text sanitiser', () => {
  const cases: [string, string, string][] = [
    [
      'keeps ordinary rich text',
      '<h3>Hi</h3><p><b>bold</b> <em>it</em></p><ul><li>x</li></ul>',
      '<h3>Hi</h3><p><b>bold</b> <em>it</em></p><ul><li>x</li></ul>',
    ],
    ['drops scripts with their text', '<p>a</p><script>alert(1)</script>', '<p>a</p>'],
    [
      'drops event handlers',
      '<img src="https://x.test/a.png" onerror="alert(1)">',
      '<img src="https://x.test/a.png">',
    ],
    ['drops javascript: links', '<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    [
      'drops obfuscated javascript: links',
      '<a href=" JaVa&#x09;ScRiPt:alert(1)">x</a>',
      '<a>x</a>',
    ],
    [
      'fixes rel and target on safe links',
      '<a href="https://shop.test" target="_self" rel="opener">x</a>',
      '<a href="https://shop.test" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    ],
    [
      'keeps mailto links',
      '<a href="mailto:help@example.com">mail</a>',
      '<a href="mailto:help@example.com" target="_blank" rel="noopener noreferrer nofollow">mail</a>',
    ],
    ['drops data: links', '<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>', '<a>x</a>'],
    [
      'keeps raster data images',
      '<img src="data:image/png;base64,iVBORw0KGgo=">',
      '<img src="data:image/png;base64,iVBORw0KGgo=">',
    ],
    ['drops svg data images', '<img src="data:image/svg+xml;base64,PHN2Zz4=">', '<img>'],
    [
      'drops non-http image sources',
      '<img src="javascript:alert(1)"><img src="ftp://x.test/a.png">',
      '<img><img>',
    ],
    [
      'drops style, iframe and forms',
      '<style>p{}</style><iframe src="https://x.test"></iframe><form action="/x"><input name="a"><button>go</button></form>',
      'go',
    ],
    [
      'drops svg script vectors',
      '<svg onload="alert(1)"><script>alert(1)</script><a xlink:href="javascript:alert(1)">x</a></svg>',
      '',
    ],
    [
      'drops mathml script vectors',
      '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
      '',
    ],
    [
      'drops style and data attributes',
      '<p style="color:red" data-x="1" class="c" id="i">t</p>',
      '<p>t</p>',
    ],
    ['survives mutation XSS', '<noscript><p title="</noscript><img src=x onerror=alert(1)>">', ''],
  ];
  for (const [name, dirty, clean] of cases) {
    it(name, () => {
      const result = sanitizeHtml(dirty);
      expect(result).not.toMatch(/\son[a-z]+=/i);
      expect(result).not.toMatch(/javascript:/i);
      if (clean !== '') expect(result).toBe(clean);
      else expect(result).not.toMatch(/<(script|svg|math|style|img[^>]*onerror)/i);
    });
  }
});

describe('GET /user-center/user/notice/list', () => {
  // A database of its own: the file's other tests publish announcements too, before or after.
  let t: TestApp;
  let token: string;
  afterAll(() => t.close());
  beforeAll(async () => {
    t = await createTestApp();
    token = (await makeSeller(t, 'notice-reader@example.com', [])).token;
    const now = t.clock.now().getTime();
    for (const [language, title, ago] of [
      ['en', 'Older English', 3 * HOUR],
      ['en', 'Newer English', 1 * HOUR],
      ['zh', '中文公告', 2 * HOUR],
      ['th', 'ประกาศภาษาไทย', 2 * HOUR],
      ['en', 'Soon English', -HOUR / 2],
    ] as const) {
      await saveAnnouncement(t, null, {
        language,
        title,
        content: `<p>${title}</p><img src=x onerror=alert(1)>`,
        showTime: new Date(now - ago),
      });
    }
  });

  it('lists shown announcements of the request language, newest first, sanitised', async () => {
    const res = await t.call('GET', '/user-center/user/notice/list?page=1&limit=10', {
      token,
      language: 'en',
    });
    expect(res.body.resp_code, res.text).toBe(0);
    const { records, total } = res.body.datas;
    expect(records.map((r: { title: string }) => r.title)).toEqual([
      'Newer English',
      'Older English',
    ]);
    expect(total).toBe(2);
    expect(records[0]).toMatchObject({ isPopup: false, content: '<p>Newer English</p><img>' });
    expect(Date.parse(records[0].showTime)).toBeLessThanOrEqual(t.clock.now().getTime());
    expect(typeof records[0].updateTime).toBe('string');
  });

  it('answers in Chinese and Thai, and in English for a language it does not have', async () => {
    const titles = async (language: string) =>
      (
        await t.call('GET', '/user-center/user/notice/list', { token, language })
      ).body.datas.records.map((r: { title: string }) => r.title);
    expect(await titles('zh')).toEqual(['中文公告']);
    expect(await titles('th-TH')).toEqual(['ประกาศภาษาไทย']);
    expect(await titles('ph')).toEqual(['Newer English', 'Older English']);
  });

  it('pages, and shows a future announcement once its time comes', async () => {
    const page2 = await t.call('GET', '/user-center/user/notice/list?page=2&limit=1', {
      token,
      language: 'en',
    });
    expect(page2.body.datas.records.map((r: { title: string }) => r.title)).toEqual([
      'Older English',
    ]);
    expect(page2.body.datas.total).toBe(2);
    // An hour on, for this test only: the others read the list as it is now.
    const now = t.clock.now();
    onTestFinished(() => t.clock.set(now));
    t.clock.advance(HOUR);
    const later = await t.call('GET', '/user-center/user/notice/list?limit=1', {
      token,
      language: 'en',
    });
    expect(later.body.datas.records[0].title).toBe('Soon English');
    expect(later.body.datas.total).toBe(3);
  });

  it('needs a session and a sane page', async () => {
    expect((await t.call('GET', '/user-center/user/notice/list')).status).toBe(401);
    const bad = await t.call('GET', '/user-center/user/notice/list?limit=1000', { token });
    expect(bad.body.key).toBe('VALIDATION_FAILED');
  });
});

describe('popup announcements', () => {
  it('pop up once per account, and the translations of one moment count as seen', async () => {
    const operator = await makeOperator('popup-operator@example.com');
    const showTime = new Date(t.clock.now().getTime() - HOUR).toISOString();
    const saved: Record<string, number> = {};
    for (const [language, title] of [
      ['zh', '系统升级'],
      ['en', 'System upgrade'],
      ['th', 'อัปเกรดระบบ'],
    ] as const) {
      const res = await t.call('POST', '/user-center/user/notice/save', {
        token: operator,
        json: { language, title, content: `<p>${title}</p>`, isPopup: true, showTime },
      });
      expect(res.body.resp_code, res.text).toBe(0);
      saved[language] = res.body.datas.id;
    }
    const first = await makeSeller(t, 'popup-first@example.com', []);
    const second = await makeSeller(t, 'popup-second@example.com', []);

    const popups = async (token: string, language: string) =>
      (await t.call('GET', '/user-center/user/notice/popup', { token, language })).body.datas.map(
        (a: { title: string }) => a.title,
      );
    const firstShowAnn = async (token: string) =>
      (await t.call('GET', '/api-user/user/userInfo', { token })).body.datas.firstShowAnn;

    expect(await popups(first.token, 'zh')).toEqual(['系统升级']);
    expect(await firstShowAnn(first.token)).toBe(true);

    const seen = await t.call('POST', '/user-center/user/notice/popup/seen', {
      token: first.token,
      json: { announcementIds: [saved.zh] },
    });
    expect(seen.body.resp_code, seen.text).toBe(0);
    expect(seen.body.datas.marked).toBe(3);
    expect(await popups(first.token, 'zh')).toEqual([]);
    // Switching language does not bring the same news back.
    expect(await popups(first.token, 'en')).toEqual([]);
    expect(await firstShowAnn(first.token)).toBe(false);

    // Marking again changes nothing; another account still gets its popup.
    const again = await t.call('POST', '/user-center/user/notice/popup/seen', {
      token: first.token,
      json: { announcementIds: [saved.zh] },
    });
    expect(again.body.datas.marked).toBe(0);
    expect(await popups(second.token, 'en')).toEqual(['System upgrade']);
  });

  it('ignores ids that are not shown popups', async () => {
    const seller = await makeSeller(t, 'popup-ignore@example.com', []);
    const normal = await saveAnnouncement(t, null, {
      language: 'en',
      title: 'Plain',
      content: '<p>plain</p>',
    });
    const res = await t.call('POST', '/user-center/user/notice/popup/seen', {
      token: seller.token,
      json: { announcementIds: [normal.id, 987654] },
    });
    expect(res.body).toMatchObject({ resp_code: 0, datas: { marked: 0 } });
  });
});

describe('POST /user-center/user/notice/save', () => {
  const input = {
    language: 'en',
    title: 'Warehouse holiday',
    content:
      '<p>Closed</p><script>alert(1)</script><a href="javascript:alert(1)" onclick="x()">more</a>',
  };

  it('refuses sellers and sub-accounts', async () => {
    const seller = await makeSeller(t, 'save-seller@example.com', []);
    const sub = await makeSubAccount(t, seller.token, 'save-sub@example.com', []);
    for (const token of [seller.token, sub.token]) {
      const res = await t.call('POST', '/user-center/user/notice/save', { token, json: input });
      expect(res.body).toMatchObject({ key: 'PERMISSION_DENIED', datas: null });
    }
    expect((await t.call('POST', '/user-center/user/notice/save', { json: input })).status).toBe(
      401,
    );
  });

  it('lets operators publish and edit, sanitising the content', async () => {
    // Every operator role, the service operator's too.
    for (const role of ['PURCHASER', 'STOREKEEPER', 'SERVICE_OPERATOR'] as const) {
      const token = await makeOperator(`save-${role.toLowerCase()}@example.com`, role);
      const res = await t.call('POST', '/user-center/user/notice/save', { token, json: input });
      expect(res.body.resp_code, res.text).toBe(0);
      expect(res.body.datas.content).toBe('<p>Closed</p><a>more</a>');
      const edited = await t.call('POST', '/user-center/user/notice/save', {
        token,
        json: { ...input, id: res.body.datas.id, title: 'Warehouse holiday (updated)' },
      });
      expect(edited.body.datas).toMatchObject({
        id: res.body.datas.id,
        title: 'Warehouse holiday (updated)',
      });
    }
    const token = await makeOperator('save-missing@example.com');
    const missing = await t.call('POST', '/user-center/user/notice/save', {
      token,
      json: { ...input, id: 999999 },
    });
    expect(missing.body.key).toBe('RECORD_NOT_FOUND');
  });
});
