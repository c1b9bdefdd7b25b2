import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { count } from 'drizzle-orm';
import { createApp } from './app';
import { defaultConfig, mainSiteLinks, type WechatConfig } from './config';
import { openDatabase } from './db/client';
import { users } from './db/schema/index';
import { DEMO_ACCOUNT, seedDemo } from './db/seed';
import { readEnv } from './env';
import { pruneExpired } from './jobs/maintenance';
import { systemClock } from './lib/clock';
import { createLogger } from './lib/logger';
import { seedConfig } from './modules/config/config.service';
import { createSandboxApp } from './sandbox/app';

const env = readEnv();
const logger = createLogger({ level: env.LOG_LEVEL });
const embedded = !env.DATABASE_URL;

if (embedded) await mkdir(resolve(env.DATA_DIR), { recursive: true });
const database = env.DATABASE_URL
  ? await openDatabase({ kind: 'postgres', url: env.DATABASE_URL })
  : await openDatabase({ kind: 'pglite', dataDir: resolve(env.DATA_DIR, 'pglite') });
await database.migrate();

const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
const sandboxPort = env.SANDBOX_PORT ?? env.PORT + 1;
const sandboxUrl = `http://localhost:${sandboxPort}`;

// Real WeChat when credentials are given; otherwise the sandbox plays WeChat beside us.
const realWechat = env.WECHAT_APP_ID && env.WECHAT_APP_SECRET && env.WECHAT_TOKEN;
const wechat: WechatConfig = realWechat
  ? {
      appId: env.WECHAT_APP_ID ?? '',
      appSecret: env.WECHAT_APP_SECRET ?? '',
      token: env.WECHAT_TOKEN ?? '',
      openBase: env.WECHAT_OPEN_BASE,
      apiBase: env.WECHAT_API_BASE,
    }
  : {
      appId: 'wxsandbox00000001',
      appSecret: randomBytes(16).toString('hex'),
      token: randomBytes(16).toString('hex'),
      openBase: sandboxUrl,
      apiBase: sandboxUrl,
    };

const app = createApp({
  db: database.db,
  clock: systemClock,
  logger,
  config: {
    ...defaultConfig,
    publicUrl,
    session: {
      idleSeconds: env.SESSION_IDLE_SECONDS,
      absoluteSeconds: env.SESSION_ABSOLUTE_SECONDS,
    },
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM },
    wechat,
    mainSite: env.MAIN_SITE_URL
      ? mainSiteLinks(env.MAIN_SITE_URL)
      : realWechat
        ? null
        : mainSiteLinks(`${sandboxUrl}/main-site`),
    consoleDir: resolve(env.CONSOLE_DIR),
    extensionZip: resolve(env.EXTENSION_ZIP),
  },
});

const [{ total } = { total: 0 }] = await database.db.select({ total: count() }).from(users);
const shouldSeed = embedded ? env.SEED_DEMO !== '0' && total === 0 : env.SEED_DEMO === '1';
if (shouldSeed) await seedDemo({ db: database.db, clock: systemClock });
// Customer-service and app-download settings start with defaults an operator can edit (kept if set).
else await seedConfig({ db: database.db, clock: systemClock });

const sandbox = realWechat
  ? null
  : serve({
      fetch: createSandboxApp({
        db: database.db,
        clock: systemClock,
        logger,
        publicUrl: sandboxUrl,
        apps: [{ ...wechat, eventUrl: `http://127.0.0.1:${env.PORT}/api-user/wechat/callback` }],
        fetch,
      }).fetch,
      port: sandboxPort,
      hostname: env.HOST,
    });

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
    `  Mail        ${env.SMTP_URL ? 'sent over SMTP' : 'kept in the outbox and printed to the log (no SMTP_URL)'}`,
    `  Sandbox     ${sandbox ? `${sandboxUrl} (WeChat)` : 'off (real platform credentials)'}`,
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
});

// Expired codes, tickets and limit events go once an hour.
const maintenance = setInterval(
  () => {
    pruneExpired({ db: database.db, clock: systemClock }).catch((error: unknown) =>
      logger.error('maintenance failed', { error }),
    );
  },
  60 * 60 * 1000,
);
maintenance.unref();

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info('shutting down', { signal });
  server.close();
  sandbox?.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
