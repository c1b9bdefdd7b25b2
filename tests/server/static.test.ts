import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { FIRST_SCREEN_MESSAGES_ELEMENT_ID } from '@shared/contracts/boot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';

let dir: string;
let t: TestApp;

const BIG = `export const rows = [${'"a row of the console",'.repeat(200)}];`;
const BIG_CSS = `.x{color:red}${'.row{margin:0 auto;padding:4px}'.repeat(100)}`;
const WORDS: Record<string, Record<string, Record<string, string>>> = {
  en: {
    common: { ok: 'OK' },
    auth: { signIn: 'Sign in' },
    layout: { home: 'Home' },
    signup: { create: 'Create account' },
  },
  th: {
    common: { ok: 'ตกลง' },
    auth: { signIn: 'เข้าสู่ระบบ' },
    layout: { home: 'หน้าแรก' },
    signup: { create: 'สร้างบัญชี' },
  },
  zh: {
    common: { ok: '确定' },
    auth: { signIn: '登录 </script><script>alert(1)</script>' },
    layout: { home: '首页' },
    signup: { create: '注册' },
  },
};

/** The first screen's words the page carries. */
function firstScreenWords(html: string): { language: string; resources: Record<string, unknown> } {
  const match = new RegExp(
    `<script type="application/json" id="${FIRST_SCREEN_MESSAGES_ELEMENT_ID}">(.*?)</script>`,
  ).exec(html);
  if (!match?.[1]) throw new Error(`no first-screen words in ${html}`);
  return JSON.parse(match[1]);
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cmp-static-'));
  const consoleDir = join(dir, 'console');
  await mkdir(join(consoleDir, 'assets'), { recursive: true });
  await writeFile(
    join(consoleDir, 'index.html'),
    '<!doctype html><html lang="en"><head><title>x</title></head><body><div id="root"></div></body></html>',
  );
  await writeFile(join(consoleDir, 'assets', 'app-abc123.js'), 'console.log(1)');
  // A chunk the build compressed beside itself: the server sends those bytes, made by no one else.
  await writeFile(join(consoleDir, 'assets', 'big-def456.js'), BIG);
  await writeFile(join(consoleDir, 'assets', 'big-def456.js.br'), 'BROTLI-FROM-THE-BUILD');
  await writeFile(join(consoleDir, 'assets', 'big-def456.js.gz'), 'GZIP-FROM-THE-BUILD');
  // The login screen as the build drew it, in Thai with the WeChat sign-in (the test config's) only.
  await mkdir(join(consoleDir, 'prerender'), { recursive: true });
  await writeFile(
    join(consoleDir, 'prerender', 'login.json'),
    JSON.stringify({
      'th:wechat': {
        html: '<main class="still-login">เข้าสู่ระบบ</main>',
        styles: '<style data-emotion="still">.still-login{color:red}</style>',
        colorScheme: 'light',
      },
    }),
  );
  // A file of 1 KB or more the build left uncompressed (an older build): compressed once here.
  await writeFile(join(consoleDir, 'assets', 'late-aaa111.css'), BIG_CSS);
  await writeFile(join(consoleDir, 'assets', 'full-styles-Xy_9-z.css'), '.m{color:blue}');
  for (const [language, words] of Object.entries(WORDS)) {
    await mkdir(join(consoleDir, 'assets', 'locales', 'h4sh', language), { recursive: true });
    for (const [namespace, messages] of Object.entries(words))
      await writeFile(
        join(consoleDir, 'assets', 'locales', 'h4sh', language, `${namespace}.json`),
        JSON.stringify(messages),
      );
  }
  await writeFile(join(dir, 'secret.txt'), 'not for the web');
  await writeFile(join(dir, 'extension.zip'), Buffer.from('PK\u0003\u0004zip'));
  t = await createTestApp({ config: { consoleDir, extensionZip: join(dir, 'extension.zip') } });
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

describe('console and extension files', () => {
  it('redirects / and /cmp to /cmp/', async () => {
    for (const path of ['/', '/cmp']) {
      const res = await t.app.request(path);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/cmp/');
    }
  });

  it('serves index.html for the console and for any history-mode route under it', async () => {
    for (const path of ['/cmp/', '/cmp/login', '/cmp/thirdPartyPlatform/orderManage?orderId=1']) {
      const res = await t.app.request(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('<div id="root">');
    }
  });

  it('serves hashed assets with a long cache and 404s a missing one', async () => {
    const asset = await t.app.request('/cmp/assets/app-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toContain('text/javascript');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect(await asset.text()).toBe('console.log(1)');
    expect((await t.app.request('/cmp/assets/gone-999.js')).status).toBe(404);
  });

  it('never serves a file outside the console folder', async () => {
    for (const path of ['/cmp/../secret.txt', '/cmp/%2e%2e/secret.txt', '/cmp/..%2fsecret.txt']) {
      const res = await t.app.request(path);
      expect(await res.text()).not.toContain('not for the web');
    }
  });

  it('offers the extension zip for download', async () => {
    const res = await t.app.request('/downloads/extension.zip');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toContain('attachment');
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
  });
});

describe('served as a production host would', () => {
  it("sends the build's brotli or gzip by Accept-Encoding, and the plain file to a client taking neither", async () => {
    const asked = async (acceptEncoding: string | null) => {
      const res = await t.app.request(
        '/cmp/assets/big-def456.js',
        acceptEncoding === null ? {} : { headers: { 'accept-encoding': acceptEncoding } },
      );
      expect(res.status).toBe(200);
      expect(res.headers.get('vary')).toContain('Accept-Encoding');
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(res.headers.get('content-type')).toContain('text/javascript');
      const body = Buffer.from(await res.arrayBuffer());
      expect(res.headers.get('content-length')).toBe(String(body.length));
      return { encoding: res.headers.get('content-encoding'), body: body.toString() };
    };
    expect(await asked('gzip, deflate, br')).toEqual({
      encoding: 'br',
      body: 'BROTLI-FROM-THE-BUILD',
    });
    expect(await asked('gzip, br;q=0')).toEqual({ encoding: 'gzip', body: 'GZIP-FROM-THE-BUILD' });
    expect(await asked('deflate')).toEqual({ encoding: null, body: BIG });
    expect(await asked(null)).toEqual({ encoding: null, body: BIG });
  });

  it("compresses once a large file the build left plain, and never serves the build's .br or .gz files themselves", async () => {
    const br = await t.app.request('/cmp/assets/late-aaa111.css', {
      headers: { 'accept-encoding': 'br' },
    });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(BIG_CSS);
    const gz = await t.app.request('/cmp/assets/late-aaa111.css', {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(BIG_CSS);
    // A small file goes out as it is.
    const small = await t.app.request('/cmp/assets/app-abc123.js', {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(small.headers.get('content-encoding')).toBeNull();
    for (const path of ['/cmp/assets/big-def456.js.br', '/cmp/assets/big-def456.js.gz'])
      expect((await t.app.request(path)).status).toBe(404);
  });

  it('answers a matching If-None-Match with 304 and no body', async () => {
    const first = await t.app.request('/cmp/assets/big-def456.js');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);
    const again = await t.app.request('/cmp/assets/big-def456.js', {
      headers: { 'if-none-match': etag ?? '' },
    });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const changed = await t.app.request('/cmp/assets/big-def456.js', {
      headers: { 'if-none-match': '"another"' },
    });
    expect(changed.status).toBe(200);
  });

  it("writes the first screen's words into the page in the reader's language: cookie, then site, then browser, then English", async () => {
    const page = async (path: string, headers: Record<string, string> = {}) => {
      const res = await t.app.request(path, { headers });
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(res.headers.get('vary')).toContain('Cookie');
      expect(res.headers.get('vary')).toContain('Accept-Language');
      return res.text();
    };
    const thai = await page('/cmp/login', {
      cookie: 'cmp-language=th',
      'accept-language': 'zh-CN,zh;q=0.9',
    });
    expect(thai).toContain('<html lang="th"');
    expect(firstScreenWords(thai)).toEqual({
      language: 'th',
      resources: { common: WORDS.th?.common, auth: WORDS.th?.auth },
    });
    // The chosen site's language before the browser's.
    const site = firstScreenWords(
      await page('/cmp/login', { cookie: 'cmp-site=cn', 'accept-language': 'th-TH' }),
    );
    expect(site.language).toBe('zh');
    expect(site.resources.auth).toEqual(WORDS.zh?.auth);
    const browser = firstScreenWords(await page('/cmp/register', { 'accept-language': 'th-TH' }));
    expect(browser.language).toBe('th');
    expect(Object.keys(browser.resources)).toEqual(['common', 'auth', 'signup']);
    // A signed-in screen carries the shell's words, not the sign-in ones.
    const english = firstScreenWords(await page('/cmp/cmpDashboard'));
    expect(english).toEqual({
      language: 'en',
      resources: { common: WORDS.en?.common, layout: WORDS.en?.layout },
    });
  });

  it('keeps a message from closing its script element', async () => {
    const html = await (
      await t.app.request('/cmp/login', { headers: { cookie: 'cmp-language=zh' } })
    ).text();
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(firstScreenWords(html).resources.auth).toEqual(WORDS.zh?.auth);
  });

  it("names every component's style sheet for a screen past the login one, so it loads beside the boot script", async () => {
    const preload = '<link rel="preload" as="style" href="/cmp/assets/full-styles-Xy_9-z.css">';
    const dashboard = await (await t.app.request('/cmp/cmpDashboard')).text();
    expect(dashboard.slice(0, dashboard.indexOf('</head>'))).toContain(preload);
    // The login screen draws with its own few styles: the sheet would only compete with them.
    const login = await (await t.app.request('/cmp/login')).text();
    expect(login).not.toContain('full-styles');
  });

  it('sends the page itself compressed, made once per language and screen', async () => {
    const res = await t.app.request('/cmp/login', {
      headers: { 'accept-encoding': 'br', cookie: 'cmp-language=th' },
    });
    expect(res.headers.get('content-encoding')).toBe('br');
    const html = brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString();
    expect(firstScreenWords(html).language).toBe('th');
    const again = await t.app.request('/cmp/login', {
      headers: { 'accept-encoding': 'br', cookie: 'cmp-language=th' },
    });
    expect(again.headers.get('etag')).toBe(res.headers.get('etag'));
  });
});

describe('the login screen as the build drew it', () => {
  it('paints in the page, inert and hidden from assistive technology, with its styles and colour scheme, until the console replaces it', async () => {
    const html = await (
      await t.app.request('/cmp/login', { headers: { cookie: 'cmp-language=th' } })
    ).text();
    expect(html).toContain(
      '<div id="root"><div inert aria-hidden="true" data-prerendered=""><main class="still-login">เข้าสู่ระบบ</main></div></div>',
    );
    expect(html).toContain('<html lang="th" data-mantine-color-scheme="light">');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<style data-emotion="still">.still-login{color:red}</style>');
    // The words still come with the page: the console draws the same screen at once.
    expect(firstScreenWords(html).resources.auth).toEqual(WORDS.th?.auth);
  });

  it('is left out where the build drew no such screen: another language, another page', async () => {
    const english = await (await t.app.request('/cmp/login')).text();
    expect(english).toContain('<div id="root"></div>');
    expect(english).not.toContain('data-prerendered');
    expect(english).toContain('<html lang="en">');
    const register = await (
      await t.app.request('/cmp/register', { headers: { cookie: 'cmp-language=th' } })
    ).text();
    expect(register).not.toContain('data-prerendered');
    expect(register).not.toContain('still-login');
  });

  it('is left out where the third-party sign-ins differ from the ones it was drawn with', async () => {
    const withoutWechat = await createTestApp({
      config: { consoleDir: join(dir, 'console'), wechat: null },
    });
    try {
      const html = await (
        await withoutWechat.app.request('/cmp/login', { headers: { cookie: 'cmp-language=th' } })
      ).text();
      expect(html).toContain('"thirdParty":[]');
      expect(html).not.toContain('data-prerendered');
    } finally {
      await withoutWechat.close();
    }
  });
});
