import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { count } from 'drizzle-orm';
import { createApp } from './app';
import { planChannels } from './channels';
import { defaultConfig, shopCallbackUrl } from './config';
import { type DatabaseHandle, openDatabase } from './db/client';
import { users } from './db/schema/index';
import type { Env } from './env';
import { createMarketplaceClients } from './integrations/marketplace/clients';
import { pruneExpired } from './jobs/maintenance';
import { startJobs } from './jobs/runner';
import { splitProxyList } from './lib/client-address';
import { systemClock } from './lib/clock';
import { createLogger } from './lib/logger';
import { createMailer } from './lib/mailer';
import { parseSecretKey } from './lib/secret-box';
import { seedConfig } from './modules/config/config.service';
import { seedCatalogue } from './seed/catalogue-generator';
import { DEMO_ACCOUNT, DEMO_CATALOGUE, seedDemo } from './seed/demo';
import { DEMO_SERVICE_OPERATOR } from './seed/services';

/** A server that listens: its ports, the banner it printed, and how to stop it. */
export interface RunningServer {
  port: number;
  /** Null where no sandbox runs. */
  sandboxPort: number | null;
  banner: string;
  /** Stops listening, the jobs and the sandbox, and closes the database (`signal`: for the log). */
  stop(signal?: string): Promise<void>;
}

/** Resolves once a server listens, with the port it got. */
function listen(options: Parameters<typeof serve>[0]) {
  return new Promise<{ server: ReturnType<typeof serve>; port: number }>((done, fail) => {
    const server = serve(options, (info: AddressInfo) => done({ server, port: info.port }));
    server.once('error', fail);
  });
}

/** Closes a server once its requests are answered (idle kept-alive connections end at once). */
function closed(server: ReturnType<typeof serve>) {
  return new Promise<void>((done) => {
    server.close(() => done());
    if ('closeIdleConnections' in server) server.closeIdleConnections();
  });
}

/**
 * The server as `npm start` runs it, from its environment: every channel decided before the
 * database opens (server/channels.ts: real, played by the sandbox, or the start refused with a
 * StartRefused naming each), the database opened and migrated, the sandbox on loopback where it
 * runs, the demo seller seeded where asked, then the API on HOST:PORT and the banner written.
 * Throws where the start cannot go on (server/index.ts prints the reason and exits).
 *
 * `database`: one opened by the caller instead of the one the environment names (a test's).
 */
export async function startServer(
  env: Env,
  options: { write?: (text: string) => void; database?: DatabaseHandle } = {},
): Promise<RunningServer> {
  const write = options.write ?? ((text: string) => process.stdout.write(text));
  // Every channel is decided before the database opens: real, played by the sandbox, or refused.
  const channels = planChannels(env, (path) => readFileSync(resolve(path), 'utf8'));
  const logger = createLogger({ level: env.LOG_LEVEL });
  const embedded = !env.DATABASE_URL;

  if (embedded) await mkdir(resolve(env.DATA_DIR), { recursive: true });
  /**
   * The key marketplace tokens are encrypted with: from the environment, or on the embedded
   * database a key kept beside it (made on first start). A PostgreSQL deployment must give one.
   */
  async function tokenKey(): Promise<Buffer> {
    if (env.TOKEN_ENCRYPTION_KEY) {
      const key = parseSecretKey(env.TOKEN_ENCRYPTION_KEY);
      if (!key)
        throw new Error('TOKEN_ENCRYPTION_KEY must be 64 hex characters or base64 of 32 bytes');
      return key;
    }
    if (!embedded)
      throw new Error('Set TOKEN_ENCRYPTION_KEY (32 bytes, hex or base64) with DATABASE_URL');
    const file = resolve(env.DATA_DIR, 'token.key');
    const saved = await readFile(file, 'utf8').catch(() => null);
    const key = saved ? parseSecretKey(saved) : null;
    if (key) return key;
    const fresh = randomBytes(32);
    await writeFile(file, fresh.toString('hex'), { mode: 0o600 });
    return fresh;
  }

  const shopTokenKey = await tokenKey();
  const database =
    options.database ??
    (env.DATABASE_URL
      ? await openDatabase({ kind: 'postgres', url: env.DATABASE_URL })
      : await openDatabase({ kind: 'pglite', dataDir: resolve(env.DATA_DIR, 'pglite') }));
  await database.migrate();

  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  const { marketplaces, payments, wechat } = channels;

  const config = {
    ...defaultConfig,
    publicUrl,
    trustedProxies: splitProxyList(env.TRUSTED_PROXIES),
    session: {
      idleSeconds: env.SESSION_IDLE_SECONDS,
      absoluteSeconds: env.SESSION_ABSOLUTE_SECONDS,
    },
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM },
    wechat,
    mainSite: channels.mainSite,
    consoleDir: resolve(env.CONSOLE_DIR),
    extensionZip: resolve(env.EXTENSION_ZIP),
    marketplaces,
    payments,
    shops: {
      tokenKey: shopTokenKey,
      expiryWarningDays: env.AUTH_EXPIRY_WARNING_DAYS,
      orderSyncMinutes: env.ORDER_SYNC_MINUTES,
      productSyncMinutes: env.PRODUCT_SYNC_MINUTES,
    },
    storage:
      env.S3_ENDPOINT && env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? ({
            kind: 's3',
            endpoint: env.S3_ENDPOINT,
            bucket: env.S3_BUCKET,
            region: env.S3_REGION,
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          } as const)
        : ({ kind: 'disk', dir: resolve(env.DATA_DIR, 'media') } as const),
    remoteMedia: {
      ...defaultConfig.remoteMedia,
      allowPrivate: env.MEDIA_FETCH_ALLOW_PRIVATE === '1',
    },
  };
  const marketplaceClients = createMarketplaceClients(marketplaces, {
    fetch,
    now: () => systemClock.now(),
  });
  const jobDeps = {
    db: database.db,
    clock: systemClock,
    config,
    logger,
    marketplaces: marketplaceClients,
    mailer: createMailer({
      db: database.db,
      clock: systemClock,
      logger,
      smtpUrl: config.mail.smtpUrl,
      from: config.mail.from,
    }),
  };
  const jobs = startJobs(jobDeps);
  const app = createApp({
    db: database.db,
    clock: systemClock,
    logger,
    config,
    marketplaces: marketplaceClients,
    kickJobs: jobs.kick,
  });

  // The sandbox, a development tool (SANDBOX=1), on loopback only whatever HOST says. Loaded only
  // where it runs.
  const sandboxPlan = channels.sandbox;
  let sandbox: ReturnType<typeof serve> | null = null;
  if (sandboxPlan) {
    const { createSandboxApp, SANDBOX_PLATFORMS } = await import('./sandbox/app');
    const { ensureSandboxSellers, seedSandboxRecords } = await import('./sandbox/marketplace/data');
    sandbox = (
      await listen({
        fetch: createSandboxApp({
          marketplaces: {
            config: marketplaces,
            callbackUrl: shopCallbackUrl(config),
            pushes: { registeredBase: publicUrl, deliveryBase: `http://127.0.0.1:${env.PORT}` },
          },
          db: database.db,
          clock: systemClock,
          logger,
          publicUrl: sandboxPlan.url,
          apps: [{ ...wechat, eventUrl: `http://127.0.0.1:${env.PORT}/api-user/wechat/callback` }],
          payments: { config: payments, merchantUrl: publicUrl },
          fetch,
          localOnly: true,
        }).fetch,
        port: sandboxPlan.port,
        hostname: '127.0.0.1',
      })
    ).server;
    // Its marketplace sellers, shops, products and orders (made once; kept across restarts).
    await ensureSandboxSellers(database.db, systemClock, SANDBOX_PLATFORMS);
    await seedSandboxRecords(database.db, systemClock, SANDBOX_PLATFORMS);
  }
  const [{ total } = { total: 0 }] = await database.db.select({ total: count() }).from(users);
  const shouldSeed = embedded ? env.SEED_DEMO !== '0' && total === 0 : env.SEED_DEMO === '1';
  if (shouldSeed) await seedDemo({ ...jobDeps, payments: app.deps.payments });
  // Customer-service and app-download settings start with defaults an operator can edit (kept if set).
  else await seedConfig({ db: database.db, clock: systemClock }, null);

  const { server, port } = await listen({ fetch: app.fetch, port: env.PORT, hostname: env.HOST });
  // The demo's catalogue loads after the server is up (resumable: a stopped load goes on).
  if (embedded ? env.SEED_DEMO !== '0' : env.SEED_DEMO === '1')
    void seedCatalogue(jobDeps, DEMO_CATALOGUE).then(
      ({ loaded }) => loaded > 0 && jobDeps.logger.info('demo catalogue loaded', { loaded }),
      (error: unknown) => jobDeps.logger.error('demo catalogue failed', { error: String(error) }),
    );
  const base = env.PUBLIC_URL ?? `http://localhost:${port}`;
  const banner = [
    '',
    '  Cross-border seller console is running',
    '',
    `  Console     ${base}/cmp/`,
    `  Demo login  ${DEMO_ACCOUNT.email} / ${DEMO_ACCOUNT.password}`,
    `  Operator    ${DEMO_SERVICE_OPERATOR.email} / ${DEMO_SERVICE_OPERATOR.password} (services)`,
    `  Extension   load unpacked from ${resolve(env.EXTENSION_DIR)}`,
    `              or download ${base}/downloads/extension.zip`,
    `  Database    ${embedded ? `embedded PGlite in ${resolve(env.DATA_DIR, 'pglite')}` : 'PostgreSQL (DATABASE_URL)'}`,
    `  Mail        ${env.SMTP_URL ? 'sent over SMTP' : 'kept in the outbox and printed to the log (no SMTP_URL)'}`,
    `  Started     in ${process.uptime().toFixed(1)} s (${import.meta.url.endsWith('.ts') ? 'from source' : 'built'})`,
    `  Sandbox     ${sandboxPlan ? `${sandboxPlan.url}, this machine only (plays ${sandboxPlan.plays.join(', ')}; orders tester at ${sandboxPlan.url}/tester${payments.sandbox ? `, payer at ${sandboxPlan.url}/pay` : ''})` : 'off (every channel has credentials)'}`,
    '',
    '',
  ].join('\n');
  write(banner);

  // Expired codes, tickets and limit events go once an hour.
  const maintenance = setInterval(
    () => {
      pruneExpired({ db: database.db, clock: systemClock, config }).catch((error: unknown) =>
        logger.error('maintenance failed', { error }),
      );
    },
    60 * 60 * 1000,
  );
  maintenance.unref();

  let stopping: Promise<void> | null = null;
  return {
    port,
    sandboxPort: sandboxPlan?.port ?? null,
    banner,
    stop(signal) {
      stopping ??= (async () => {
        logger.info('shutting down', signal ? { signal } : {});
        clearInterval(maintenance);
        await Promise.all([closed(server), sandbox ? closed(sandbox) : null, jobs.stop()]);
        await database.close();
      })();
      return stopping;
    },
  };
}
