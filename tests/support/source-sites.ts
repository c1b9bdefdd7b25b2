import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import type { SourceSite } from '@shared/contracts/product-draft';
import { type Expectation, expectationsOf } from '../shared/sites/expectation';

const FIXTURES = join(process.cwd(), 'tests/fixtures/sites');

/** A saved page and the address it is served at (its expectation's, over http). */
export interface SitePage {
  site: SourceSite;
  file: string;
  expectation: Expectation;
  /** http://<the site's host>/<path>: Chromium maps the host to the fixture server. */
  url: string;
}

export async function sitePage(site: SourceSite, file: string): Promise<SitePage> {
  const expectation = (await expectationsOf(site))[file];
  if (!expectation) throw new Error(`no expectation for ${site}/${file}`);
  const url = new URL(expectation.url);
  url.protocol = 'http:';
  return { site, file, expectation, url: url.href };
}

const NONCE = 'fixture-page';

/**
 * The page a saved file stands for, as the browser gets it. An HTML file is served as saved; a
 * payload the page had in a script assignment is put back into a script; a payload the page
 * received from its own API is served at that API's address, and the page asks for it the way the
 * site's app does (the saved pages carry none of the sites' own scripts).
 */
function pageHtml(page: SitePage): string {
  const text = readFileSync(join(FIXTURES, page.site, page.file), 'utf8');
  const load = page.expectation.load;
  if (load && 'script' in load)
    return `<!doctype html><html><head><script>${load.script}${text};</script></head><body></body></html>`;
  if (load && 'captured' in load) {
    const api = new URL(load.captured);
    return `<!doctype html><html><head><meta charset="utf-8"><title>…</title></head><body><div id="main"></div><script nonce="${NONCE}">fetch(${JSON.stringify(`${api.pathname}${api.search}`)}).then((r) => r.json()).then(() => { document.title = 'loaded'; });</script></body></html>`;
  }
  return text;
}

/**
 * Serves saved pages at their sites' addresses. The pages' own inline scripts do not run (a
 * content security policy lets only the stand-in app request through), so a saved page cannot
 * navigate away or reach for the network; content scripts still read everything.
 */
export async function startSourceSitesServer(pages: SitePage[]) {
  const routes = new Map<string, { type: string; body: string }>();
  const key = (host: string, pathWithQuery: string) => `${host}${pathWithQuery}`;
  for (const page of pages) {
    const url = new URL(page.url);
    routes.set(key(url.host, `${url.pathname}${url.search}`), {
      type: 'text/html; charset=utf-8',
      body: pageHtml(page),
    });
    const load = page.expectation.load;
    if (load && 'captured' in load) {
      const api = new URL(load.captured);
      routes.set(key(url.host, `${api.pathname}${api.search}`), {
        type: 'application/json',
        body: readFileSync(join(FIXTURES, page.site, page.file), 'utf8'),
      });
    }
  }
  const hits: string[] = [];
  const server: Server = createServer((request, response) => {
    const target = key(request.headers.host ?? '', request.url ?? '/');
    hits.push(target);
    const route = routes.get(target);
    if (!route) {
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('not found');
      return;
    }
    response.writeHead(200, {
      'content-type': route.type,
      'content-security-policy': `script-src 'nonce-${NONCE}'`,
      'cache-control': 'no-store',
    });
    response.end(route.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('no port');
  const hosts = [...new Set(pages.map((page) => new URL(page.url).hostname))];
  return {
    port: address.port,
    hits,
    /** Chromium's --host-resolver-rules: the sites' hosts here, every other host nowhere. */
    hostRules: [
      ...hosts.map((host) => `MAP ${host} 127.0.0.1:${address.port}`),
      'MAP * ~NOTFOUND',
      'EXCLUDE localhost',
      'EXCLUDE 127.0.0.1',
    ].join(', '),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
