import { promisify } from 'node:util';
import {
  type BrotliOptions,
  brotliCompress,
  brotliCompressSync,
  gzip,
  gzipSync,
  type ZlibOptions,
  constants as zlib,
} from 'node:zlib';
import type { Context } from 'hono';
import type { AppEnv } from '../context';
import { acceptedEncodings } from '../lib/encoding';
import { envelopeText } from '../lib/respond';

/** Answers smaller than this go as they are: compressing them costs more than it saves. */
const THRESHOLD = 1024;
/** Up to this size the work is shorter than handing it to the thread pool. */
const INLINE_LIMIT = 64 * 1024;
const COMPRESSIBLE = /^(application\/(json|javascript|xml)|text\/)/i;
const BROTLI: BrotliOptions = {
  params: { [zlib.BROTLI_PARAM_QUALITY]: 4, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT },
};
const GZIP: ZlibOptions = { level: 6 };
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** What an encoding gives for `body`: inline when small, on the thread pool when large. */
async function encode(body: Uint8Array, encoding: 'br' | 'gzip'): Promise<Uint8Array> {
  if (body.byteLength <= INLINE_LIMIT)
    return encoding === 'br' ? brotliCompressSync(body, BROTLI) : gzipSync(body, GZIP);
  return encoding === 'br' ? brotliAsync(body, BROTLI) : gzipAsync(body, GZIP);
}

/**
 * An envelope's text compressed for the client, when it accepts brotli or gzip, and the text is
 * at least THRESHOLD bytes (and the request no HEAD); null to send it as it is.
 */
export async function compressEnvelope(
  c: Context<AppEnv>,
  text: string,
): Promise<{ body: Uint8Array<ArrayBuffer>; encoding: 'br' | 'gzip' } | null> {
  const acceptEncoding = c.req.header('accept-encoding');
  if (!acceptEncoding || c.req.method === 'HEAD' || text.length < THRESHOLD / 3) return null;
  if (Buffer.byteLength(text) < THRESHOLD) return null;
  const accepted = acceptedEncodings(acceptEncoding);
  if (!accepted.br && !accepted.gzip) return null;
  const encoding = accepted.br ? 'br' : 'gzip';
  return {
    body: (await encode(Buffer.from(text, 'utf8'), encoding)) as Uint8Array<ArrayBuffer>,
    encoding,
  };
}

/**
 * Compresses the API's answers (JSON, text) for a client that accepts brotli or gzip, once the
 * route has answered. Costs nothing for a client that accepts neither, and leaves alone what is
 * already encoded, streamed files (static files come precompressed from the build, with their
 * ETag) and small answers. An envelope (lib/respond.ts) is measured and read from the text it was
 * made of, so a small one is never read back out of its response.
 */
export async function compressResponse(c: Context<AppEnv>): Promise<void> {
  const acceptEncoding = c.req.header('accept-encoding');
  if (!acceptEncoding || c.req.method === 'HEAD') return;
  const res = c.res;
  const text = envelopeText(res);
  const size = text === undefined ? Number.NaN : Buffer.byteLength(text);
  if (size < THRESHOLD) return;
  const accepted = acceptedEncodings(acceptEncoding);
  if (!accepted.br && !accepted.gzip) return;
  const headers = res.headers;
  if (
    (text === undefined && !res.body) ||
    res.status === 204 ||
    res.status === 206 ||
    headers.has('content-encoding') ||
    headers.has('etag') ||
    !COMPRESSIBLE.test(headers.get('content-type') ?? '') ||
    /no-transform/i.test(headers.get('cache-control') ?? '')
  )
    return;
  const length = Number(headers.get('content-length') ?? Number.NaN);
  if (length < THRESHOLD) return;
  const body =
    text === undefined ? new Uint8Array(await res.arrayBuffer()) : Buffer.from(text, 'utf8');
  const encoding = accepted.br ? 'br' : 'gzip';
  const output = body.byteLength >= THRESHOLD ? await encode(body, encoding) : body;
  const out = new Headers(headers);
  if (output !== body) {
    out.set('content-encoding', encoding);
    out.set('content-length', String(output.byteLength));
    const vary = out.get('vary');
    if (!vary || !/accept-encoding/i.test(vary))
      out.set('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
  }
  c.res = undefined;
  c.res = new Response(output as Uint8Array<ArrayBuffer>, { status: res.status, headers: out });
}
