import { join } from 'node:path';

/** Ports of the first worker's e2e server (and its sandbox on the next port). */
const BASE_PORT = Number(process.env.E2E_PORT ?? 18_480);

/** What one worker (numbered from 1, as Vitest numbers the run's workers) serves on and loads. */
export function e2eWorker(id: number) {
  const port = BASE_PORT + 10 * (id - 1);
  const outDir = join(process.cwd(), '.output', `e2e-${id}`);
  return {
    port,
    sandboxPort: port + 1,
    origin: `http://localhost:${port}`,
    outDir,
    extensionDir: join(outDir, 'chrome-mv3'),
  };
}

/** The worker running this file (Vitest numbers them from 1). */
export const E2E = e2eWorker(Number(process.env.VITEST_POOL_ID ?? 1));

export const CONSOLE_DIST = join(process.cwd(), 'dist', 'console');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
