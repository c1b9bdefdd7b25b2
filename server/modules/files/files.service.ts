import { and, eq, isNotNull } from 'drizzle-orm';
import type { Actor, AppDeps } from '../../context';
import { files } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { contentKey, storageFor } from '../../lib/storage';

/** Images are at most 2 MB (spec section 9). */
const IMAGE_LIMIT_BYTES = 2 * 1024 * 1024;

/** The image type by its first bytes, whatever the upload claimed. */
function sniffImage(bytes: Buffer): 'image/png' | 'image/jpeg' | 'image/webp' | null {
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return 'image/png';
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return 'image/jpeg';
  if (
    bytes.length >= 12 &&
    bytes.toString('ascii', 0, 4) === 'RIFF' &&
    bytes.toString('ascii', 8, 12) === 'WEBP'
  ) {
    return 'image/webp';
  }
  return null;
}

/** Stores an uploaded image (PNG, JPEG or WebP, at most 2 MB): its bytes in the Storage. */
export async function storeImage(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  actor: Actor,
  bytes: Buffer,
) {
  const { db, clock } = deps;
  if (bytes.length > IMAGE_LIMIT_BYTES)
    throw new AppError('FILE_TOO_LARGE', { params: { limit: '2 MB' } });
  const contentType = sniffImage(bytes);
  if (!contentType)
    throw new AppError('FILE_TYPE_UNSUPPORTED', { params: { types: 'JPG, PNG, WebP' } });
  const storageKey = await storageFor(deps.config).put(new Uint8Array(bytes), contentType);
  const [row] = await db
    .insert(files)
    .values({
      ownerId: actor.userId,
      contentType,
      size: bytes.length,
      sha256: storageKey,
      data: null,
      storageKey,
      createdAt: clock.now(),
    })
    .returning({ id: files.id });
  if (!row) throw new AppError('OPERATION_FAILED');
  return { id: row.id, url: `/files/${row.id}`, contentType, size: bytes.length };
}

/**
 * A stored file's bytes and type. An image still kept in the database (uploaded before the
 * Storage) is moved there on this first read; documents stay in the database.
 */
export async function readFile(
  deps: Pick<AppDeps, 'db' | 'config'>,
  _actor: null,
  id: string,
): Promise<{ bytes: Uint8Array; contentType: string } | null> {
  const { db } = deps;
  const storage = storageFor(deps.config);
  const [row] = await db.select().from(files).where(eq(files.id, id)).limit(1);
  if (!row) return null;
  if (row.storageKey) {
    const stored = await storage.get(row.storageKey);
    return stored ? { bytes: stored.bytes, contentType: row.contentType } : null;
  }
  if (!row.data) return null;
  const bytes = new Uint8Array(row.data);
  if (row.contentType.startsWith('image/')) {
    const storageKey = await storage.put(bytes, row.contentType);
    if (storageKey === contentKey(bytes))
      await db
        .update(files)
        .set({ storageKey, data: null })
        .where(and(eq(files.id, row.id), isNotNull(files.data)));
  }
  return { bytes, contentType: row.contentType };
}
