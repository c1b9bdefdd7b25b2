import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Actor, AppDeps } from '../../context';
import { files } from '../../db/schema/index';
import { AppError } from '../../lib/errors';

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

/** Stores an uploaded image (PNG, JPEG or WebP, at most 2 MB). */
export async function storeImage(deps: Pick<AppDeps, 'db' | 'clock'>, actor: Actor, bytes: Buffer) {
  const { db, clock } = deps;
  if (bytes.length > IMAGE_LIMIT_BYTES)
    throw new AppError('FILE_TOO_LARGE', { params: { limit: '2 MB' } });
  const contentType = sniffImage(bytes);
  if (!contentType)
    throw new AppError('FILE_TYPE_UNSUPPORTED', { params: { types: 'JPG, PNG, WebP' } });
  const [row] = await db
    .insert(files)
    .values({
      ownerId: actor.userId,
      contentType,
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      data: bytes,
      createdAt: clock.now(),
    })
    .returning({ id: files.id });
  if (!row) throw new AppError('OPERATION_FAILED');
  return { id: row.id, url: `/files/${row.id}`, contentType, size: bytes.length };
}

export async function readFile(deps: Pick<AppDeps, 'db'>, _actor: null, id: string) {
  const { db } = deps;
  const [row] = await db.select().from(files).where(eq(files.id, id)).limit(1);
  return row ?? null;
}
