import type { Media, ProductInput } from '@shared/contracts/products';
import type { AppDeps } from '../../context';
import { media } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { readMedia } from '../../lib/media-type';
import { fetchRemote, RemoteFetchError } from '../../lib/remote-fetch';
import { storageFor } from '../../lib/storage';
import { IMAGE_LIMIT, mediaUrl } from './media.service';

/**
 * A claimed product's images are the addresses its source page gave (1688, AliExpress, ...).
 * Before publishing they are fetched once, checked as an upload is (the type read from the bytes:
 * JPG or PNG, the platforms' formats; at most 2 MB), kept in the Storage under their hash for the
 * product's main account, and the product then names the stored file: a second publish (or a
 * retry) fetches nothing.
 */

/** What the platforms take as product images. */
const SOURCE_IMAGE_TYPES: readonly string[] = ['image/jpeg', 'image/png'];

export class SourceImageError extends AppError {
  constructor(
    readonly url: string,
    readonly reason: string,
  ) {
    super('MEDIA_FETCH_FAILED', { params: { url, reason } });
  }
}

async function fetchImage(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  ownerId: string,
  url: string,
): Promise<Media> {
  let bytes: Uint8Array;
  try {
    ({ bytes } = await fetchRemote(url, {
      allowPrivate: deps.config.remoteMedia.allowPrivate,
      timeoutMs: deps.config.remoteMedia.timeoutMs,
      maxBytes: IMAGE_LIMIT,
    }));
  } catch (error) {
    if (error instanceof RemoteFetchError) throw new SourceImageError(url, error.reason);
    throw error;
  }
  const info = readMedia(bytes);
  if (!info || !SOURCE_IMAGE_TYPES.includes(info.mime)) throw new SourceImageError(url, 'type');
  const key = await storageFor(deps.config).put(bytes, info.mime);
  await deps.db
    .insert(media)
    .values({
      ownerId,
      key,
      mime: info.mime,
      bytes: bytes.length,
      width: info.width,
      height: info.height,
      durationMs: null,
      createdBy: null,
      createdAt: deps.clock.now(),
    })
    .onConflictDoNothing({ target: [media.ownerId, media.key] });
  return {
    key,
    url: mediaUrl(key),
    mime: info.mime,
    bytes: bytes.length,
    width: info.width,
    height: info.height,
    durationMs: null,
  };
}

const isRemote = (item: Media | null): item is Media =>
  item !== null && item.key === null && /^https?:\/\//i.test(item.url);

/**
 * The content with every remote image (cover and gallery, SKU and variation option images, size
 * chart) replaced by its stored file, or null when it names none. One fetch per address.
 */
export async function storeSourceImages(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  ownerId: string,
  content: ProductInput,
): Promise<ProductInput | null> {
  const fetched = new Map<string, Promise<Media>>();
  const store = (item: Media | null): Promise<Media | null> => {
    if (!isRemote(item)) return Promise.resolve(item);
    let pending = fetched.get(item.url);
    if (!pending) {
      pending = fetchImage(deps, ownerId, item.url);
      fetched.set(item.url, pending);
    }
    return pending;
  };
  const images: Media[] = [];
  for (const image of content.images) images.push((await store(image)) ?? image);
  const sizeChart = await store(content.sizeChart);
  const skus = [];
  for (const sku of content.skus) skus.push({ ...sku, image: await store(sku.image) });
  const variations = [];
  for (const variation of content.variations) {
    const options = [];
    for (const option of variation.options)
      options.push({ ...option, image: await store(option.image) });
    variations.push({ ...variation, options });
  }
  if (fetched.size === 0) return null;
  return { ...content, images, sizeChart, skus, variations };
}
