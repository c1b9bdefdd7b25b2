import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { E2E_WORKERS, e2eWorker } from './e2e-config';

const bin = (name: string) => join(process.cwd(), 'node_modules', '.bin', name);

/**
 * Builds what the browser tests load: the console as `npm start` serves it, and for each worker
 * the extension with that worker's e2e server as its console (the same build, another setting).
 */
export default function setup() {
  // Production builds, as `npm start` serves and ships them: Vitest's NODE_ENV=test would give
  // React's development build.
  const run = (command: string, args: string[], env: Record<string, string> = {}) =>
    execFileSync(bin(command), args, {
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production', ...env },
    });
  run('vite', ['build', '--config', 'console/vite.config.ts', '--logLevel', 'warn']);
  for (let id = 1; id <= E2E_WORKERS; id += 1) {
    const worker = e2eWorker(id);
    run('wxt', ['build'], { WXT_CONSOLE_ORIGIN: worker.origin, WXT_OUT_DIR: worker.outDir });
  }
}
