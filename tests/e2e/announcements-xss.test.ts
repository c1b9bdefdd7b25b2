import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { announcements } from '@server/db/schema/index';
import { systemClock } from '@server/lib/clock';
import { createAccount } from '@server/modules/accounts/accounts.service';
import { createApiClient } from '@shared/api/client';
import { API_CLIENTS } from '@shared/contracts/protocol';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { startE2eServer } from '../support/e2e-server';

/**
 * Every payload of the shared XSS corpus, saved as announcement content through the operators'
 * save endpoint (the server sanitises), and also stored raw past the service (only the browser's
 * second sanitising pass stands between it and the page), then rendered by the console's
 * announcement popup in Chromium for a fresh account, page by page, with the page's CSP bypassed.
 * Nothing may run: no dialog, no call of the usual sinks, no navigation or new window, and no
 * event handler, javascript: URL or active element in the rendered announcements.
 */

const PAYLOADS = readFileSync(
  join(process.cwd(), 'tests', 'fixtures', 'xss', 'payloads.txt'),
  'utf8',
)
  .split('\n')
  .map((line) => line.replace(/\r$/, ''))
  .filter((line) => line.trim() !== '');
/**
 * Between two payloads: whatever context a payload leaves open (a quote, a tag, a comment, a raw
 * text element such as <script> or <textarea>, foreign content) is closed, so the next payload is
 * parsed as markup of its own, and a marker shows it was. Only <plaintext> cannot be closed: those
 * payloads each end a batch.
 */
const SEPARATOR =
  '\n<!---->"\'`>--></textarea></title></style></script></xmp></noscript></noembed></noframes></iframe></template></select></option></table></svg></math>]]><i title="xss-sep">.</i>\n';
const SWALLOWS_THE_REST = /<plaintext/i;
/** Payloads per announcement, at most. */
const BATCH = 300;

/** The corpus in batches of a few hundred, each ending with at most one <plaintext> payload. */
function corpusBatches(): string[][] {
  const tails = PAYLOADS.filter((payload) => SWALLOWS_THE_REST.test(payload));
  const body = PAYLOADS.filter((payload) => !SWALLOWS_THE_REST.test(payload));
  const count = Math.max(tails.length, Math.ceil(body.length / BATCH));
  const size = Math.ceil(body.length / count);
  return Array.from({ length: count }, (_, i) => [
    ...body.slice(i * size, (i + 1) * size),
    ...(tails[i] === undefined ? [] : [tails[i]]),
  ]);
}

let server: Awaited<ReturnType<typeof startE2eServer>>;
let chrome: Awaited<ReturnType<typeof launchChromium>>;

beforeAll(async () => {
  server = await startE2eServer();
  chrome = await launchChromium();
});
afterAll(async () => {
  await chrome?.close();
  await server?.close();
});

function apiFor(getToken: () => string | null) {
  return createApiClient({
    baseUrl: server.origin,
    client: API_CLIENTS.console,
    getToken,
    getLocale: () => ({ site: 'th', language: 'en' }),
  });
}

/** A signed-in account made through the services and the API, as the login screen leaves it. */
async function signIn(email: string, role: 'BUYER' | 'PURCHASER') {
  const password = 'Xss-test-pass1';
  await createAccount({ db: server.db, clock: systemClock }, null, {
    email,
    password,
    name: 'XSS',
    role,
    site: 'th',
  });
  let token: string | null = null;
  const api = apiFor(() => token);
  const login = await api.auth.loginByPassword({ username: email, password });
  token = login.datas.access_token;
  return { api, token, routes: login.datas.routerInfoList };
}

/** What the page has seen of attempts to run script, counted from before the console loads. */
async function armTraps(page: Page, origin: string) {
  const hits: string[] = [];
  page.on('dialog', (dialog) => {
    hits.push(`dialog ${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame() && !frame.url().startsWith(`${origin}/cmp`))
      hits.push(`navigated to ${frame.url()}`);
  });
  page.on('popup', (popup) => hits.push(`opened a window: ${popup?.url()}`));
  // The console's CSP (script-src 'self') would stop inline handlers and javascript: URLs on its
  // own and hide a sanitiser that let them through: it is bypassed here, so what is measured is
  // the sanitising alone. (Parsing the payloads in DOMPurify's inert document makes Chrome report
  // refused handlers under CSP although nothing runs there; without CSP nothing is reported.)
  await page.setBypassCSP(true);
  await page.exposeFunction('__xssHit', (what: string) => {
    hits.push(what);
  });
  await page.evaluateOnNewDocument(() => {
    const report = (what: string) =>
      (window as unknown as { __xssHit(what: string): void }).__xssHit(what);
    for (const name of ['alert', 'confirm', 'prompt', 'print'] as const) {
      Object.defineProperty(window, name, {
        value: (...args: unknown[]) => report(`${name}(${args.map(String).join(', ')})`),
        writable: false,
        configurable: false,
      });
    }
  });
  return hits;
}

/** What the popup showed of one announcement, read in the page as it showed it. */
interface Shown {
  title: string;
  /** Whatever in it could run script: handlers, script URLs, active elements. */
  dangers: string[];
  /** Payloads whose following separator was parsed as markup. */
  markers: number;
}

/**
 * Pages through the popup's announcements in the page itself, one call for them all (a round trip
 * to Chromium per step of every page took most of the test): waits for each expected title,
 * reads what the announcement rendered, then clicks the pager's next button.
 */
function pageThrough(page: Page, titles: string[]): Promise<Shown[]> {
  return page.evaluate(async (expected) => {
    const titleOnScreen = () =>
      document.querySelector('[data-testid="announcement-title"]')?.textContent ?? null;
    const until = (want: string) =>
      new Promise<void>((resolve, reject) => {
        const deadline = Date.now() + 10_000;
        const check = () => {
          if (titleOnScreen() === want) resolve();
          else if (Date.now() > deadline)
            reject(new Error(`"${want}" not shown (shown: "${titleOnScreen()}")`));
          else setTimeout(check, 5);
        };
        check();
      });
    const active =
      'script,iframe,frame,object,embed,svg,math,style,form,input,button,meta,base,link,template,textarea,select,video,audio,source,applet,frameset';
    const shown: { title: string; dangers: string[]; markers: number }[] = [];
    for (const [index, title] of expected.entries()) {
      await until(title);
      const root = document.querySelector('.announcement-content');
      if (!root) throw new Error(`no content shown for "${title}"`);
      const found: string[] = [];
      for (const element of root.querySelectorAll(active)) found.push(`<${element.localName}>`);
      for (const element of [root, ...root.querySelectorAll('*')]) {
        for (const attribute of element.attributes) {
          const name = attribute.name.toLowerCase();
          const value = [...attribute.value]
            .filter((ch) => ch.charCodeAt(0) > 32)
            .join('')
            .toLowerCase();
          if (name.startsWith('on')) found.push(`${element.localName}[${name}]`);
          if (
            ['style', 'srcset', 'formaction', 'action', 'xlink:href', 'background'].includes(name)
          )
            found.push(`${element.localName}[${name}]`);
          const isUrl = ['href', 'src', 'cite', 'poster', 'data', 'background', 'action'].includes(
            name,
          );
          if (
            isUrl &&
            (/^(javascript|vbscript|livescript):/.test(value) ||
              /^data:(?!image\/(png|jpe?g|gif|webp);)/.test(value))
          )
            found.push(`${element.localName}[${name}=${attribute.value.slice(0, 60)}]`);
        }
      }
      for (const link of root.querySelectorAll('a[href]')) {
        if (
          link.getAttribute('rel') !== 'noopener noreferrer nofollow' ||
          link.getAttribute('target') !== '_blank'
        )
          found.push(`a without fixed rel/target: ${link.outerHTML.slice(0, 80)}`);
      }
      shown.push({
        title,
        dangers: found,
        markers: root.querySelectorAll('i[title="xss-sep"]').length,
      });
      if (index < expected.length - 1) {
        const next = document.querySelector<HTMLButtonElement>('[data-testid="announcement-next"]');
        if (!next || next.disabled) throw new Error(`no next announcement after "${title}"`);
        next.click();
      }
    }
    return shown;
  }, titles);
}

describe('announcement HTML against the XSS corpus', () => {
  it('runs no script from any payload, rendered in the console popup', async () => {
    expect(PAYLOADS.length).toBeGreaterThan(6000);

    // An operator publishes every payload through the save endpoint, a few hundred per announcement.
    const operator = await signIn('xss-operator@example.com', 'PURCHASER');
    const groups = corpusBatches();
    expect(groups.flat()).toHaveLength(PAYLOADS.length);
    const titles: string[] = [];
    for (const [index, group] of groups.entries()) {
      const title = `XSS corpus ${index + 1}/${groups.length}`;
      const saved = await operator.api.notices.save({
        language: 'en',
        title,
        content: group.map((payload) => payload + SEPARATOR).join(''),
        isPopup: true,
      });
      // Sanitised on save; what it became is checked where it matters, in the rendered page.
      expect(saved.datas.id).toBeGreaterThan(0);
      titles.push(title);
    }
    // The same payloads stored raw, as if the server's pass had failed: the browser's pass must hold.
    const now = new Date();
    for (const [index, group] of groups.entries()) {
      const title = `Raw XSS corpus ${index + 1}/${groups.length}`;
      await server.db.insert(announcements).values({
        language: 'en',
        title,
        content: group.map((payload) => payload + SEPARATOR).join(''),
        isPopup: true,
        showTime: new Date(now.getTime() + index),
        createdAt: now,
        updatedAt: now,
      });
      titles.push(title);
    }

    // A fresh seller, signed in, opens the console: the popup lists every unseen announcement.
    const seller = await signIn('xss-seller@example.com', 'BUYER');
    await seller.api.users.onboarding({ site: 'th', businessType: 'crossBorder' });
    const user = await seller.api.users.userInfo();
    expect(user.firstShowAnn).toBe(true);
    const expected = (await seller.api.notices.popups()).map((popup) => popup.title);
    expect(expected).toEqual(expect.arrayContaining(titles));

    const page = await chrome.browser.newPage();
    const hits = await armTraps(page, server.origin);
    await page.goto(`${server.origin}/cmp/login`);
    await chrome.browser.setCookie(
      { name: 'access_token', value: seller.token, domain: 'localhost', path: '/' },
      { name: 'cmp-language', value: 'en', domain: 'localhost', path: '/' },
    );
    await page.evaluate(
      (routes, info) =>
        localStorage.setItem(
          'cmp-session',
          JSON.stringify({ updatedAt: Date.now(), routes, user: info, onboarded: true }),
        ),
      seller.routes,
      await seller.api.users.userInfo(),
    );
    await page.goto(`${server.origin}/cmp/cmpDashboard`);

    // The traps work: an unsanitised handler in this page (CSP bypassed) is caught.
    await page.waitForSelector('[data-testid="announcement-title"]', { timeout: 30_000 });
    await page.evaluate(() => {
      const probe = document.createElement('div');
      probe.innerHTML = '<img src="data:," onerror="alert(\'control\')">';
      document.body.append(probe);
      setTimeout(() => probe.remove(), 1000);
    });
    await expect.poll(() => hits.length, { timeout: 5000 }).toBe(1);
    hits.length = 0;

    const titleOnScreen = () =>
      page.$eval('[data-testid="announcement-title"]', (element) => element.textContent ?? '');
    const problems: string[] = [];
    /** Payloads whose following separator was parsed as markup, per kind of announcement. */
    const isolated = { saved: 0, raw: 0 };
    const shown = await pageThrough(page, expected);
    expect(shown.map((one) => one.title)).toEqual(expected);
    for (const { title, dangers, markers } of shown) {
      for (const danger of dangers) problems.push(`${title}: ${danger}`);
      if (title.startsWith('XSS corpus')) isolated.saved += markers;
      if (title.startsWith('Raw XSS corpus')) isolated.raw += markers;
    }
    expect(await titleOnScreen()).toBe(expected.at(-1));
    // A handler that a failed image load or a timer could fire is already a problem found above;
    // anything that runs later still counts in the hits checked again after the reload below.

    expect(problems).toEqual([]);
    expect(hits).toEqual([]);
    // Every payload but the <plaintext> ones (which end their batch) was parsed on its own.
    const plaintext = PAYLOADS.filter((payload) => SWALLOWS_THE_REST.test(payload)).length;
    expect(isolated.saved).toBeGreaterThanOrEqual(PAYLOADS.length - plaintext);
    expect(isolated.raw).toBeGreaterThanOrEqual(PAYLOADS.length - plaintext);

    // Dismissed: marked seen for this account, never shown again.
    await page.click('[data-testid="announcement-dismiss"]');
    await page.waitForSelector('[data-testid="announcement-title"]', { hidden: true });
    await expect
      .poll(async () => (await seller.api.notices.popups()).length, { timeout: 10_000 })
      .toBe(0);
    const popupsAnswered = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/user-center/user/notice/popup',
      { timeout: 30_000 },
    );
    await page.reload();
    await page.waitForSelector('[data-testid="shell"]', { timeout: 30_000 });
    expect(await (await popupsAnswered).json()).toMatchObject({ resp_code: 0, datas: [] });
    // The answer drawn (a frame after it arrived): no popup.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))),
    );
    expect(await page.$('[data-testid="announcement-title"]')).toBeNull();
    expect(hits).toEqual([]);
    await page.close();
    // Thousands of payloads saved, sanitised and rendered: minutes on a loaded 2-core machine.
  }, 180_000);
});
