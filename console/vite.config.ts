import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The locale files as plain JSON next to the assets, under one content hash (cached for good,
 * replaced when any message changes), instead of a JS chunk per file and language: the page
 * fetches only the messages it needs and parses them as data. The build tells the i18n module
 * where they are through `__CMP_LOCALES__`; without it (tests, dev server, extension) the
 * messages load as modules.
 */
function localeFiles(base: string): Plugin {
  const root = here('../locales');
  const files = readdirSync(root).flatMap((language) =>
    readdirSync(join(root, language))
      .filter((name) => name.endsWith('.json'))
      .map((name) => ({
        path: `${language}/${name}`,
        json: JSON.stringify(JSON.parse(readFileSync(join(root, language, name), 'utf8'))),
      })),
  );
  const hash = createHash('sha256');
  for (const file of files.sort((a, b) => a.path.localeCompare(b.path))) {
    hash.update(file.path).update(file.json);
  }
  const folder = `assets/locales/${hash.digest('hex').slice(0, 12)}`;
  return {
    name: 'cmp-locale-files',
    apply: 'build',
    config: () => ({ define: { __CMP_LOCALES__: JSON.stringify(`${base}${folder}`) } }),
    generateBundle() {
      for (const file of files) {
        this.emitFile({ type: 'asset', fileName: `${folder}/${file.path}`, source: file.json });
      }
    },
  };
}

/**
 * Each icon imported from its own module: the build reads the icons the console uses instead of
 * parsing the package's index of every icon (the source keeps the typed named imports).
 */
function iconsPerIcon(): Plugin {
  const barrel = /import\s*\{([^}]*)\}\s*from\s*['"]@tabler\/icons-react['"];?/g;
  return {
    name: 'cmp-icons-per-icon',
    transform: {
      filter: { id: /\.tsx?$/, code: '@tabler/icons-react' },
      handler(code) {
        const rewritten = code.replace(barrel, (whole, names: string) => {
          const imports = names
            .split(',')
            .map((name) => name.trim())
            .filter(Boolean);
          if (imports.some((name) => !/^Icon\w+(\s+as\s+\w+)?$/.test(name))) return whole;
          return imports
            .map((name) => {
              const [icon, local = icon] = name.split(/\s+as\s+/);
              return `import ${local} from '@tabler/icons-react/dist/esm/icons/${icon}.mjs';`;
            })
            .join('\n');
        });
        return rewritten === code ? null : { code: rewritten, map: null };
      },
    },
  };
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const PRECOMPRESSED = /\.(js|mjs|css|json|svg|txt)$/;

/**
 * Brotli (best) and gzip (best) beside every text asset of 1 KB or more, made once here so the
 * server never compresses a file on a request (server/static.ts picks one by Accept-Encoding).
 */
function precompress(): Plugin {
  return {
    name: 'cmp-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? here('../dist/console');
      const names = Object.keys(bundle).filter((name) => PRECOMPRESSED.test(name));
      await Promise.all(
        names.map(async (name) => {
          const path = join(dir, name);
          const body = await readFile(path);
          if (body.length < 1024) return;
          const [br, gz] = await Promise.all([
            brotli(body, {
              params: {
                [zlib.BROTLI_PARAM_QUALITY]: 11,
                [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
                [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
              },
            }),
            gzipAsync(body, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
        }),
      );
    },
  };
}

const modulePath = (id: string) => id.replaceAll('\\', '/');

/** The route group (feature) a module of the console belongs to, for its lazily loaded chunk. */
function routeGroup(id: string): string | null {
  const path = modulePath(id);
  if (path.includes('/node_modules/')) return null;
  // Every component's styles, loaded after the first paint: a chunk of their own.
  if (path.endsWith('/console/app/full-styles.ts')) return null;
  const feature = /\/console\/features\/([^/]+)\//.exec(path)?.[1];
  if (feature) return `route-${feature}`;
  if (path.includes('/console/layout/')) return 'shell';
  return path.includes('/console/') || path.includes('/shared/') ? 'console' : null;
}

/** Libraries loaded later, apart from the ones with a chunk of their own. */
const lazyLibrary = (id: string) =>
  /\/node_modules\/.*\.m?js$/.test(modulePath(id)) &&
  !/\/node_modules\/pinyin-pro\//.test(modulePath(id));

/** The console: its own Vite root, served by the API server under /cmp/. */
export default defineConfig({
  root: here('.'),
  base: '/cmp/',
  plugins: [react(), iconsPerIcon(), localeFiles('/cmp/'), precompress()],
  resolve: {
    alias: {
      '@shared': here('../shared'),
      '@locales': here('../locales'),
    },
  },
  build: {
    outDir: here('../dist/console'),
    emptyOutDir: true,
    // The 360 browser can lag Chrome; keep syntax it runs.
    target: ['chrome100', 'edge100', 'firefox100', 'safari15'],
    // Every target above has <link rel="modulepreload">; the polyfill would be dead weight.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Everything the first screen imports statically goes in one chunk: dozens of small
        // shared pieces would each cost a request and their own compression. What loads later is
        // grouped by what loads together: libraries, Mantine's lazy parts, the icons in use, the
        // shell, and one chunk per route group (feature).
        codeSplitting: {
          groups: [
            { name: 'boot', tags: ['$initial'], priority: 100 },
            { name: 'icons', test: /[\\/]node_modules[\\/]@tabler[\\/]/, priority: 50 },
            {
              name: 'charts',
              test: /[\\/]node_modules[\\/](@mantine[\\/]charts|recharts)[\\/]/,
              priority: 40,
            },
            // Mantine's style sheets stay with the module that loads them (app/full-styles.ts).
            {
              name: 'mantine',
              test: (id) => /[\\/]node_modules[\\/]@mantine[\\/].*\.m?js$/.test(id),
              priority: 30,
            },
            { name: 'vendor', test: lazyLibrary, priority: 20 },
            { name: routeGroup, priority: 10 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '^/(api-|downloads/)': 'http://localhost:8080' },
  },
});
