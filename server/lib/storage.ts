import { createHash, createHmac, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/**
 * Where uploaded files live, addressed by the SHA-256 of their bytes: the same bytes are stored
 * once, whoever uploads them (who may read them is kept in the database, not here).
 */
export interface Storage {
  readonly kind: 'disk' | 's3';
  /** Stores the bytes under their hash (idempotent) and answers the key. */
  put(bytes: Uint8Array, mime: string): Promise<string>;
  get(key: string): Promise<{ bytes: Uint8Array; mime: string } | null>;
  has(key: string): Promise<boolean>;
}

export type StorageConfig =
  | { kind: 'disk'; dir: string }
  | {
      kind: 's3';
      /** The S3-compatible service's address (https://s3.ap-southeast-1.amazonaws.com, http://127.0.0.1:9000). */
      endpoint: string;
      bucket: string;
      region: string;
      accessKeyId: string;
      secretAccessKey: string;
    };

const KEY = /^[0-9a-f]{64}$/;
export const contentKey = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
export const isContentKey = (key: string) => KEY.test(key);

/** Files under `dir/ab/cd/<key>`, with the type beside them (`<key>.type`). */
export function diskStorage(dir: string): Storage {
  const path = (key: string) => join(dir, key.slice(0, 2), key.slice(2, 4), key);
  return {
    kind: 'disk',
    async put(bytes, mime) {
      const key = contentKey(bytes);
      const file = path(key);
      if (await exists(file)) return key;
      await mkdir(dirname(file), { recursive: true });
      // Written aside, then renamed: a reader never sees half a file.
      const temporary = `${file}.${randomUUID()}.part`;
      const typeFile = `${file}.${randomUUID()}.type.part`;
      await writeFile(typeFile, mime);
      await rename(typeFile, `${file}.type`);
      await writeFile(temporary, bytes);
      await rename(temporary, file);
      return key;
    },
    async get(key) {
      if (!isContentKey(key)) return null;
      const file = path(key);
      try {
        const [bytes, mime] = await Promise.all([readFile(file), readFile(`${file}.type`, 'utf8')]);
        return { bytes: new Uint8Array(bytes), mime };
      } catch {
        return null;
      }
    },
    async has(key) {
      return isContentKey(key) && (await exists(path(key)));
    },
  };
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) =>
  createHmac('sha256', key).update(data).digest();

/**
 * An S3-compatible bucket (AWS S3, MinIO, R2, ...), path-style, each request signed with AWS
 * Signature Version 4.
 */
export function s3Storage(
  config: Extract<StorageConfig, { kind: 's3' }>,
  deps: { fetch: typeof fetch; now: () => Date } = { fetch, now: () => new Date() },
): Storage {
  const base = new URL(config.endpoint);
  const objectPath = (key: string) =>
    `${base.pathname.replace(/\/+$/, '')}/${encodeURIComponent(config.bucket)}/${key}`;

  function signed(
    method: string,
    key: string,
    body: Uint8Array | null,
    headers: Record<string, string>,
  ) {
    const now = deps.now();
    const stamp = now
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '');
    const day = stamp.slice(0, 8);
    const payloadHash = sha256(body ?? new Uint8Array());
    const all: Record<string, string> = {
      ...headers,
      host: base.host,
      'x-amz-content-sha256': payloadHash,
      'x-amz-date': stamp,
    };
    const names = Object.keys(all)
      .map((name) => name.toLowerCase())
      .sort();
    const lower = Object.fromEntries(Object.entries(all).map(([k, v]) => [k.toLowerCase(), v]));
    const canonicalHeaders = names
      .map((name) => `${name}:${String(lower[name]).trim()}\n`)
      .join('');
    const signedHeaders = names.join(';');
    const path = objectPath(key);
    const canonical = [method, path, '', canonicalHeaders, signedHeaders, payloadHash].join('\n');
    const scope = `${day}/${config.region}/s3/aws4_request`;
    const toSign = ['AWS4-HMAC-SHA256', stamp, scope, sha256(canonical)].join('\n');
    const kDate = hmac(`AWS4${config.secretAccessKey}`, day);
    const kRegion = hmac(kDate, config.region);
    const kService = hmac(kRegion, 's3');
    const kSigning = hmac(kService, 'aws4_request');
    const signature = createHmac('sha256', kSigning).update(toSign).digest('hex');
    const authorization = `AWS4-HMAC-SHA256 Credential=${config.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
    const { host: _host, ...sent } = all;
    return {
      url: `${base.origin}${path}`,
      init: {
        method,
        headers: { ...sent, authorization },
        ...(body ? { body: body as Uint8Array<ArrayBuffer> } : {}),
      } satisfies RequestInit,
    };
  }

  async function send(
    method: string,
    key: string,
    body: Uint8Array | null,
    headers: Record<string, string> = {},
  ) {
    const { url, init } = signed(method, key, body, headers);
    return deps.fetch(url, init);
  }

  return {
    kind: 's3',
    async put(bytes, mime) {
      const key = contentKey(bytes);
      if (await this.has(key)) return key;
      const res = await send('PUT', key, bytes, { 'content-type': mime });
      if (!res.ok)
        throw new Error(`storage: PUT ${key} answered ${res.status}: ${await res.text()}`);
      return key;
    },
    async get(key) {
      if (!isContentKey(key)) return null;
      const res = await send('GET', key, null);
      if (res.status === 404) return null;
      if (!res.ok) throw new Error(`storage: GET ${key} answered ${res.status}`);
      return {
        bytes: new Uint8Array(await res.arrayBuffer()),
        mime: res.headers.get('content-type') ?? 'application/octet-stream',
      };
    },
    async has(key) {
      if (!isContentKey(key)) return false;
      const res = await send('HEAD', key, null);
      if (res.status === 404) return false;
      if (!res.ok) throw new Error(`storage: HEAD ${key} answered ${res.status}`);
      return true;
    },
  };
}

const built = new WeakMap<object, Storage>();

/** The storage a configuration names (one instance per configuration). */
export function storageFor(config: { storage: StorageConfig }): Storage {
  let storage = built.get(config);
  if (!storage) {
    storage =
      config.storage.kind === 'disk' ? diskStorage(config.storage.dir) : s3Storage(config.storage);
    built.set(config, storage);
  }
  return storage;
}
