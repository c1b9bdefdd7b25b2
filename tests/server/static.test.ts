import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';

let dir: string;
let t: TestApp;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cmp-static-'));
  const consoleDir = join(dir, 'console');
  await mkdir(join(consoleDir, 'assets'), { recursive: true });
  await writeFile(join(consoleDir, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(join(consoleDir, 'assets', 'app-abc123.js'), 'console.log(1)');
  await writeFile(join(dir, 'secret.txt'), 'not for the web');
  await writeFile(join(dir, 'extension.zip'), Buffer.from('PK\u0003\u0004zip'));
  t = await createTestApp({ config: { consoleDir, extensionZip: join(dir, 'extension.zip') } });
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

describe('console and extension files', () => {
  it('redirects / and /cmp to /cmp/', async () => {
    for (const path of ['/', '/cmp']) {
      const res = await t.app.request(path);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/cmp/');
    }
  });

  it('serves index.html for the console and for any history-mode route under it', async () => {
    for (const path of ['/cmp/', '/cmp/login', '/cmp/thirdPartyPlatform/orderManage?orderId=1']) {
      const res = await t.app.request(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('<div id="root">');
    }
  });

  it('serves hashed assets with a long cache and 404s a missing one', async () => {
    const asset = await t.app.request('/cmp/assets/app-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toContain('text/javascript');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect(await asset.text()).toBe('console.log(1)');
    expect((await t.app.request('/cmp/assets/gone-999.js')).status).toBe(404);
  });

  it('never serves a file outside the console folder', async () => {
    for (const path of ['/cmp/../secret.txt', '/cmp/%2e%2e/secret.txt', '/cmp/..%2fsecret.txt']) {
      const res = await t.app.request(path);
      expect(await res.text()).not.toContain('not for the web');
    }
  });

  it('offers the extension zip for download', async () => {
    const res = await t.app.request('/downloads/extension.zip');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toContain('attachment');
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
  });
});
