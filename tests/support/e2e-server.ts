import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp } from '@server/app';
import { mainSiteLinks, type WechatConfig } from '@server/config';
import type { DatabaseHandle } from '@server/db/client';
import { seedDemo } from '@server/db/seed';
import { systemClock } from '@server/lib/clock';
import { createLogger } from '@server/lib/logger';
import { createSandboxApp } from '@server/sandbox/app';
import { createTestDatabase } from './database';
import { CONSOLE_DIST, E2E_ORIGIN, E2E_PORT } from './e2e-config';
import { startSmtpServer } from './smtp';

function listen(fetch: (request: Request) => Response | Promise<Response>, port: number) {
  return new Promise<ReturnType<typeof serve>>((resolve) => {
    const instance = serve({ fetch, port, hostname: '127.0.0.1' }, () => resolve(instance));
  });
}

const stop = (server: ReturnType<typeof serve>) =>
  new Promise<void>((resolve) => server.close(() => resolve()));

/**
 * The real server on a fresh database with the demo seller, serving the built console, sending
 * mail over SMTP to a real server in-process that the test reads, with the WeChat sandbox beside
 * it on the next port (as `npm start` runs it).
 */
export async function startE2eServer(options: { database?: DatabaseHandle } = {}) {
  const database = options.database ?? (await createTestDatabase());
  const smtp = await startSmtpServer();
  await seedDemo({ db: database.db, clock: systemClock });
  const logger = createLogger({ level: 'error' });
  const sandboxOrigin = `http://localhost:${E2E_PORT + 1}`;
  const wechat: WechatConfig = {
    appId: 'wxe2e000000000001',
    appSecret: 'e2e-app-secret',
    token: 'e2e-push-token',
    openBase: sandboxOrigin,
    apiBase: sandboxOrigin,
  };
  const app = createApp({
    db: database.db,
    logger,
    config: {
      publicUrl: E2E_ORIGIN,
      consoleDir: CONSOLE_DIST,
      mail: { smtpUrl: smtp.url, from: 'Seller Center <no-reply@e2e.test>' },
      wechat,
      mainSite: mainSiteLinks(`${sandboxOrigin}/main-site`),
    },
  });
  const sandbox = createSandboxApp({
    db: database.db,
    clock: systemClock,
    logger,
    publicUrl: sandboxOrigin,
    apps: [{ ...wechat, eventUrl: `http://127.0.0.1:${E2E_PORT}/api-user/wechat/callback` }],
    fetch,
  });
  const server = await listen(app.fetch, E2E_PORT);
  const sandboxServer = await listen(sandbox.fetch, E2E_PORT + 1);
  const port = (server.address() as AddressInfo).port;
  return {
    app,
    db: database.db,
    smtp,
    origin: `http://localhost:${port}`,
    sandboxOrigin,
    close: async () => {
      await stop(sandboxServer);
      await stop(server);
      await smtp.close();
      await database.close();
    },
  };
}
