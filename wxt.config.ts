import { fileURLToPath } from 'node:url';
import { defineConfig } from 'wxt';
import { DESCRIPTION_HOSTS, hostPatterns } from './extension/hosts';
import { matchPatternsOf, SOURCE_SITE_HOSTS } from './shared/contracts/source-sites';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** The console (and API) the extension works with; e2e builds point it at their own server. */
const consoleOrigin = new URL(process.env.WXT_CONSOLE_ORIGIN ?? 'http://localhost:8080').origin;

/** Every source site's pages: the collector's content scripts run there and the background reads them. */
const sourcePages = hostPatterns(Object.values(SOURCE_SITE_HOSTS).flat());
/** The hosts the lazy descriptions of AliExpress and 1688 come from. */
const descriptionPages = hostPatterns(DESCRIPTION_HOSTS);

export default defineConfig({
  // wxt/browser is webextension-polyfill: every extension API answers promises, the same in
  // Chrome, 360 browser and Firefox.
  modules: ['@wxt-dev/module-react', '@wxt-dev/webextension-polyfill'],
  imports: false,
  alias: {
    '@shared': here('./shared'),
    '@extension': here('./extension'),
    '@locales': here('./locales'),
  },
  // A separate folder lets the e2e build (pointed at the test server) sit beside the normal one.
  outDir: process.env.WXT_OUT_DIR ?? '.output',
  manifest: {
    name: '__MSG_extName__',
    description: '__MSG_extDescription__',
    default_locale: 'en',
    // tabs: the bulk queue opens, reads and closes product pages, and finds console tabs;
    // alarms: it wakes a stopped background when the next page is due.
    permissions: ['storage', 'sidePanel', 'tabs', 'alarms'],
    host_permissions: [`${consoleOrigin}/*`, ...new Set([...sourcePages, ...descriptionPages])],
    action: { default_title: '__MSG_extName__' },
    web_accessible_resources: [
      // The in-page panel (browsers without a side panel) loads the side panel page in a frame.
      { resources: ['sidepanel.html', 'chunks/*', 'assets/*'], matches: sourcePages },
      // Where the browser ignores `world: MAIN`, the collector puts these into the page itself.
      {
        resources: ['content-scripts/shopee-capture.js'],
        matches: matchPatternsOf('shopee'),
      },
      {
        resources: ['content-scripts/aliexpress-capture.js'],
        matches: matchPatternsOf('aliexpress'),
      },
    ],
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
