import { fileURLToPath } from 'node:url';
import { defineConfig } from 'wxt';
import { DESCRIPTION_HOSTS, hostPatterns } from './extension/hosts';
import { matchPatternsOf, SOURCE_SITE_HOSTS } from './shared/contracts/source-sites';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** The console (and API) the extension works with; e2e builds point it at their own server. */
const consoleOrigin = new URL(process.env.WXT_CONSOLE_ORIGIN ?? 'http://localhost:8080').origin;

/** Every source site's pages: the collector's content scripts run there and the background reads them. */
const sourcePages = hostPatterns(Object.values(SOURCE_SITE_HOSTS).flat());
/** The same pages over https alone: where the in-page panel may be framed. */
const httpsSourcePages = sourcePages.map((pattern) => pattern.replace(/^\*:/, 'https:'));
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
  manifest: ({ browser }) => ({
    name: '__MSG_extName__',
    description: '__MSG_extDescription__',
    default_locale: 'en',
    // tabs: the bulk queue opens, reads and closes product pages, and finds console tabs;
    // alarms: it wakes a stopped background when the next page is due. (WXT adds sidePanel
    // where the side panel is Chrome's; Firefox gets it as its sidebar.)
    permissions: ['storage', 'tabs', 'alarms'],
    host_permissions: [`${consoleOrigin}/*`, ...new Set([...sourcePages, ...descriptionPages])],
    action: { default_title: '__MSG_extName__' },
    // The extension's own pages (popup, side panel, background) run only their packaged scripts,
    // embed no plug-in, take no <base> and send no form anywhere. Which pages may frame the side
    // panel is left to web_accessible_resources. (WXT writes it as Manifest V2's string for Firefox.)
    content_security_policy: {
      extension_pages: "script-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'",
    },
    web_accessible_resources: [
      // The in-page panel (browsers without a side panel) loads the side panel page in a frame,
      // on the source sites over https only (the page itself refuses any other framing).
      { resources: ['sidepanel.html', 'chunks/*', 'assets/*'], matches: httpsSourcePages },
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
    ...(browser === 'firefox' && {
      browser_specific_settings: {
        gecko: {
          id: 'collector@seller-center.local',
          // What the collector hands the seller's console: the product pages it reads.
          data_collection_permissions: { required: ['websiteContent'] },
        },
      },
    }),
  }),
  zip: {
    artifactTemplate: 'extension.zip',
    // Firefox builds also zip the sources the extension is built from (for the add-on review):
    // the extension's own folders, shared/, the locales and the build configuration.
    sourcesTemplate: 'extension-sources.zip',
    excludeSources: [
      'dist/**',
      'server/**',
      'console/**',
      'tests/**',
      '.data/**',
      '.tmp/**',
      '.bench/**',
      '.test-results/**',
      '.ci/**',
      '.output*/**',
      'vitest.config.ts',
      'tsconfig.{server,console,tests}.json',
    ],
  },
  vite: ({ browser }) => ({
    define: { 'import.meta.env.WXT_CONSOLE_ORIGIN': JSON.stringify(consoleOrigin) },
    // 360 browser runs Chromium 100 (APIs newer than that are feature-checked where they are used).
    build: { target: browser === 'firefox' ? ['firefox115'] : ['chrome100'] },
  }),
  hooks: {
    // The server offers extension.zip, the Chrome and 360 build; a Firefox build zips beside it.
    'config:resolved': (wxt) => {
      if (wxt.config.browser === 'firefox')
        wxt.config.zip.artifactTemplate = 'extension-firefox.zip';
    },
    // The bridge runs only on the console's origin, which is known at build time, not in source.
    'build:manifestGenerated': (_wxt, manifest) => {
      for (const script of manifest.content_scripts ?? []) {
        if (script.js?.some((file) => file.includes('content-scripts/console'))) {
          script.matches = [`${consoleOrigin}/*`];
        }
      }
      // Manifest V2 (Firefox) has no `world`: the collector puts the page-world scripts into the
      // page itself, as it does wherever the browser ignores `world: MAIN`.
      if (manifest.manifest_version === 2) {
        manifest.content_scripts = manifest.content_scripts?.filter(
          (script) => (script as { world?: string }).world !== 'MAIN',
        );
      }
    },
  },
});
