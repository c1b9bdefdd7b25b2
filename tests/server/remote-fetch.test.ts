import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  fetchRemote,
  guardedLookup,
  isPrivateAddress,
  type RemoteFetchError,
} from '@server/lib/remote-fetch';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * Fetching a remote file as an attacker would aim it: at this machine, the cloud metadata
 * address, through redirects, with endless or oversized answers.
 */

let server: Server | null = null;
let hits = 0;

async function serve(handler: (req: IncomingMessage, res: ServerResponse) => void) {
  hits = 0;
  server = createServer((req, res) => {
    hits += 1;
    handler(req, res);
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
afterEach(async () => {
  const running = server;
  server = null;
  if (!running) return;
  running.closeAllConnections();
  await new Promise((resolve) => running.close(resolve));
});

const open = { allowPrivate: true, maxBytes: 1024, timeoutMs: 2_000 };
const closed = { ...open, allowPrivate: false };

async function reason(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return (error as RemoteFetchError).reason;
  }
  return 'fetched';
}

describe('addresses a server must not be made to reach', () => {
  it('refuses loopback, private, link-local, CGNAT, multicast and IPv4 hidden in IPv6', () => {
    for (const address of [
      '127.0.0.1',
      '127.9.9.9',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::127.0.0.1',
      '64:ff9b::a9fe:a9fe',
      '2002:7f00:1::',
      'fd00::1',
      'fe80::1%eth0',
      '[::1]',
      'not-an-address',
    ])
      expect(isPrivateAddress(address), address).toBe(true);
    for (const address of ['8.8.8.8', '47.246.1.1', '172.32.0.1', '2404:6800:4003:c00::64'])
      expect(isPrivateAddress(address), address).toBe(false);
  });

  it('refuses, without connecting, private hosts written every way a URL allows', async () => {
    const base = await serve((_req, res) => res.end('x'));
    const port = new URL(base).port;
    for (const url of [
      base,
      `http://localhost:${port}/`,
      `http://LOCALHOST.:${port}/`,
      `http://2130706433:${port}/`, // 127.0.0.1 as one number
      `http://0x7f.1:${port}/`,
      `http://017700000001:${port}/`,
      `http://[::1]:${port}/`,
      `http://[::ffff:127.0.0.1]:${port}/`,
      'http://169.254.169.254/latest/meta-data/',
    ])
      expect(await reason(fetchRemote(url, closed)), url).toBe('blocked');
    expect(hits).toBe(0);
  });

  it('refuses other schemes and addresses with credentials', async () => {
    for (const url of ['file:///etc/passwd', 'ftp://example.com/a.jpg', 'gopher://x/', 'data:,x'])
      expect(await reason(fetchRemote(url, open)), url).toBe('address');
    expect(await reason(fetchRemote('http://user:pass@example.com/a.jpg', open))).toBe('address');
  });

  it('checks the address a name resolves to when the socket connects', async () => {
    const answer = await new Promise<{ error: unknown; address: unknown }>((resolve) =>
      guardedLookup(false)('localhost', { all: true }, (error, address) =>
        resolve({ error, address }),
      ),
    );
    expect((answer.error as RemoteFetchError).reason).toBe('blocked');
    const allowed = await new Promise<{ error: unknown; address: unknown }>((resolve) =>
      guardedLookup(true)('localhost', { all: false }, (error, address) =>
        resolve({ error, address }),
      ),
    );
    expect(allowed.error).toBeNull();
    expect(isPrivateAddress(String(allowed.address))).toBe(true);
  });
});

describe('fetching within limits (private addresses allowed, as a test server is)', () => {
  it('answers the bytes, whatever type the server claims', async () => {
    const base = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('hello');
    });
    const got = await fetchRemote(`${base}/a.jpg`, open);
    expect(Buffer.from(got.bytes).toString()).toBe('hello');
  });

  it('refuses an announced length over the limit without reading it, and a longer body cut off', async () => {
    const base = await serve((req, res) => {
      if (req.url === '/announced') {
        res.writeHead(200, { 'content-length': '1025' });
        res.end('x'.repeat(1025));
      } else {
        // Chunked: no length announced, the body runs past the limit.
        res.writeHead(200);
        res.write('x'.repeat(1000));
        res.end('x'.repeat(1000));
      }
    });
    expect(await reason(fetchRemote(`${base}/announced`, open))).toBe('tooLarge');
    expect(await reason(fetchRemote(`${base}/chunked`, open))).toBe('tooLarge');
    expect((await fetchRemote(`${base}/announced`, { ...open, maxBytes: 1025 })).bytes.length).toBe(
      1025,
    );
  });

  it('gives up at the deadline on a peer that never finishes', async () => {
    const base = await serve((_req, res) => {
      res.writeHead(200);
      res.write('x'); // and never more
    });
    expect(await reason(fetchRemote(`${base}/slow`, { ...open, timeoutMs: 150 }))).toBe('timeout');
  });

  it('follows a few redirects, checking each, and refuses a redirect to another scheme', async () => {
    const base = await serve((req, res) => {
      const step = Number(req.url?.slice(1));
      if (req.url === '/file') res.writeHead(302, { location: 'file:///etc/passwd' }).end();
      else if (step > 0) res.writeHead(302, { location: `/${step - 1}` }).end();
      else res.end('done');
    });
    expect(Buffer.from((await fetchRemote(`${base}/3`, open)).bytes).toString()).toBe('done');
    expect(await reason(fetchRemote(`${base}/4`, open))).toBe('redirects');
    expect(await reason(fetchRemote(`${base}/file`, open))).toBe('address');
  });

  it('answers a failure for an error status', async () => {
    const base = await serve((_req, res) => res.writeHead(404).end('no'));
    expect(await reason(fetchRemote(`${base}/missing.jpg`, open))).toBe('status');
  });
});
