import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
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

/** The console: its own Vite root, served by the API server under /cmp/. */
export default defineConfig({
  root: here('.'),
  base: '/cmp/',
  plugins: [react(), localeFiles('/cmp/')],
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
        // shared pieces would each cost a request and their own compression.
        codeSplitting: { groups: [{ name: 'boot', tags: ['$initial'] }] },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '^/(api-|downloads/)': 'http://localhost:8080' },
  },
});
