/**
 * `npm run build:prerender` (the last step of `npm run build`): the login screen as the built
 * console draws it, in each language, with and without the third-party sign-ins, saved as markup
 * in dist/console/prerender/login.json. The server writes the matching one into index.html
 * (server/static.ts): the screen paints with the HTML and its styles, before any JS has run, and
 * the console replaces it when it draws the same screen. Needs Chromium (CHROMIUM_PATH, else
 * /usr/bin/chromium); without it the step is skipped and the login screen paints after its JS.
 */
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { LANGUAGES } from '@shared/contracts/languages';
import { Hono } from 'hono';
import puppeteer from 'puppeteer-core';
import type { AppEnv } from './context';
import { mountStatic, PRERENDER_FILE, type Prerendered, prerenderKey } from './static';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const consoleDir = here('../dist/console');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Markup that shows and does nothing: no form to submit, no field names or test ids for a script or
 * a test to find, no submit buttons; the server wraps it in an inert element.
 */
function still(html: string): string {
  return html
    .replace(/<form\b/g, '<div')
    .replace(/<\/form>/g, '</div>')
    .replace(/\s(name|data-testid|autofocus|autocomplete)="[^"]*"/g, '')
    .replace(/\stype="submit"/g, ' type="button"');
}

async function main() {
  if (!existsSync(`${consoleDir}/index.html`)) {
    process.stdout.write('prerender: no console build (npm run build:console first)\n');
    process.exitCode = 1;
    return;
  }
  if (!existsSync(chromium)) {
    process.stdout.write(`prerender: skipped, no Chromium at ${chromium}\n`);
    return;
  }
  const started = performance.now();
  const variants = [[], ['wechat']] as const;
  const shots: Record<string, Prerendered> = {};
  const browser = await puppeteer.launch({
    executablePath: chromium,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    for (const thirdParty of variants) {
      const app = new Hono<AppEnv>();
      mountStatic(app, {
        consoleDir,
        boot: { thirdParty: [...thirdParty], mainSite: null },
        prerender: false,
      });
      const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
      await new Promise((resolve) => server.once('listening', resolve));
      const address = server.address();
      const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      try {
        for (const language of LANGUAGES) {
          const context = await browser.createBrowserContext();
          const page = await context.newPage();
          await page.setViewport({ width: 1366, height: 768 });
          await page.setCookie({ name: 'cmp-language', value: language, url: origin });
          await page.goto(`${origin}/cmp/login`);
          await page.waitForSelector('button[type="submit"]');
          // A page script (the server's types know no DOM).
          const drawn = (await page.evaluate(`(() => {
            // A list's choice is a property; the markup keeps it as an attribute.
            for (const select of document.querySelectorAll('select'))
              select.options[select.selectedIndex]?.setAttribute('selected', '');
            return {
            html: document.getElementById('root')?.innerHTML ?? '',
            styles: [...document.head.querySelectorAll('style')].map((style) => style.outerHTML),
            scheme: document.documentElement.getAttribute('data-mantine-color-scheme'),
          };
          })()`)) as { html: string; styles: string[]; scheme: string | null };
          shots[prerenderKey(language, [...thirdParty])] = {
            html: still(drawn.html),
            styles: drawn.styles.join(''),
            ...(drawn.scheme ? { colorScheme: drawn.scheme } : {}),
          };
          await context.close();
        }
      } finally {
        server.close();
      }
    }
  } finally {
    await browser.close();
  }
  await mkdir(`${consoleDir}/prerender`, { recursive: true });
  await writeFile(`${consoleDir}/${PRERENDER_FILE}`, JSON.stringify(shots));
  process.stdout.write(
    `prerender: login in ${Object.keys(shots).length} variants in ${Math.round(performance.now() - started)} ms\n`,
  );
}

await main();
