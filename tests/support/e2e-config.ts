import { join } from 'node:path';

/** Port of the e2e server; the extension built for e2e trusts http://localhost:<port> as its console. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 18_480);
export const E2E_ORIGIN = `http://localhost:${E2E_PORT}`;
export const E2E_OUT_DIR = join(process.cwd(), '.output', 'e2e');
export const E2E_EXTENSION_DIR = join(E2E_OUT_DIR, 'chrome-mv3');
export const CONSOLE_DIST = join(process.cwd(), 'dist', 'console');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
