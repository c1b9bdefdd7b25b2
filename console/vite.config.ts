import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** The console: its own Vite root, served by the API server under /cmp/. */
export default defineConfig({
  root: here('.'),
  base: '/cmp/',
  plugins: [react()],
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
  },
  server: {
    port: 5173,
    proxy: { '^/(api-|downloads/)': 'http://localhost:8080' },
  },
});
