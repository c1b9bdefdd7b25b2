import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp } from '@server/app';
import { seedDemo } from '@server/db/seed';
import { systemClock } from '@server/lib/clock';
import { createLogger } from '@server/lib/logger';
import { createTestDatabase } from './database';
import { CONSOLE_DIST, E2E_PORT } from './e2e-config';

/** The real server on a fresh database with the demo seller, serving the built console. */
export async function startE2eServer() {
  const database = await createTestDatabase();
  await seedDemo({ db: database.db, clock: systemClock });
  const app = createApp({
    db: database.db,
    logger: createLogger({ level: 'error' }),
    config: { consoleDir: CONSOLE_DIST },
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
    origin: `http://localhost:${port}`,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await database.close();
    },
  };
}
