import { randomUUID } from 'node:crypto';
import { encodePng } from '@server/lib/png';
import { createAccount } from '@server/modules/accounts/accounts.service';
import { API_CLIENTS, basicClientAuth, HEADERS } from '@shared/contracts/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, makeSeller, makeSubAccount } from '../support/accounts';
import { createTestApp, type TestApp } from '../support/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A GET of a file as the console's client sends it, with this session or none. */
function fetchFile(url: string, token: string | null) {
  return t.app.request(url, {
    headers: {
      [HEADERS.authorization]: basicClientAuth(API_CLIENTS.console),
      ...(token ? { [HEADERS.token]: token } : {}),
    },
  });
}

async function uploadAvatar(token: string, bytes: Uint8Array) {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'avatar.png');
  const res = await t.call('POST', '/api-user/file/upload', { token, body: form });
  expect(res.body.resp_code, res.text).toBe(0);
  return res.body.datas.url as string;
}

async function operator(role: 'PURCHASER' | 'STOREKEEPER' | 'SERVICE_OPERATOR') {
  const email = `${role.toLowerCase()}-${randomUUID()}@example.com`;
  await createAccount(t, null, { email, password: 'Operator-pass1', name: role, role, site: 'th' });
  return login(t, email, 'Operator-pass1');
}

describe('/files/:id', () => {
  it('serves an avatar to its owner’s accounts only; anyone else is answered as for no file', async () => {
    const owner = await makeSeller(t, `files-owner-${randomUUID()}@example.com`, ['Shop A']);
    const sub = await makeSubAccount(t, owner.token, `files-sub-${randomUUID()}@example.com`, []);
    const other = await makeSeller(t, `files-other-${randomUUID()}@example.com`, ['Shop B']);
    const png = encodePng(2, 2, new Uint8Array(16).fill(120));
    const url = await uploadAvatar(owner.token, png);

    for (const token of [owner.token, sub.token]) {
      const served = await fetchFile(url, token);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/png');
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect(served.headers.get('cache-control')).toMatch(/^private\b/);
      expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(png))).toBe(true);
    }

    // A file the sub-account uploaded is its main account's too.
    const subPng = encodePng(3, 3, new Uint8Array(36).fill(60));
    const subUrl = await uploadAvatar(sub.token, subPng);
    const bySub = await fetchFile(subUrl, owner.token);
    expect(Buffer.from(await bySub.arrayBuffer()).equals(Buffer.from(subPng))).toBe(true);

    // Another seller and an operator get what an address nobody uploaded gets: 404, no bytes.
    const missing = await fetchFile(`/files/${randomUUID()}`, other.token);
    expect(missing.status).toBe(404);
    const missingBody = await missing.text();
    for (const token of [
      other.token,
      await operator('PURCHASER'),
      await operator('SERVICE_OPERATOR'),
    ]) {
      for (const address of [url, subUrl]) {
        const refused = await fetchFile(address, token);
        expect(refused.status).toBe(404);
        expect(refused.headers.get('content-type')).not.toBe('image/png');
        expect(await refused.text()).toBe(missingBody);
      }
    }

    // Without a session: the same answer whether the file exists or not, and never its bytes.
    const anonymous = await fetchFile(url, null);
    const anonymousMissing = await fetchFile(`/files/${randomUUID()}`, null);
    expect(anonymous.status).toBe(401);
    expect(anonymousMissing.status).toBe(401);
    expect(await anonymous.text()).toBe(await anonymousMissing.text());
    const bare = await t.app.request(url);
    expect(bare.status).not.toBe(200);
    expect(bare.headers.get('content-type')).not.toBe('image/png');
  });

  it('answers 404 to an address that is not a file id', async () => {
    const owner = await makeSeller(t, `files-bad-${randomUUID()}@example.com`, []);
    expect((await fetchFile('/files/not-a-uuid', owner.token)).status).toBe(404);
  });
});
