import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import { Readable } from 'node:stream';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import {
  BOOT_CONFIG_ELEMENT_ID,
  type BootConfig,
  FIRST_SCREEN_MESSAGES_ELEMENT_ID,
  firstScreenNamespaces,
} from '@shared/contracts/boot';
import { type Language, parseAcceptLanguage, parseLanguage } from '@shared/contracts/languages';
import { isSiteCode, SITE_LANGUAGES } from '@shared/contracts/site-codes';
import type { Context, Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import type { AppEnv } from './context';
import { acceptedEncodings, type Encoding } from './lib/encoding';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.zip': 'application/zip',
};

/** The login screen as the build drew it (server/prerender.ts), by language and third-party sign-ins. */
export const PRERENDER_FILE = 'prerender/login.json';
export interface Prerendered {
  /** The screen's markup, made still (no form, names or ids), for inside #root. */
  html: string;
  /** The style elements the screen's components put in the head. */
  styles: string;
  /** The colour scheme Mantine marked the document with (its styles select on it). */
  colorScheme?: string;
}
export const prerenderKey = (language: string, thirdParty: readonly string[]) =>
  `${language}:${[...thirdParty].sort().join(',')}`;

/** Files the build compresses beside themselves (`name.br`, `name.gz`), and index.html here. */
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.txt']);
const IMMUTABLE = 'public, max-age=31536000, immutable';
const QUICK_BROTLI = { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } };

/** One file of the built console, in memory with its precompressed forms. */
interface StaticFile {
  type: string;
  body: Uint8Array;
  br?: Uint8Array;
  gzip?: Uint8Array;
  etag: string;
}

const etagOf = (body: Uint8Array) =>
  `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;

async function walk(root: string, dir = root): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return walk(root, path);
      return entry.isFile() ? [relative(root, path).split(sep).join('/')] : [];
    }),
  );
  return nested.flat();
}

/** Every file of the built console, read once; the build's `.br` and `.gz` become their variants. */
async function loadConsole(root: string): Promise<Map<string, StaticFile> | null> {
  const paths = await walk(root).catch(() => null);
  if (!paths?.includes('index.html')) return null;
  const present = new Set(paths);
  const files = new Map<string, StaticFile>();
  await Promise.all(
    paths
      .filter((path) => !/\.(br|gz)$/.test(path) || !present.has(path.replace(/\.(br|gz)$/, '')))
      .map(async (path) => {
        const [body, br, gzip] = await Promise.all([
          readFile(join(root, path)),
          present.has(`${path}.br`) ? readFile(join(root, `${path}.br`)) : undefined,
          present.has(`${path}.gz`) ? readFile(join(root, `${path}.gz`)) : undefined,
        ]);
        // A build without them (or an older one) still goes out compressed: made once, here.
        const late = !br && !gzip && body.length >= 1024 && COMPRESSIBLE.has(extname(path));
        files.set(path, {
          type: TYPES[extname(path)] ?? 'application/octet-stream',
          body,
          ...(br ? { br } : late ? { br: brotliCompressSync(body, QUICK_BROTLI) } : {}),
          ...(gzip ? { gzip } : late ? { gzip: gzipSync(body, { level: 6 }) } : {}),
          etag: etagOf(body),
        });
      }),
  );
  return files;
}

/** Brotli and gzip of a page made here (index.html with its boot data), each at its best. */
function compressed(type: string, text: string): StaticFile {
  const body = Buffer.from(text);
  return {
    type,
    body,
    br: brotliCompressSync(body, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: 11,
        [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
        [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
      },
    }),
    gzip: gzipSync(body, { level: 9 }),
    etag: etagOf(body),
  };
}

/** JSON for a `<script type="application/json">`: `<` escaped so it cannot close the tag. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The language the console will pick (console/platform/preferences.ts): the cmp-language cookie,
 * then the chosen site's language, then the browser's (Accept-Language), then English.
 */
function pageLanguage(c: Context<AppEnv>): Language {
  const fromCookie = parseLanguage(getCookie(c, 'cmp-language'));
  if (fromCookie) return fromCookie;
  const site = c.req.query('site') ?? getCookie(c, 'cmp-site');
  if (isSiteCode(site)) return SITE_LANGUAGES[site];
  return parseAcceptLanguage(c.req.header('accept-language')) ?? 'en';
}

function send(
  c: Context<AppEnv>,
  file: StaticFile,
  cacheControl: string,
  vary: string | null = null,
): Response {
  const headers: Record<string, string> = {
    'content-type': file.type,
    'cache-control': cacheControl,
    etag: file.etag,
  };
  const compressible = file.br !== undefined || file.gzip !== undefined;
  const varies = [compressible ? 'Accept-Encoding' : null, vary].filter(Boolean).join(', ');
  if (varies) headers.vary = varies;
  if (c.req.header('if-none-match') === file.etag) return c.body(null, 304, headers);
  let body = file.body;
  if (compressible) {
    const accepted = acceptedEncodings(c.req.header('accept-encoding'));
    const encoding: Encoding | null =
      accepted.br && file.br ? 'br' : accepted.gzip && file.gzip ? 'gzip' : null;
    if (encoding) {
      body = encoding === 'br' ? (file.br as Uint8Array) : (file.gzip as Uint8Array);
      headers['content-encoding'] = encoding;
    }
  }
  headers['content-length'] = String(body.byteLength);
  return c.body(body as Uint8Array<ArrayBuffer>, 200, headers);
}

const NOT_BUILT = `<!doctype html><meta charset="utf-8"><title>Console not built</title>
<p>The console has not been built yet. Run <code>npm run build</code> (or <code>npm start</code>) and reload.</p>`;

async function fileSize(path: string): Promise<number | null> {
  try {
    const info = await stat(path);
    return info.isFile() ? info.size : null;
  } catch {
    return null;
  }
}

/**
 * Serves the built console under /cmp/ as a production host would: every file read into memory
 * once, with the brotli and gzip forms the build made chosen by Accept-Encoding; hashed assets
 * cached for a year, everything else falls back to index.html (history-mode routes), never
 * cached, with the boot settings and the first screen's words in the reader's language written
 * into it, so the first screen renders after one round of JS. Also redirects / to /cmp/ and
 * offers the zipped extension for download.
 */
export function mountStatic(
  app: Hono<AppEnv>,
  options: {
    consoleDir?: string | undefined;
    extensionZip?: string | undefined;
    boot: BootConfig;
    /** Write the prerendered login screen into its page (default true; the prerender itself says no). */
    prerender?: boolean;
  },
) {
  // Read on the first request (a build that lands after the server started is found then); kept.
  let files: Promise<Map<string, StaticFile> | null> | null = null;
  const consoleFiles = () => {
    const root = options.consoleDir;
    if (!root) return Promise.resolve(null);
    files ??= loadConsole(root).then((loaded) => {
      if (!loaded) files = null;
      return loaded;
    });
    return files;
  };
  /** index.html per language and screen, made once each. */
  const pages = new Map<string, StaticFile>();
  const page = (loaded: Map<string, StaticFile>, language: Language, path: string) => {
    const namespaces = firstScreenNamespaces(path);
    const still =
      path === '/login' && options.prerender !== false
        ? prerendered(loaded)?.[prerenderKey(language, options.boot.thirdParty)]
        : undefined;
    // Past the login screen, the console waits for every component's styles before it draws
    // (console/app/styles.ts): the page names the sheet so it comes beside the boot script.
    const fullStyles =
      path === '/login'
        ? undefined
        : [...loaded.keys()].find((name) => /^assets\/full-styles-[\w-]+\.css$/.test(name));
    const key = `${language}:${namespaces.join(',')}:${still ? 'still' : ''}:${fullStyles ?? ''}`;
    const made = pages.get(key);
    if (made) return made;
    const index = loaded.get('index.html');
    if (!index) return null;
    const folder = [...loaded.keys()]
      .find(
        (path) => path.startsWith('assets/locales/') && path.endsWith(`/${language}/common.json`),
      )
      ?.slice(0, -'common.json'.length);
    const resources: Record<string, unknown> = {};
    for (const namespace of namespaces) {
      const file = folder ? loaded.get(`${folder}${namespace}.json`) : undefined;
      if (file) resources[namespace] = JSON.parse(Buffer.from(file.body).toString('utf8'));
    }
    const head =
      (fullStyles ? `<link rel="preload" as="style" href="/cmp/${fullStyles}">` : '') +
      `<script type="application/json" id="${BOOT_CONFIG_ELEMENT_ID}">${scriptJson(options.boot)}</script>` +
      `<script type="application/json" id="${FIRST_SCREEN_MESSAGES_ELEMENT_ID}">${scriptJson({ language, resources })}</script>`;
    let html = Buffer.from(index.body)
      .toString('utf8')
      .replace(
        '<html lang="en">',
        still?.colorScheme && /^[a-z]+$/.test(still.colorScheme)
          ? `<html lang="${language}" data-mantine-color-scheme="${still.colorScheme}">`
          : `<html lang="${language}">`,
      )
      .replace('</head>', `${still?.styles ?? ''}${head}</head>`);
    // The login screen as the build drew it: painted with the HTML, replaced by the console's own.
    if (still)
      html = html.replace(
        '<div id="root"></div>',
        `<div id="root"><div inert aria-hidden="true" data-prerendered="">${still.html}</div></div>`,
      );
    const built = compressed(index.type, html);
    pages.set(key, built);
    return built;
  };

  let stills: Record<string, Prerendered> | null | undefined;
  const prerendered = (loaded: Map<string, StaticFile>) => {
    if (stills !== undefined) return stills;
    const file = loaded.get(PRERENDER_FILE);
    try {
      stills = file ? (JSON.parse(Buffer.from(file.body).toString('utf8')) as typeof stills) : null;
    } catch {
      stills = null;
    }
    return stills;
  };

  app.get('/', (c) => c.redirect('/cmp/'));
  app.get('/cmp', (c) => c.redirect('/cmp/'));

  app.get('/cmp/*', async (c) => {
    const loaded = await consoleFiles();
    if (!loaded) return c.html(NOT_BUILT, 503);
    let relativePath: string;
    try {
      relativePath = decodeURIComponent(c.req.path.slice('/cmp/'.length));
    } catch {
      return c.text('Not found', 404);
    }
    const file = relativePath === 'index.html' ? undefined : loaded.get(relativePath);
    if (file) return send(c, file, relativePath.startsWith('assets/') ? IMMUTABLE : 'no-cache');
    // A missing asset is a 404, not the page: a stale chunk must fail loudly, not parse HTML as JS.
    if (extname(relativePath) && relativePath !== 'index.html') return c.text('Not found', 404);
    const index = page(
      loaded,
      pageLanguage(c),
      `/${relativePath.replace(/(^|\/)index\.html$|\/+$/, '')}`,
    );
    if (!index) return c.html(NOT_BUILT, 503);
    return send(c, index, 'no-cache', 'Accept-Language, Cookie');
  });

  app.get('/downloads/extension.zip', async (c) => {
    const zip = options.extensionZip;
    const size = zip ? await fileSize(zip) : null;
    if (!zip || size === null)
      return c.text('The extension has not been built yet (npm run build).', 404);
    const body = Readable.toWeb(createReadStream(zip)) as ReadableStream;
    return c.body(body, 200, {
      'content-type': 'application/zip',
      'content-length': String(size),
      'cache-control': 'no-cache',
      'content-disposition': 'attachment; filename="cmp-collector-extension.zip"',
    });
  });
}
