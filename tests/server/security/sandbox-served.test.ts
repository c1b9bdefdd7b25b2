import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { createServer, Socket } from 'node:net';
import { join } from 'node:path';
import { readEnv } from '@server/env';
import { startServer } from '@server/start';
import { createTestApp, type TestApp } from '@tests/support/app';
import { ALL_CREDENTIALS, CHANNEL_NAMES } from '@tests/support/channel-credentials';
import { createTestDatabase } from '@tests/support/database';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

/**
 * The server as `npm start` runs it (server/start.ts, which server/index.ts calls with the
 * process's environment), listening on real ports, once with the sandbox (the embedded database's
 * default) and once without it (every channel with credentials): the sandbox listens on loopback
 * only, answers this machine only, and nothing of it is served on the API's port. Both run in
 * this process, each on a database of its own copied from the run's empty template.
 */

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('port')),
      );
    });
  });
}

/** Whether something accepts a TCP connection at host:port. */
function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.connect(port, host);
  });
}

interface Started {
  port: number;
  sandboxPort: number;
  banner: string;
  stop: () => Promise<void>;
}

/**
 * The server started with these variables on every address (HOST=0.0.0.0) and nothing of the
 * calling shell's configuration; resolves once it listens. Its database is the test's: a PGlite
 * copied from the empty template (the embedded database), or a PostgreSQL database made from it
 * (DATABASE_URL names the test server, with a token key of its own).
 */
async function startWith(vars: Record<string, string>): Promise<Started> {
  const [port, sandboxPort] = [await freePort(), await freePort()];
  await mkdir(join(process.cwd(), '.tmp'), { recursive: true });
  const dataDir = await mkdtemp(join(process.cwd(), '.tmp', 'security-'));
  const consoleDir = join(dataDir, 'console');
  await mkdir(consoleDir);
  await writeFile(join(consoleDir, 'index.html'), '<!doctype html><head></head><body></body>');
  const config = inject('database');
  const database = await createTestDatabase();
  const databaseVars: Record<string, string> =
    config.kind === 'pglite'
      ? {}
      : {
          DATABASE_URL: config.url,
          TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
          // DATABASE_URL never implies the sandbox: a development server on PostgreSQL asks for it.
          SANDBOX: '1',
        };
  let banner = '';
  const cleanUp = () => rm(dataDir, { recursive: true, force: true });
  try {
    const server = await startServer(
      readEnv({
        ...databaseVars,
        ...vars,
        PORT: String(port),
        SANDBOX_PORT: String(sandboxPort),
        HOST: '0.0.0.0',
        SEED_DEMO: '0',
        DATA_DIR: dataDir,
        CONSOLE_DIR: consoleDir,
        LOG_LEVEL: 'error',
      }),
      {
        database,
        write: (text) => {
          banner += text;
        },
      },
    );
    return {
      port,
      sandboxPort,
      banner,
      stop: async () => {
        await server.stop();
        await cleanUp();
      },
    };
  } catch (error) {
    await database.close();
    await cleanUp();
    throw error;
  }
}

/** Every route of the sandbox app, with a value in each parameter. */
function sandboxRoutes(t: TestApp) {
  const seen = new Set<string>();
  return t.sandbox.routes
    .filter((route) => route.method !== 'ALL' && route.path !== '/*')
    .map((route) => ({ method: route.method, path: route.path.replace(/:\w+/g, 'x') }))
    .filter((route) => {
      const key = `${route.method} ${route.path}`;
      if (seen.has(key) || route.path === '/') return false;
      seen.add(key);
      return true;
    });
}

const bootOf = (html: string) =>
  JSON.parse(
    /<script type="application\/json" id="cmp-boot">(.*?)<\/script>/.exec(html)?.[1] ?? '',
  );

describe('the API application', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('serves none of the sandbox routes (the sandbox is another listener)', async () => {
    const routes = sandboxRoutes(t);
    // The payer, its JSON API, WeChat's sign-in stand-in, the main site's and the tester at least.
    expect(routes.map((route) => route.path)).toEqual(
      expect.arrayContaining([
        '/pay',
        '/pay/api/payments',
        '/pay/api/confirm',
        '/connect/qrconnect',
        '/connect/qrconnect/confirm',
        '/main-site/',
        '/tester',
      ]),
    );
    for (const route of routes) {
      const response = await t.app.request(route.path, { method: route.method });
      expect(response.status, `${route.method} ${route.path}`).toBe(404);
    }
  });
});

let withSandbox: Started;
let withoutSandbox: Started;
beforeAll(async () => {
  const [on, off] = await Promise.allSettled([
    startWith({}),
    startWith({ ...ALL_CREDENTIALS, SANDBOX: '0' }),
  ]);
  if (on.status === 'fulfilled') withSandbox = on.value;
  if (off.status === 'fulfilled') withoutSandbox = off.value;
  for (const result of [on, off]) if (result.status === 'rejected') throw result.reason;
});
afterAll(async () => {
  await withSandbox?.stop();
  await withoutSandbox?.stop();
});

describe('npm start on the embedded database (the sandbox on)', () => {
  let server: Started;
  beforeAll(() => {
    server = withSandbox;
  });

  it('says which channels the sandbox plays, and that it serves this machine only', () => {
    const line = server.banner.split('\n').find((text) => text.includes('Sandbox')) ?? '';
    expect(line).toContain(`http://localhost:${server.sandboxPort}, this machine only`);
    expect(line).toContain(`plays ${CHANNEL_NAMES.join(', ')}`);
  });

  it('listens on loopback only, while the API listens where HOST says', async () => {
    // A listener on every address takes 127.0.0.2 too; one on 127.0.0.1 does not.
    expect(await accepts('127.0.0.2', server.port)).toBe(true);
    expect(await accepts('127.0.0.2', server.sandboxPort)).toBe(false);
    expect(await accepts('127.0.0.1', server.sandboxPort)).toBe(true);
    const payer = await fetch(`http://localhost:${server.sandboxPort}/pay`);
    expect(payer.status).toBe(200);
    expect(payer.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('answers no request addressed to another name, nor a POST another site sends', async () => {
    const base = `http://127.0.0.1:${server.sandboxPort}`;
    // fetch sends the Host of its URL; a page whose name was rebound to 127.0.0.1 sends its own.
    const statusFor = (host: string) =>
      new Promise<number | undefined>((resolve, reject) => {
        request({ port: server.sandboxPort, path: '/pay/api/payments', headers: { host } })
          .once('response', (response) => {
            response.resume();
            resolve(response.statusCode);
          })
          .once('error', reject)
          .end();
      });
    expect(await statusFor(`rebound.example:${server.sandboxPort}`)).toBe(403);
    expect(await statusFor(`localhost:${server.sandboxPort}`)).toBe(200);
    const confirm = (headers: Record<string, string>) =>
      fetch(`${base}/pay/api/confirm`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ qrContent: 'nothing', outcome: 'paid' }),
      });
    expect((await confirm({ 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await confirm({ origin: 'https://attacker.example' })).status).toBe(403);
    // Its own pages, and our server's calls (neither header), are answered.
    expect((await confirm({ 'sec-fetch-site': 'same-origin' })).status).toBe(404);
    expect((await confirm({})).status).toBe(404);
  });

  it('links the console to the main site stand-in of the sandbox, on loopback', async () => {
    const boot = bootOf(await (await fetch(`http://127.0.0.1:${server.port}/cmp/`)).text());
    expect(boot.mainSite.home).toBe(`http://localhost:${server.sandboxPort}/main-site/`);
    const stray = await fetch(`http://127.0.0.1:${server.port}/main-site/`);
    expect(stray.status).toBe(404);
  });
});

describe('a server with credentials for every channel (the sandbox off)', () => {
  let server: Started;
  beforeAll(() => {
    server = withoutSandbox;
  });

  it('starts no sandbox and says so', async () => {
    expect(server.banner).toContain('Sandbox     off (every channel has credentials)');
    expect(await accepts('127.0.0.1', server.port)).toBe(true);
    expect(await accepts('127.0.0.1', server.sandboxPort)).toBe(false);
  });

  it('serves nothing of the sandbox and links to no stand-in', async () => {
    const base = `http://127.0.0.1:${server.port}`;
    for (const path of ['/pay', '/pay/api/payments', '/main-site/', '/connect/qrconnect'])
      expect((await fetch(`${base}${path}`)).status, path).toBe(404);
    const confirm = await fetch(`${base}/pay/api/confirm`, { method: 'POST', body: '{}' });
    expect(confirm.status).toBe(404);
    const boot = bootOf(await (await fetch(`${base}/cmp/`)).text());
    expect(boot).toEqual({ thirdParty: ['wechat'], mainSite: null });
  });
});
