import { and, eq, isNotNull, like, sql } from 'drizzle-orm';
import type { Actor, AppDeps } from '../../context';
import { files, purchases, users } from '../../db/schema/index';
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

/** The operators who handle every seller's purchases, and so read their attachments. */
const PURCHASE_OPERATORS = ['PURCHASER', 'STOREKEEPER'];

/**
 * A stored file's bytes and type, to the accounts of the main account whose account uploaded it
 * (the main account and its sub-accounts); a purchase's attachment also to the purchase's seller
 * (when the sub-account that uploaded it is gone) and to the purchasers and storekeepers who
 * handle it; null for anyone else, as for a file that does not exist. From the Storage, or from
 * the database for a file uploaded before the Storage (documents, and images the maintenance run
 * has not moved yet). A read changes nothing.
 */
export async function readFile(
  deps: Pick<AppDeps, 'db' | 'config'>,
  actor: Pick<Actor, 'ownerId' | 'roles'>,
  id: string,
): Promise<{ bytes: Uint8Array; contentType: string } | null> {
  const [found] = await deps.db
    .select({ file: files, tenant: sql<string | null>`coalesce(${users.parentId}, ${users.id})` })
    .from(files)
    .leftJoin(users, eq(users.id, files.ownerId))
    .where(eq(files.id, id))
    .limit(1);
  if (!found) return null;
  const row = found.file;
  if (found.tenant !== actor.ownerId && !(await attachedForActor(deps, actor, id))) return null;
  if (row.storageKey) {
    const stored = await storageFor(deps.config).get(row.storageKey);
    return stored ? { bytes: stored.bytes, contentType: row.contentType } : null;
  }
  return row.data ? { bytes: new Uint8Array(row.data), contentType: row.contentType } : null;
}

/**
 * Whether the file is attached to a purchase the actor works on: any purchase for its operators,
 * its own main account's for a seller.
 */
async function attachedForActor(
  deps: Pick<AppDeps, 'db'>,
  actor: Pick<Actor, 'ownerId' | 'roles'>,
  id: string,
): Promise<boolean> {
  const operator = actor.roles.some((role) => PURCHASE_OPERATORS.includes(role));
  const [attached] = await deps.db
    .select({ id: purchases.id })
    .from(purchases)
    .where(
      and(
        sql`${purchases.attachments} @> ${JSON.stringify([{ id }])}::jsonb`,
        operator ? undefined : eq(purchases.ownerId, actor.ownerId),
      ),
    )
    .limit(1);
  return attached !== undefined;
}

/**
 * Moves images still kept in the database (uploaded before the Storage) into the Storage, a batch
 * at a time; documents stay. Safe when several server processes run it at once: a row is cleared
 * only while it still holds its bytes, and the Storage is keyed by content.
 */
export async function moveImagesToStorage(
  deps: Pick<AppDeps, 'db' | 'config'>,
  batch = 100,
): Promise<number> {
  const storage = storageFor(deps.config);
  const rows = await deps.db
    .select({ id: files.id, data: files.data, contentType: files.contentType })
    .from(files)
    .where(and(isNotNull(files.data), like(files.contentType, 'image/%')))
    .limit(batch);
  let moved = 0;
  for (const row of rows) {
    if (!row.data) continue;
    const bytes = new Uint8Array(row.data);
    const storageKey = await storage.put(bytes, row.contentType);
    if (storageKey !== contentKey(bytes)) continue;
    const done = await deps.db
      .update(files)
      .set({ storageKey, data: null })
      .where(and(eq(files.id, row.id), isNotNull(files.data)))
      .returning({ id: files.id });
    moved += done.length;
  }
  return moved;
}
