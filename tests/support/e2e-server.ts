import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp } from '@server/app';
import { defaultConfig, mainSiteLinks, shopCallbackUrl, type WechatConfig } from '@server/config';
import type { Database, DatabaseHandle } from '@server/db/client';
import { announcements, announcementViews, guideProgress, users } from '@server/db/schema/index';
import { createMarketplaceClients } from '@server/integrations/marketplace/clients';
import { sandboxMarketplaces } from '@server/integrations/marketplace/marketplace.config';
import { sandboxPayments } from '@server/integrations/payments/payments.config';
import { startJobs } from '@server/jobs/runner';
import { systemClock } from '@server/lib/clock';
import { createLogger } from '@server/lib/logger';
import { createMailer } from '@server/lib/mailer';
import { createSandboxApp, SANDBOX_PLATFORMS } from '@server/sandbox/app';
import { ensureSandboxSellers, seedSandboxRecords } from '@server/sandbox/marketplace/data';
import { seedDemo } from '@server/seed/demo';
import { GUIDES } from '@shared/contracts/guide';
import { eq } from 'drizzle-orm';
import { createTestDatabase } from './database';
import { CONSOLE_DIST, E2E } from './e2e-config';
import { startSmtpServer } from './smtp';

function listen(fetch: (request: Request) => Response | Promise<Response>, port: number) {
  return new Promise<ReturnType<typeof serve>>((resolve) => {
    const instance = serve({ fetch, port, hostname: '127.0.0.1' }, () => resolve(instance));
    // The server calls its sandbox (and the sandbox the server) over kept-alive connections that
    // fetch gives up a second before the server's announced 5 s. On a loaded machine a request was
    // sent on one as the server closed it (ECONNRESET while seeding): idle a minute, they outlast
    // a file's bursts of calls.
    if ('keepAliveTimeout' in instance) instance.keepAliveTimeout = 60_000;
  });
}

const stop = (server: ReturnType<typeof serve>) =>
  new Promise<void>((resolve) => server.close(() => resolve()));

/**
 * This worker's database as the seed left it (PGlite; the worker's files share its modules): its
 * next files start from a copy of it instead of seeding again, which cost each file seconds of
 * processor time (the shops authorized and the wallet paid through the sandboxes, passwords
 * hashed). The seed is the real clock's of the worker's first file, minutes old at most for the
 * others, against days and hours in the demo; the worker's ports, which the rows name (the
 * shops' and payments' callback addresses), are the same for all its files.
 */
let seeded: Uint8Array | undefined;

/**
 * The real server on a fresh database with the demo seller, serving the built console, sending
 * mail over SMTP to a real server in-process that the test reads, with the WeChat sandbox beside
 * it on the next port (as `npm start` runs it).
 */
export async function startE2eServer(options: { database?: DatabaseHandle } = {}) {
  const fromSeed = !options.database && seeded !== undefined;
  const database = options.database ?? (await createTestDatabase(seeded ? { dump: seeded } : {}));
  const smtp = await startSmtpServer();
  const logger = createLogger({ level: 'error' });
  const sandboxOrigin = `http://localhost:${E2E.sandboxPort}`;
  const wechat: WechatConfig = {
    appId: 'wxe2e000000000001',
    appSecret: 'e2e-app-secret',
    token: 'e2e-push-token',
    openBase: sandboxOrigin,
    apiBase: sandboxOrigin,
  };
  const config = {
    ...defaultConfig,
    publicUrl: E2E.origin,
    consoleDir: CONSOLE_DIST,
    mail: { smtpUrl: smtp.url, from: 'Seller Center <no-reply@e2e.test>' },
    wechat,
    mainSite: mainSiteLinks(`${sandboxOrigin}/main-site`),
    marketplaces: sandboxMarketplaces(sandboxOrigin),
    // Source images are served on this machine by the tests, as on a development machine.
    remoteMedia: { ...defaultConfig.remoteMedia, allowPrivate: true },
    payments: sandboxPayments(sandboxOrigin),
  };
  const marketplaces = createMarketplaceClients(config.marketplaces, {
    fetch,
    now: () => systemClock.now(),
  });
  let kick: () => void = () => undefined;
  const app = createApp({
    db: database.db,
    logger,
    config,
    marketplaces,
    kickJobs: () => kick(),
  });
  const sandbox = createSandboxApp({
    marketplaces: {
      config: config.marketplaces,
      callbackUrl: shopCallbackUrl(config),
      pushes: { registeredBase: E2E.origin },
    },
    db: database.db,
    clock: systemClock,
    logger,
    publicUrl: sandboxOrigin,
    apps: [{ ...wechat, eventUrl: `http://127.0.0.1:${E2E.port}/api-user/wechat/callback` }],
    payments: { config: config.payments, merchantUrl: E2E.origin },
    fetch,
  });
  const server = await listen(app.fetch, E2E.port);
  const sandboxServer = await listen(sandbox.fetch, E2E.sandboxPort);
  // The demo seller authorizes its sandbox shops through the real flow once both servers listen.
  if (!fromSeed) {
    await ensureSandboxSellers(database.db, systemClock, SANDBOX_PLATFORMS);
    await seedSandboxRecords(database.db, systemClock, SANDBOX_PLATFORMS);
  }
  const deps = {
    db: database.db,
    clock: systemClock,
    config,
    marketplaces,
    payments: app.deps.payments,
    logger,
    mailer: createMailer({
      db: database.db,
      clock: systemClock,
      logger,
      smtpUrl: smtp.url,
      from: config.mail.from,
    }),
  };
  if (!fromSeed) {
    await seedDemo(deps);
    // Before the jobs start: the next file's jobs find the demo as this file's found it.
    if (!options.database) seeded = await database.dumpDataDir?.();
  }
  const jobs = startJobs(deps, { intervalMs: 2000 });
  kick = jobs.kick;
  const port = (server.address() as AddressInfo).port;
  return {
    app,
    db: database.db,
    smtp,
    origin: `http://localhost:${port}`,
    sandboxOrigin,
    jobs,
    close: async () => {
      await jobs.stop();
      await stop(sandboxServer);
      await stop(server);
      await smtp.close();
      await database.close();
    },
  };
}

/**
 * Marks people (all of them when no e-mail is given) as having seen what a first visit shows:
 * the popup announcements and the guided tours.
 */
export async function markFirstVisitSeen(db: Database, email?: string): Promise<void> {
  const now = new Date();
  const people = await db
    .select({ id: users.id })
    .from(users)
    .where(email ? eq(users.email, email) : undefined);
  if (email && people.length === 0) throw new Error(`no account ${email}`);
  const popups = await db
    .select({ id: announcements.id })
    .from(announcements)
    .where(eq(announcements.isPopup, true));
  for (const { id } of people) {
    await db
      .insert(guideProgress)
      .values(GUIDES.map((guide) => ({ userId: id, guide, outcome: 'finished', at: now })))
      .onConflictDoNothing();
    if (popups.length > 0)
      await db
        .insert(announcementViews)
        .values(popups.map((popup) => ({ userId: id, announcementId: popup.id, seenAt: now })))
        .onConflictDoNothing();
  }
}
