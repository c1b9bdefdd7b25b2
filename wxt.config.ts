import { fileURLToPath } from 'node:url';
import { defineConfig } from 'wxt';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** The console (and API) the extension works with; e2e builds point it at their own server. */
const consoleOrigin = new URL(process.env.WXT_CONSOLE_ORIGIN ?? 'http://localhost:8080').origin;

export default defineConfig({
  modules: ['@wxt-dev/module-react'],
  imports: false,
  alias: {
    '@shared': here('./shared'),
    '@locales': here('./locales'),
  },
  // A separate folder lets the e2e build (pointed at the test server) sit beside the normal one.
  outDir: process.env.WXT_OUT_DIR ?? '.output',
  manifest: {
    name: '__MSG_extName__',
    description: '__MSG_extDescription__',
    default_locale: 'en',
    permissions: ['storage', 'sidePanel'],
    host_permissions: [`${consoleOrigin}/*`],
    action: { default_title: '__MSG_extName__' },
  },
  zip: { artifactTemplate: 'extension.zip' },
  vite: () => ({
    define: { 'import.meta.env.WXT_CONSOLE_ORIGIN': JSON.stringify(consoleOrigin) },
    build: { target: ['chrome100'] },
  }),
  hooks: {
    // The bridge runs only on the console's origin, which is known at build time, not in source.
    'build:manifestGenerated': (_wxt, manifest) => {
      for (const script of manifest.content_scripts ?? []) {
        if (script.js?.some((file) => file.includes('content-scripts/console'))) {
          script.matches = [`${consoleOrigin}/*`];
        }
      }
    },
  },
});
