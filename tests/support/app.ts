import { createApp } from '@server/app';
import { type AppConfig, defaultConfig, shopCallbackUrl, type WechatConfig } from '@server/config';
import type { DatabaseHandle } from '@server/db/client';
import {
  createMarketplaceClients,
  type MarketplaceClients,
} from '@server/integrations/marketplace/clients';
import { createLogger } from '@server/lib/logger';
import { createSandboxApp, SANDBOX_PLATFORMS } from '@server/sandbox/app';
import { ensureSandboxSellers, seedSandboxRecords } from '@server/sandbox/marketplace/data';
import { API_CLIENTS, basicClientAuth, HEADERS } from '@shared/contracts/protocol';
import { createManualClock } from './clock';
import { createTestDatabase } from './database';
import type { Template } from './database-config';
import { productionConfig, unreachableFetch } from './production-config';
import { startSmtpServer } from './smtp';

export interface CallOptions {
  json?: unknown;
  body?: BodyInit;
  token?: string;
  language?: string;
  headers?: Record<string, string>;
  /** Send the console's basic client auth header (default true). */
  client?: boolean;
  /** The socket's peer address, as the Node server hands it to the app (default: none). */
  peer?: string;
}

/** WeChat as the test app sees it: the in-process sandbox. */
export const TEST_WECHAT: WechatConfig = {
  appId: 'wxtest000000001',
  appSecret: 'test-app-secret',
  token: 'test-push-token',
  openBase: 'http://sandbox.test',
  apiBase: 'http://sandbox.test',
};

/**
 * The real app on a fresh database with a manual clock and the sandbox in-process: the server's
 * calls to WeChat and the payment providers go to the sandbox, the sandbox's event pushes and
 * payment notifications come back to the app. With `smtp`,
 * mail goes over SMTP to a real server in-process that the test reads.
 */
export async function createTestApp(
  options: {
    config?: Partial<AppConfig>;
    smtp?: boolean;
    /** Give the sandbox its marketplace sellers and shops (`records`: with products and orders too). */
    sandboxShops?: boolean | 'records';
    /** Marketplace clients of the test's own (wrapped to count or fail calls). */
    marketplaces?: (defaults: MarketplaceClients) => MarketplaceClients;
    /** Start from the demo seller's database instead of an empty one. */
    from?: Template;
    /** Start from this data-dir dump (PGlite) instead of a template. */
    dump?: Uint8Array;
    /** A database opened and migrated by the caller (a benchmark outside the test run). */
    database?: DatabaseHandle;
  } = {},
) {
  const database = options.database ?? (await testDatabase(options));
  const clock = createManualClock();
  const { logs, logger } = collectedLogs();
  const smtp = options.smtp ? await startSmtpServer() : null;

  const config: AppConfig = {
    ...defaultConfig,
    wechat: TEST_WECHAT,
    ...(smtp ? { mail: { smtpUrl: smtp.url, from: 'Seller Center <no-reply@test>' } } : {}),
    ...options.config,
  };
  if (options.sandboxShops) await ensureSandboxSellers(database.db, clock, SANDBOX_PLATFORMS);
  if (options.sandboxShops === 'records')
    await seedSandboxRecords(database.db, clock, SANDBOX_PLATFORMS);

  const toApp = (input: RequestInfo | URL, init?: RequestInit) =>
    app.fetch(new Request(input, init));
  const sandbox = createSandboxApp({
    // Order pushes go to the app in-process, signed for its registered address.
    marketplaces: {
      config: config.marketplaces,
      callbackUrl: shopCallbackUrl(config),
      pushes: { registeredBase: config.publicUrl },
    },
    db: database.db,
    clock,
    logger,
    publicUrl: 'http://sandbox.test',
    apps: [{ ...TEST_WECHAT, eventUrl: 'http://app.test/api-user/wechat/callback' }],
    // Payment notifications go to the app's notify URLs, answered in-process like WeChat events;
    // a refused one is retried at once rather than after seconds.
    payments: { config: config.payments, merchantUrl: config.publicUrl, retryDelays: [10, 20, 40] },
    fetch: toApp as typeof fetch,
  });
  const toSandbox = (input: RequestInfo | URL, init?: RequestInit) =>
    sandbox.fetch(new Request(input, init));
  const app = createApp({
    db: database.db,
    clock,
    logger,
    fetch: toSandbox as typeof fetch,
    config,
    ...(options.marketplaces
      ? {
          marketplaces: options.marketplaces(
            createMarketplaceClients(config.marketplaces, {
              fetch: toSandbox as typeof fetch,
              now: () => clock.now(),
              // A wait between dependent calls moves the test's clock rather than the real one.
              sleep: async (ms) => clock.advance(ms),
              // The per-shop limits are checked on their own; here they would only slow tests down.
              transport: { ratePerSecond: { lazada: 10_000, shopee: 10_000, tiktok: 10_000 } },
            }),
          ),
        }
      : {}),
  });

  const call = callerOf(app);

  /** What the server's jobs and services are given (the app's own dependencies). */
  const deps = app.deps;
  return {
    app,
    deps,
    sandbox,
    db: database.db,
    clock,
    logs,
    smtp,
    call,
    /** PGlite: the database as it is now, for another app to start from. */
    dump: database.dumpDataDir,
    close: async () => {
      await smtp?.close();
      await database.close();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

function testDatabase(options: { from?: Template; dump?: Uint8Array }) {
  return createTestDatabase({
    ...(options.from ? { from: options.from } : {}),
    ...(options.dump ? { dump: options.dump } : {}),
  });
}

function collectedLogs() {
  const logs: Record<string, unknown>[] = [];
  const logger = createLogger({ level: 'debug', write: (line) => logs.push(JSON.parse(line)) });
  return { logs, logger };
}

/**
 * The real app as a production server builds it without the sandbox (./production-config.ts):
 * every channel at its real platform's hosts (WeChat too), and an outbound fetch that reaches no one (`outbound` lists
 * what it was asked for). On a fresh database, or the caller's.
 */
export async function createProductionTestApp(
  options: { from?: Template; database?: DatabaseHandle } = {},
) {
  const database = options.database ?? (await testDatabase(options));
  const clock = createManualClock();
  const { logs, logger } = collectedLogs();
  const outbound: string[] = [];
  const app = createApp({
    db: database.db,
    clock,
    logger,
    fetch: unreachableFetch(outbound),
    config: { ...defaultConfig, ...productionConfig() },
  });
  return {
    app,
    deps: app.deps,
    db: database.db,
    clock,
    logs,
    outbound,
    call: callerOf(app),
    close: () => database.close(),
  };
}

/** What the authorization matrix and the fuzz run need of an app, with or without the sandbox. */
export type AppUnderTest = Pick<
  TestApp,
  'app' | 'deps' | 'db' | 'clock' | 'logs' | 'call' | 'close'
>;

/** Requests to the app in-process, as the console's client sends them. */
function callerOf(app: ReturnType<typeof createApp>) {
  /** One request through app.request(); returns the status, headers and parsed JSON body. */
  return async function call(method: string, path: string, options: CallOptions = {}) {
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
    const response = await app.request(
      path,
      { method, headers, ...(body === undefined ? {} : { body }) },
      options.peer ? { incoming: { socket: { remoteAddress: options.peer } } } : undefined,
    );
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
  };
}

/**
 * Puts `handle` in front of a Hono app's own handling of each request (the console under test
 * calls `app.fetch`): it may look at the request, answer it itself, or pass it on with `next`.
 * Returns what puts the app back as it was.
 */
export function interceptRequests(
  app: { fetch: TestApp['app']['fetch'] },
  handle: (
    request: Request,
    next: (request: Request) => Promise<Response>,
  ) => Response | Promise<Response>,
): () => void {
  const original = app.fetch;
  const next = async (request: Request) =>
    (original as (request: Request) => Response | Promise<Response>)(request);
  app.fetch = ((request: Request) => handle(request, next)) as typeof original;
  return () => {
    app.fetch = original;
  };
}
