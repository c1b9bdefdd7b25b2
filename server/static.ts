import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { Readable } from 'node:stream';
import { BOOT_CONFIG_ELEMENT_ID, type BootConfig } from '@shared/contracts/boot';
import type { Context, Hono } from 'hono';
import type { AppEnv } from './context';

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

async function fileSize(path: string): Promise<number | null> {
  try {
    const info = await stat(path);
    return info.isFile() ? info.size : null;
  } catch {
    return null;
  }
}

function sendFile(c: Context<AppEnv>, path: string, size: number, cacheControl: string) {
  const body = Readable.toWeb(createReadStream(path)) as ReadableStream;
  return c.body(body, 200, {
    'content-type': TYPES[extname(path)] ?? 'application/octet-stream',
    'content-length': String(size),
    'cache-control': cacheControl,
  });
}

const NOT_BUILT = `<!doctype html><meta charset="utf-8"><title>Console not built</title>
<p>The console has not been built yet. Run <code>npm run build</code> (or <code>npm start</code>) and reload.</p>`;

/** index.html with the boot config written into its head (JSON, with `<` escaped so it cannot close the tag). */
async function indexWithBoot(path: string, boot: BootConfig): Promise<string | null> {
  try {
    const html = await readFile(path, 'utf8');
    const json = JSON.stringify(boot).replace(/</g, '\\u003c');
    return html.replace(
      '</head>',
      `<script type="application/json" id="${BOOT_CONFIG_ELEMENT_ID}">${json}</script></head>`,
    );
  } catch {
    return null;
  }
}

/**
 * Serves the built console under /cmp/ (hashed assets cached for a year, everything else falls
 * back to index.html so that history-mode routes load), redirects / to /cmp/, and offers the
 * zipped extension for download.
 */
export function mountStatic(
  app: Hono<AppEnv>,
  options: { consoleDir?: string | undefined; extensionZip?: string | undefined; boot: BootConfig },
) {
  app.get('/', (c) => c.redirect('/cmp/'));
  app.get('/cmp', (c) => c.redirect('/cmp/'));

  app.get('/cmp/*', async (c) => {
    const root = options.consoleDir;
    if (!root) return c.html(NOT_BUILT, 503);
    const relative = decodeURIComponent(c.req.path.slice('/cmp/'.length));
    const candidate = normalize(join(root, relative));
    if (relative && candidate.startsWith(root + sep)) {
      const size = await fileSize(candidate);
      if (size !== null) {
        const immutable = relative.startsWith('assets/');
        return sendFile(
          c,
          candidate,
          size,
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      }
      // A missing asset is a 404, not the page: a stale chunk must fail loudly, not parse HTML as JS.
      if (extname(relative)) return c.text('Not found', 404);
    }
    const index = await indexWithBoot(join(root, 'index.html'), options.boot);
    if (index === null) return c.html(NOT_BUILT, 503);
    c.header('cache-control', 'no-cache');
    return c.html(index);
  });

  app.get('/downloads/extension.zip', async (c) => {
    const zip = options.extensionZip;
    const size = zip ? await fileSize(zip) : null;
    if (!zip || size === null)
      return c.text('The extension has not been built yet (npm run build).', 404);
    c.header('content-disposition', 'attachment; filename="cmp-collector-extension.zip"');
    return sendFile(c, zip, size, 'no-cache');
  });
}
