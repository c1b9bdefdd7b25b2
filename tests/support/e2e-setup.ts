import { spawn } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { CONSOLE_DIST, e2eWorker } from './e2e-config';
import { sourceDigest } from './source-digest';

const bin = (name: string) => join(process.cwd(), 'node_modules', '.bin', name);

/** Every file under a directory, recursively. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/**
 * Builds what the browser tests load: the console as `npm start` serves it, and for each worker
 * the extension with that worker's e2e server as its console. The extension is built once, for
 * the first worker; the others get a copy with their server's origin in place of its origin (the
 * same build, another setting: the origins differ only in the port, of the same length).
 */
export default async function setup(project?: TestProject) {
  // Production builds, as `npm start` serves and ships them: Vitest's NODE_ENV=test would give
  // React's development build. The two build side by side: each spends part of its time on one
  // core only.
  const run = (command: string, args: string[], env: Record<string, string> = {}) =>
    new Promise<void>((resolve, reject) => {
      const child = spawn(isAbsolute(command) ? command : bin(command), args, {
        stdio: 'inherit',
        env: { ...process.env, NODE_ENV: 'production', ...env },
      });
      child.on('error', reject);
      child.on('close', (code) =>
        code === 0 ? resolve() : reject(new Error(`${command} ${args[0]} exited with ${code}`)),
      );
    });
  const first = e2eWorker(1);
  // The builds of the same sources for the same origin are kept: a second run (one browser-test
  // file run again) starts its tests without building again.
  const digest = await buildDigest(first.origin);
  const built = join(first.outDir, 'built-from.txt');
  const kept =
    existsSync(built) &&
    readFileSync(built, 'utf8') === digest &&
    existsSync(join(CONSOLE_DIST, 'index.html')) &&
    existsSync(join(first.extensionDir, 'manifest.json'));
  if (!kept) {
    rmSync(built, { force: true });
    await Promise.all([
      run('vite', ['build', '--config', 'console/vite.config.ts', '--logLevel', 'warn']).then(() =>
        // The login screen drawn into its page, as `npm run build` does: the tests sign in through it.
        run(process.execPath, ['--import', 'tsx', 'server/prerender.ts']),
      ),
      run('wxt', ['build'], { WXT_CONSOLE_ORIGIN: first.origin, WXT_OUT_DIR: first.outDir }),
    ]);
    writeFileSync(built, digest);
  }
  // A browser-test file runs in whichever of the run's workers is free (numbered 1 to the run's
  // maxWorkers): each worker number has its own server ports and its copy.
  for (let id = 2; id <= (project?.vitest.config.maxWorkers ?? 1); id += 1) {
    const worker = e2eWorker(id);
    if (worker.origin.length !== first.origin.length)
      throw new Error(`worker ${id}'s origin ${worker.origin} is not as long as ${first.origin}`);
    rmSync(worker.outDir, { recursive: true, force: true });
    cpSync(first.outDir, worker.outDir, { recursive: true });
    for (const file of filesUnder(worker.extensionDir)) {
      const bytes = readFileSync(file);
      if (!bytes.includes(first.origin)) continue;
      writeFileSync(
        file,
        bytes.toString('latin1').replaceAll(first.origin, worker.origin),
        'latin1',
      );
    }
  }
}

/** What the console and extension builds are made of, and the origin the extension is built for. */
function buildDigest(origin: string) {
  return sourceDigest({
    folders: ['console', 'shared', 'entrypoints', 'extension', 'locales', 'public'],
    files: ['package-lock.json', 'wxt.config.ts', 'tsconfig.json', 'tsconfig.base.json'],
    entries: ['server/prerender.ts', 'tests/support/e2e-setup.ts'],
  }).then((digest) => `${digest} ${origin}`);
}
