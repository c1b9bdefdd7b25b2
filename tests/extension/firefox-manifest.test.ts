import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { DESCRIPTION_HOSTS, hostPatterns } from '@extension/hosts';
import { SOURCE_SITES } from '@shared/contracts/product-draft';
import { matchPatternsOf } from '@shared/contracts/source-sites';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The Firefox build, as `npm run build:extension -- -b firefox` makes it (built here into a
 * folder of its own, pointed at a console of its own): Manifest V2 as WXT emits it for Firefox,
 * with every content script, permission and file it names.
 */
const outDir = join(process.cwd(), '.output', 'firefox-test');
const extensionDir = join(outDir, 'firefox-mv2');
const consoleOrigin = 'http://console.test:8080';

interface ContentScript {
  matches: string[];
  js: string[];
  run_at?: string;
  world?: string;
}
interface FirefoxManifest {
  manifest_version: number;
  name: string;
  version: string;
  default_locale: string;
  permissions: string[];
  host_permissions?: string[];
  web_accessible_resources: unknown[];
  background: { scripts: string[]; service_worker?: string };
  browser_action: { default_popup: string };
  action?: unknown;
  side_panel?: unknown;
  sidebar_action: { default_panel: string };
  content_scripts: ContentScript[];
  icons: Record<string, string>;
  browser_specific_settings: { gecko: { id: string } };
  content_security_policy: unknown;
}

let manifest: FirefoxManifest;

beforeAll(() => {
  rmSync(outDir, { recursive: true, force: true });
  execFileSync(join(process.cwd(), 'node_modules', '.bin', 'wxt'), ['zip', '-b', 'firefox'], {
    stdio: 'pipe',
    env: {
      ...process.env,
      NODE_ENV: 'production',
      WXT_OUT_DIR: outDir,
      WXT_CONSOLE_ORIGIN: consoleOrigin,
    },
  });
  manifest = JSON.parse(readFileSync(join(extensionDir, 'manifest.json'), 'utf8'));
}, 240_000);

afterAll(() => rmSync(outDir, { recursive: true, force: true }));

const scriptOf = (name: string) =>
  manifest.content_scripts.find((script) => script.js.includes(`content-scripts/${name}.js`));

describe('the Firefox build', () => {
  it('is a Manifest V2 extension with a background script, a popup and a sidebar', () => {
    expect(manifest.manifest_version).toBe(2);
    expect(manifest.name).toBe('__MSG_extName__');
    expect(manifest.default_locale).toBe('en');
    expect(manifest.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(manifest.browser_specific_settings.gecko.id).toMatch(/@/);
    expect(manifest.background.scripts).toEqual(['background.js']);
    expect(manifest.background.service_worker).toBeUndefined();
    expect(manifest.browser_action.default_popup).toBe('popup.html');
    // Firefox's side panel is its sidebar; the in-page panel stays the fallback.
    expect(manifest.sidebar_action.default_panel).toBe('sidepanel.html');
    // No key of Manifest V3 or of Chrome alone.
    expect(manifest.action).toBeUndefined();
    expect(manifest.side_panel).toBeUndefined();
    expect(manifest.host_permissions).toBeUndefined();
    // Manifest V2 names its web-accessible files as plain paths.
    expect(manifest.web_accessible_resources.every((entry) => typeof entry === 'string')).toBe(
      true,
    );
    // Its own pages' policy, as Manifest V2 writes it: one string.
    expect(manifest.content_security_policy).toBe(
      "script-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'",
    );
    expect(manifest.web_accessible_resources).toEqual(
      expect.arrayContaining([
        'sidepanel.html',
        'content-scripts/shopee-capture.js',
        'content-scripts/aliexpress-capture.js',
      ]),
    );
  });

  it('asks for the API permissions and every host the collector works on', () => {
    expect(manifest.permissions).toEqual(expect.arrayContaining(['storage', 'tabs', 'alarms']));
    expect(manifest.permissions).not.toContain('sidePanel');
    const hosts = [
      `${consoleOrigin}/*`,
      ...SOURCE_SITES.flatMap((site) => matchPatternsOf(site)),
      ...hostPatterns(DESCRIPTION_HOSTS),
    ];
    expect(manifest.permissions).toEqual(expect.arrayContaining(hosts));
  });

  it('runs the collector on every source site and the session bridge on the console alone', () => {
    for (const site of SOURCE_SITES) {
      const script = scriptOf(site);
      expect(script, site).toBeDefined();
      expect([...(script?.matches ?? [])].sort(), site).toEqual([...matchPatternsOf(site)].sort());
    }
    expect(scriptOf('console')?.matches).toEqual([`${consoleOrigin}/*`]);
    // Manifest V2 has no page world: the collector puts the capture scripts into the page itself.
    expect(manifest.content_scripts.some((script) => 'world' in script)).toBe(false);
    expect(scriptOf('shopee-capture')).toBeUndefined();
    expect(scriptOf('shopee')?.run_at).toBe('document_start');
  });

  it('holds every file its manifest names, and the zips', () => {
    const files = [
      ...manifest.background.scripts,
      manifest.browser_action.default_popup,
      manifest.sidebar_action.default_panel,
      ...manifest.content_scripts.flatMap((script) => script.js),
      ...Object.values(manifest.icons),
      ...(manifest.web_accessible_resources as string[]).filter((entry) => !entry.includes('*')),
      '_locales/en/messages.json',
    ];
    for (const file of files) expect(existsSync(join(extensionDir, file)), file).toBe(true);
    expect(existsSync(join(outDir, 'extension-firefox.zip'))).toBe(true);
    expect(existsSync(join(outDir, 'extension-sources.zip'))).toBe(true);
    // The console origin it was built for reaches the code, not only the manifest.
    expect(readFileSync(join(extensionDir, 'background.js'), 'utf8')).toContain(consoleOrigin);
  });
});
