/** Files the media tests upload: an MP4 of a given length, and images and pretenders. */

function box(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length, 0);
  head.write(type, 4, 'ascii');
  return Buffer.concat([head, body]);
}

/** An MP4 whose movie header says it lasts `durationMs`, padded to `size` bytes (an mdat box). */
export function mp4(durationMs: number, size = 4096): Uint8Array {
  const ftyp = box('ftyp', Buffer.from('isom\0\0\x02\0isomiso2avc1mp41', 'latin1'));
  const mvhd = Buffer.alloc(100);
  mvhd.writeUInt32BE(0, 0); // version 0, flags
  mvhd.writeUInt32BE(1000, 12); // timescale: milliseconds
  mvhd.writeUInt32BE(durationMs, 16);
  const moov = box('moov', box('mvhd', mvhd));
  const used = ftyp.length + moov.length + 8;
  const mdat = box('mdat', Buffer.alloc(Math.max(0, size - used)));
  return new Uint8Array(Buffer.concat([ftyp, moov, mdat]));
}

/** A JPEG of `width` x `height` (its start-of-frame header), padded to `size` bytes. */
export function jpeg(width: number, height: number, size = 2048): Uint8Array {
  const sof = Buffer.from([
    0xff,
    0xc0,
    0x00,
    0x11,
    0x08,
    height >> 8,
    height & 255,
    width >> 8,
    width & 255,
    0x03,
  ]);
  const head = Buffer.concat([Buffer.from([0xff, 0xd8]), sof, Buffer.alloc(14)]);
  const tail = Buffer.from([0xff, 0xd9]);
  return new Uint8Array(
    Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length - 2)), tail]),
  );
}
