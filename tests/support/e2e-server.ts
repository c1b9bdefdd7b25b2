import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp } from '@server/app';
import { seedDemo } from '@server/db/seed';
import { systemClock } from '@server/lib/clock';
import { createLogger } from '@server/lib/logger';
import { createTestDatabase } from './database';
import { CONSOLE_DIST, E2E_PORT } from './e2e-config';
import { startSmtpServer } from './smtp';

/**
 * The real server on a fresh database with the demo seller, serving the built console, sending
 * mail over SMTP to a real server in-process that the test reads.
 */
export async function startE2eServer() {
  const database = await createTestDatabase();
  const smtp = await startSmtpServer();
  await seedDemo({ db: database.db, clock: systemClock });
  const app = createApp({
    db: database.db,
    logger: createLogger({ level: 'error' }),
    config: {
      consoleDir: CONSOLE_DIST,
      mail: { smtpUrl: smtp.url, from: 'Seller Center <no-reply@e2e.test>' },
    },
  });
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const instance = serve({ fetch: app.fetch, port: E2E_PORT, hostname: '127.0.0.1' }, () =>
      resolve(instance),
    );
  });
  const port = (server.address() as AddressInfo).port;
  return {
    app,
    db: database.db,
    smtp,
    origin: `http://localhost:${port}`,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await smtp.close();
      await database.close();
    },
  };
}
