/**
 * What a file is, read from its bytes (never from its name or the type an upload claimed):
 * JPEG, PNG, WebP or MP4, with an image's size in pixels and a video's duration.
 */
export type MediaType = 'image/jpeg' | 'image/png' | 'image/webp' | 'video/mp4';

export interface MediaInfo {
  mime: MediaType;
  width: number | null;
  height: number | null;
  durationMs: number | null;
}

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function sniffMediaType(bytes: Uint8Array): MediaType | null {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer.length >= 8 && buffer.subarray(0, 8).equals(PNG)) return 'image/png';
  if (buffer.length >= 3 && buffer[0] === 0xff && buffer[1] === 0xd8 && buffer[2] === 0xff)
    return 'image/jpeg';
  if (
    buffer.length >= 12 &&
    buffer.toString('ascii', 0, 4) === 'RIFF' &&
    buffer.toString('ascii', 8, 12) === 'WEBP'
  )
    return 'image/webp';
  if (buffer.length >= 12 && buffer.toString('ascii', 4, 8) === 'ftyp') {
    const brand = buffer.toString('ascii', 8, 12);
    if (/^(isom|iso[2-9]|mp4[12]|avc1|M4V |mp42|dash)$/.test(brand)) return 'video/mp4';
  }
  return null;
}

function pngSize(buffer: Buffer): [number, number] | null {
  if (buffer.length < 24 || buffer.toString('ascii', 12, 16) !== 'IHDR') return null;
  return [buffer.readUInt32BE(16), buffer.readUInt32BE(20)];
}

function jpegSize(buffer: Buffer): [number, number] | null {
  let at = 2;
  while (at + 9 < buffer.length) {
    if (buffer[at] !== 0xff) return null;
    const marker = buffer[at + 1] ?? 0;
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2;
      continue;
    }
    const length = buffer.readUInt16BE(at + 2);
    // Start of frame (baseline, progressive, ...), not DHT (c4), JPG (c8) or DAC (cc).
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker))
      return [buffer.readUInt16BE(at + 7), buffer.readUInt16BE(at + 5)];
    at += 2 + length;
  }
  return null;
}

function webpSize(buffer: Buffer): [number, number] | null {
  if (buffer.length < 30) return null;
  const chunk = buffer.toString('ascii', 12, 16);
  if (chunk === 'VP8 ') return [buffer.readUInt16LE(26) & 0x3fff, buffer.readUInt16LE(28) & 0x3fff];
  if (chunk === 'VP8L') {
    const bits = buffer.readUInt32LE(21);
    return [(bits & 0x3fff) + 1, ((bits >> 14) & 0x3fff) + 1];
  }
  if (chunk === 'VP8X') return [buffer.readUIntLE(24, 3) + 1, buffer.readUIntLE(27, 3) + 1];
  return null;
}

/** An MP4's duration from its movie header (moov/mvhd), walking the boxes. */
function mp4DurationMs(bytes: Uint8Array): number | null {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const walk = (start: number, end: number): number | null => {
    let at = start;
    while (at + 8 <= end) {
      let size = buffer.readUInt32BE(at);
      const type = buffer.toString('ascii', at + 4, at + 8);
      let header = 8;
      if (size === 1) {
        if (at + 16 > end) return null;
        size = Number(buffer.readBigUInt64BE(at + 8));
        header = 16;
      } else if (size === 0) size = end - at;
      if (size < header || at + size > end) return null;
      if (type === 'moov') return walk(at + header, at + size);
      if (type === 'mvhd') {
        const body = at + header;
        const version = buffer[body] ?? 0;
        if (version === 1) {
          const scale = buffer.readUInt32BE(body + 20);
          const duration = Number(buffer.readBigUInt64BE(body + 24));
          return scale > 0 ? Math.round((duration * 1000) / scale) : null;
        }
        const scale = buffer.readUInt32BE(body + 12);
        const duration = buffer.readUInt32BE(body + 16);
        return scale > 0 ? Math.round((duration * 1000) / scale) : null;
      }
      at += size;
    }
    return null;
  };
  return walk(0, buffer.length);
}

/** The file's type and measures, or null when it is none of the types we take. */
export function readMedia(bytes: Uint8Array): MediaInfo | null {
  const mime = sniffMediaType(bytes);
  if (!mime) return null;
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (mime === 'video/mp4')
    return { mime, width: null, height: null, durationMs: mp4DurationMs(bytes) };
  const size =
    mime === 'image/png'
      ? pngSize(buffer)
      : mime === 'image/jpeg'
        ? jpegSize(buffer)
        : webpSize(buffer);
  return { mime, width: size?.[0] ?? null, height: size?.[1] ?? null, durationMs: null };
}
