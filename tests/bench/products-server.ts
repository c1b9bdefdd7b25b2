/**
 * The app as the products bench serves it over HTTP, in a process of its own (so the load
 * generator does not share its event loop): the real middleware and routes on the bench's
 * PostgreSQL database, and the built console (CONSOLE_DIR), without the background jobs or the
 * sandbox of `npm start` (the bench's shops are not on any platform). Writes `ready` when it listens.
 */
import { serve } from '@hono/node-server';
import { createApp } from '../../server/app';
import { defaultConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { systemClock } from '../../server/lib/clock';
import { createLogger } from '../../server/lib/logger';

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('BENCH_DATABASE_URL is not set');
const handle = await openDatabase({ kind: 'postgres', url });
const app = createApp({
  db: handle.db,
  clock: systemClock,
  logger: createLogger({ level: 'error' }),
  config: {
    ...defaultConfig,
    ...(process.env.CONSOLE_DIR ? { consoleDir: process.env.CONSOLE_DIR } : {}),
  },
});
const server = serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' });
server.once('listening', () => process.stdout.write('ready\n'));
process.once('SIGTERM', () => {
  server.close(() => {
    handle.close().finally(() => process.exit(0));
  });
});
