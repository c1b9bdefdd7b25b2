import { MB } from '@shared/contracts/product-rules';
import type { Media } from '@shared/contracts/products';
import { and, eq, inArray } from 'drizzle-orm';
import type { Actor, AppDeps } from '../../context';
import { media } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { type MediaInfo, readMedia } from '../../lib/media-type';
import { isContentKey, storageFor } from '../../lib/storage';

/**
 * Product images and videos: the type read from the bytes (never the name or the claimed type),
 * an image's size in pixels and a video's duration read from the file; the bytes kept in the
 * Storage under their SHA-256, readable only by the accounts of the main account that uploaded
 * them.
 */

/** Every image at most 2 MB (spec section 9); a video MP4, at most 30 MB, 10 to 60 s (decisions.md). */
export const IMAGE_LIMIT = 2 * MB;
const VIDEO_LIMIT = 30 * MB;
const VIDEO_SECONDS = { min: 10, max: 60 } as const;

export const mediaUrl = (key: string) => `/product/media/${key}`;

function mediaOfRow(row: typeof media.$inferSelect): Media {
  return {
    key: row.key,
    url: mediaUrl(row.key),
    mime: row.mime,
    bytes: row.bytes,
    width: row.width,
    height: row.height,
    durationMs: row.durationMs,
  };
}

/** What an upload is, or why it is refused (FILE_TYPE_UNSUPPORTED, FILE_TOO_LARGE, MEDIA_DURATION). */
function checkUpload(bytes: Uint8Array, options: { images?: readonly string[] } = {}): MediaInfo {
  const info = readMedia(bytes);
  const images = options.images ?? ['image/jpeg', 'image/png', 'image/webp'];
  if (!info || (info.mime !== 'video/mp4' && !images.includes(info.mime)))
    throw new AppError('FILE_TYPE_UNSUPPORTED', { params: { types: 'JPG, PNG, WebP, MP4' } });
  if (info.mime === 'video/mp4') {
    if (bytes.length > VIDEO_LIMIT)
      throw new AppError('FILE_TOO_LARGE', { params: { limit: '30 MB' } });
    const seconds = info.durationMs === null ? null : info.durationMs / 1000;
    if (seconds === null || seconds < VIDEO_SECONDS.min || seconds > VIDEO_SECONDS.max)
      throw new AppError('MEDIA_DURATION', {
        params: { minimum: VIDEO_SECONDS.min, maximum: VIDEO_SECONDS.max },
      });
  } else if (bytes.length > IMAGE_LIMIT)
    throw new AppError('FILE_TOO_LARGE', { params: { limit: '2 MB' } });
  return info;
}

/** POST /product/media/upload: stores the file for the actor's main account. */
export async function uploadMedia(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  actor: Pick<Actor, 'ownerId' | 'userId'>,
  bytes: Uint8Array,
): Promise<Media> {
  const info = checkUpload(bytes);
  const key = await storageFor(deps.config).put(bytes, info.mime);
  const [row] = await deps.db
    .insert(media)
    .values({
      ownerId: actor.ownerId,
      key,
      mime: info.mime,
      bytes: bytes.length,
      width: info.width,
      height: info.height,
      durationMs: info.durationMs,
      createdBy: actor.userId,
      createdAt: deps.clock.now(),
    })
    .onConflictDoUpdate({ target: [media.ownerId, media.key], set: { mime: info.mime } })
    .returning();
  if (!row) throw new AppError('OPERATION_FAILED');
  return mediaOfRow(row);
}

/** The actor's main account's media by key (keys it never uploaded are left out). */
export async function mediaOf(
  deps: Pick<AppDeps, 'db'>,
  actor: Pick<Actor, 'ownerId'>,
  keys: readonly string[],
): Promise<Map<string, Media>> {
  const valid = keys.filter(isContentKey);
  if (valid.length === 0) return new Map();
  const rows = await deps.db
    .select()
    .from(media)
    .where(and(eq(media.ownerId, actor.ownerId), inArray(media.key, valid)));
  return new Map(rows.map((row) => [row.key, mediaOfRow(row)]));
}

/** GET /product/media/:key: the bytes, for the uploader's main account only (else not found). */
export async function readMediaFile(
  deps: Pick<AppDeps, 'db' | 'config'>,
  actor: Pick<Actor, 'ownerId'>,
  key: string,
): Promise<{ bytes: Uint8Array; mime: string } | null> {
  const known = await mediaOf(deps, actor, [key]);
  const found = known.get(key);
  if (!found) return null;
  const stored = await storageFor(deps.config).get(key);
  return stored ? { bytes: stored.bytes, mime: found.mime ?? stored.mime } : null;
}

/** The bytes of stored media for publishing (no actor: the job holds the product). */
export async function mediaBytes(
  deps: Pick<AppDeps, 'config'>,
  _actor: null,
  key: string,
): Promise<{ bytes: Uint8Array; mime: string } | null> {
  return storageFor(deps.config).get(key);
}
