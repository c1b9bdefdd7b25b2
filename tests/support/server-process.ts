import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The real server as `npm start` runs it, in a child process on a fresh embedded database (the
 * demo seller seeded), for scripts that measure or photograph it from outside.
 */
export async function startServerProcess(port: number) {
  await mkdir(join(process.cwd(), '.tmp'), { recursive: true });
  const dataDir = await mkdtemp(join(process.cwd(), '.tmp', 'server-'));
  // Always the embedded database, whatever the calling shell has set.
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    env: { ...env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api-user/public/getSiteList`)).ok) {
        return { origin: `http://localhost:${port}`, stop };
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error('server did not start within 60 s');
}
