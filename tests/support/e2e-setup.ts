import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { E2E_ORIGIN, E2E_OUT_DIR } from './e2e-config';

const bin = (name: string) => join(process.cwd(), 'node_modules', '.bin', name);

/**
 * Builds what the browser tests load: the console as `npm start` serves it, and the extension
 * with the e2e server's origin as its console (the same build, another setting).
 */
export default function setup() {
  const run = (command: string, args: string[], env: Record<string, string> = {}) =>
    execFileSync(bin(command), args, { stdio: 'inherit', env: { ...process.env, ...env } });
  run('vite', ['build', '--config', 'console/vite.config.ts', '--logLevel', 'warn']);
  run('wxt', ['build'], { WXT_CONSOLE_ORIGIN: E2E_ORIGIN, WXT_OUT_DIR: E2E_OUT_DIR });
}
