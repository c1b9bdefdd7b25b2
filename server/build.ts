/**
 * `npm run build:server`: the server compiled once, at build time, into dist/server (one ES
 * module; packages stay in node_modules, the migrations are copied beside it), so `npm start`
 * runs JavaScript without a TypeScript transform at start.
 */
import { cp, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const outDir = here('../dist/server');

const started = performance.now();
await rm(outDir, { recursive: true, force: true });
await build({
  configFile: false,
  publicDir: false,
  logLevel: 'warn',
  resolve: {
    alias: { '@shared': here('../shared'), '@locales': here('../locales') },
  },
  build: {
    ssr: here('index.ts'),
    outDir,
    emptyOutDir: true,
    target: 'node22',
    minify: false,
    sourcemap: true,
    reportCompressedSize: false,
    rolldownOptions: { output: { entryFileNames: 'index.js', codeSplitting: false } },
  },
});
await cp(here('db/migrations'), `${outDir}/migrations`, { recursive: true });
process.stdout.write(
  `server built into dist/server in ${Math.round(performance.now() - started)} ms\n`,
);
