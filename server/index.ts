import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { count } from 'drizzle-orm';
import { createApp } from './app';
import { defaultConfig } from './config';
import { openDatabase } from './db/client';
import { users } from './db/schema/index';
import { DEMO_ACCOUNT, seedDemo } from './db/seed';
import { readEnv } from './env';
import { systemClock } from './lib/clock';
import { createLogger } from './lib/logger';

const env = readEnv();
const logger = createLogger({ level: env.LOG_LEVEL });
const embedded = !env.DATABASE_URL;

if (embedded) await mkdir(resolve(env.DATA_DIR), { recursive: true });
const database = env.DATABASE_URL
  ? await openDatabase({ kind: 'postgres', url: env.DATABASE_URL })
  : await openDatabase({ kind: 'pglite', dataDir: resolve(env.DATA_DIR, 'pglite') });
await database.migrate();

const app = createApp({
  db: database.db,
  clock: systemClock,
  logger,
  config: {
    ...defaultConfig,
    session: {
      idleSeconds: env.SESSION_IDLE_SECONDS,
      absoluteSeconds: env.SESSION_ABSOLUTE_SECONDS,
    },
    consoleDir: resolve(env.CONSOLE_DIR),
    extensionZip: resolve(env.EXTENSION_ZIP),
  },
});

const [{ total } = { total: 0 }] = await database.db.select({ total: count() }).from(users);
const shouldSeed = embedded ? env.SEED_DEMO !== '0' && total === 0 : env.SEED_DEMO === '1';
if (shouldSeed) await seedDemo({ db: database.db, clock: systemClock });

const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
  const base = env.PUBLIC_URL ?? `http://localhost:${info.port}`;
  const lines = [
    '',
    '  Cross-border seller console is running',
    '',
    `  Console     ${base}/cmp/`,
    `  Demo login  ${DEMO_ACCOUNT.email} / ${DEMO_ACCOUNT.password}`,
    `  Extension   load unpacked from ${resolve(env.EXTENSION_DIR)}`,
    `              or download ${base}/downloads/extension.zip`,
    `  Database    ${embedded ? `embedded PGlite in ${resolve(env.DATA_DIR, 'pglite')}` : 'PostgreSQL (DATABASE_URL)'}`,
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
});

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info('shutting down', { signal });
  server.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
