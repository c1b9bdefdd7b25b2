import { createApp } from '@server/app';
import type { AppConfig } from '@server/config';
import { createLogger } from '@server/lib/logger';
import { API_CLIENTS, basicClientAuth, HEADERS } from '@shared/contracts/protocol';
import { createManualClock } from './clock';
import { createTestDatabase } from './database';

export interface CallOptions {
  json?: unknown;
  body?: BodyInit;
  token?: string;
  language?: string;
  headers?: Record<string, string>;
  /** Send the console's basic client auth header (default true). */
  client?: boolean;
}

/** The real app on a fresh database, a manual clock, and the log lines it wrote. */
export async function createTestApp(options: { config?: Partial<AppConfig> } = {}) {
  const database = await createTestDatabase();
  const clock = createManualClock();
  const logs: Record<string, unknown>[] = [];
  const logger = createLogger({ level: 'debug', write: (line) => logs.push(JSON.parse(line)) });
  const app = createApp({
    db: database.db,
    clock,
    logger,
    ...(options.config ? { config: options.config } : {}),
  });

  /** One request through app.request(); returns the status, headers and parsed JSON body. */
  async function call(method: string, path: string, options: CallOptions = {}) {
    const headers: Record<string, string> = { ...options.headers };
    if (options.client !== false)
      headers[HEADERS.authorization] = basicClientAuth(API_CLIENTS.console);
    if (options.token) headers[HEADERS.token] = options.token;
    if (options.language) headers[HEADERS.language] = options.language;
    let body = options.body;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    }
    const response = await app.request(path, {
      method,
      headers,
      ...(body === undefined ? {} : { body }),
    });
    const text = await response.text();
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
    return {
      status: response.status,
      headers: response.headers,
      text,
      body: json as Record<string, any>,
    };
  }

  return { app, db: database.db, clock, logs, call, close: database.close };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
