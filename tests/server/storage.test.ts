import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contentKey, diskStorage, type Storage, s3Storage } from '@server/lib/storage';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * One suite for every Storage: on disk, and on an S3-compatible server in-process (s3rver, path-
 * style requests signed with Signature Version 4; it does not verify the signature).
 */

const backends: {
  name: string;
  make: () => Promise<{ storage: Storage; close: () => Promise<void> }>;
}[] = [
  {
    name: 'disk',
    make: async () => {
      const dir = await mkdtemp(join(tmpdir(), 'cmp-storage-'));
      return { storage: diskStorage(dir), close: () => rm(dir, { recursive: true, force: true }) };
    },
  },
  {
    name: 'S3-compatible',
    make: async () => {
      const dir = await mkdtemp(join(tmpdir(), 'cmp-s3-'));
      const server = new S3rver({
        address: '127.0.0.1',
        port: 0,
        silent: true,
        directory: dir,
        configureBuckets: [{ name: 'media', configs: [] }],
      });
      const address = await server.run();
      const storage = s3Storage({
        kind: 's3',
        endpoint: `http://127.0.0.1:${address.port}`,
        bucket: 'media',
        region: 'us-east-1',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
      });
      return {
        storage,
        close: async () => {
          await server.close();
          await rm(dir, { recursive: true, force: true });
        },
      };
    },
  },
];

for (const backend of backends)
  describe(`the ${backend.name} storage`, () => {
    let storage: Storage;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ storage, close } = await backend.make());
    });
    afterAll(() => close());

    it('keeps bytes under their SHA-256 and gives them back with their type', async () => {
      const bytes = new Uint8Array(Buffer.from(`a picture ${backend.name}`));
      const key = await storage.put(bytes, 'image/png');
      expect(key).toBe(contentKey(bytes));
      expect(key).toMatch(/^[0-9a-f]{64}$/);
      expect(await storage.has(key)).toBe(true);
      const back = await storage.get(key);
      expect(Buffer.from(back?.bytes ?? []).equals(Buffer.from(bytes))).toBe(true);
      expect(back?.mime).toBe('image/png');
    });

    it('stores the same bytes once, whoever puts them', async () => {
      const bytes = new Uint8Array(256).map((_, i) => i);
      const [first, second] = await Promise.all([
        storage.put(bytes, 'image/jpeg'),
        storage.put(bytes, 'image/jpeg'),
      ]);
      expect(first).toBe(second);
      expect((await storage.get(first ?? ''))?.bytes.length).toBe(256);
    });

    it('answers nothing for an unknown key and refuses anything that is not a content key', async () => {
      expect(await storage.get('0'.repeat(64))).toBeNull();
      expect(await storage.has('0'.repeat(64))).toBe(false);
      for (const key of ['../../etc/passwd', 'ABC', `${'a'.repeat(64)}/x`, ''])
        expect(await storage.get(key)).toBeNull();
    });

    it('keeps large files whole', async () => {
      const bytes = new Uint8Array(3 * 1024 * 1024).map((_, i) => (i * 31) % 251);
      const key = await storage.put(bytes, 'video/mp4');
      const back = await storage.get(key);
      expect(back?.bytes.length).toBe(bytes.length);
      expect(contentKey(back?.bytes ?? new Uint8Array())).toBe(key);
    });
  });
