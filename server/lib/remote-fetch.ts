import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP } from 'node:net';

/**
 * Fetching a file from an address a seller (or a page the collector read) gave us: the source
 * images of a claimed product. Whoever controls the address controls the request, so:
 *
 * - only http and https, no credentials in the address, at most a few redirects, each checked
 *   again;
 * - the address the socket actually connects to is checked at connect time (the lookup the
 *   socket uses, so a name that answers a public address to a first lookup and a private one to
 *   the next still cannot reach inside), and literal IP hosts before any connection: loopback,
 *   private, link-local (cloud metadata), carrier-grade NAT, multicast, reserved, and IPv6 forms
 *   that embed an IPv4 address are refused, unless `allowPrivate` (a development or test server
 *   whose images are served on this machine) says otherwise;
 * - one deadline for the whole exchange (connect, headers, body), however slowly the peer
 *   trickles bytes;
 * - at most `maxBytes` read (an announced larger length is refused before reading), never
 *   decompressed (no Accept-Encoding is sent);
 * - what the bytes are is for the caller to read from them: the response's Content-Type is not
 *   believed.
 */

export type RemoteFetchFailure =
  | 'address'
  | 'blocked'
  | 'status'
  | 'tooLarge'
  | 'timeout'
  | 'network'
  | 'redirects';

export class RemoteFetchError extends Error {
  constructor(
    readonly reason: RemoteFetchFailure,
    message: string,
  ) {
    super(message);
    this.name = 'RemoteFetchError';
  }
}

export interface RemoteFetchOptions {
  /** Loopback and private addresses allowed (development and tests only). */
  allowPrivate: boolean;
  maxBytes: number;
  timeoutMs: number;
  maxRedirects?: number;
}

// One list per family: a list holding IPv6 networks also matches IPv4 addresses it maps.
const blocked4 = new BlockList();
const blocked6 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked4.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 96], // unspecified, loopback and IPv4-compatible
  ['::ffff:0:0', 96], // IPv4-mapped
  ['64:ff9b::', 96], // NAT64
  ['64:ff9b:1::', 48],
  ['100::', 64], // discard
  ['2001::', 32], // Teredo
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local
  ['ff00::', 8], // multicast
] as const)
  blocked6.addSubnet(network, prefix, 'ipv6');

/** Whether an IP address is one a server must not be made to reach for someone else. */
export function isPrivateAddress(address: string): boolean {
  const plain = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(plain);
  if (family === 4) return blocked4.check(plain, 'ipv4');
  if (family === 6) return blocked6.check(plain, 'ipv6');
  return true;
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** The socket's own name lookup, refusing every answer when any of it is private. */
export function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '');
      const list = addresses as LookupAddress[];
      const first = list[0];
      if (!first) return callback(new RemoteFetchError('network', `${hostname}: no address`), '');
      if (!allowPrivate && list.some((entry) => isPrivateAddress(entry.address)))
        return callback(new RemoteFetchError('blocked', `${hostname}: a private address`), '');
      if (options.all) callback(null, list);
      else callback(null, first.address, first.family);
    });
  };
}

function parseTarget(raw: string, allowPrivate: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new RemoteFetchError('address', 'not an address');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new RemoteFetchError('address', `${url.protocol} is not fetched`);
  if (url.username || url.password)
    throw new RemoteFetchError('address', 'an address with credentials');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate && isIP(host) && isPrivateAddress(host))
    throw new RemoteFetchError('blocked', `${host}: a private address`);
  if (!allowPrivate && /(^|\.)localhost\.?$/i.test(host))
    throw new RemoteFetchError('blocked', `${host}: a private address`);
  return url;
}

/** One request, answered with its response (not yet read) or a failure. */
function send(url: URL, options: RemoteFetchOptions, signal: AbortSignal) {
  return new Promise<IncomingMessage>((resolve, reject) => {
    const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(
      url,
      {
        method: 'GET',
        // A fresh agent: no pooled socket connected under another check.
        agent: false,
        lookup: guardedLookup(options.allowPrivate) as never,
        headers: { accept: 'image/*', 'user-agent': 'SellerCenter-MediaFetch/1' },
        signal,
      },
      resolve,
    );
    request.on('error', reject);
    request.end();
  });
}

function readBody(response: IncomingMessage, maxBytes: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    response.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > maxBytes) {
        reject(new RemoteFetchError('tooLarge', `more than ${maxBytes} bytes`));
        response.destroy();
        return;
      }
      chunks.push(chunk);
    });
    response.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    response.on('error', reject);
    response.on('aborted', () => reject(new RemoteFetchError('network', 'the answer was cut')));
  });
}

/** The bytes at a remote address, within the limits above. */
export async function fetchRemote(
  raw: string,
  options: RemoteFetchOptions,
): Promise<{ bytes: Uint8Array; url: string }> {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new RemoteFetchError('timeout', `no answer in ${options.timeoutMs} ms`)),
    options.timeoutMs,
  );
  const redirects = options.maxRedirects ?? 3;
  try {
    let url = parseTarget(raw, options.allowPrivate);
    for (let hop = 0; ; hop++) {
      const response = await send(url, options, controller.signal);
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400 && response.headers.location) {
        response.resume();
        if (hop >= redirects) throw new RemoteFetchError('redirects', 'too many redirects');
        url = parseTarget(new URL(response.headers.location, url).href, options.allowPrivate);
        continue;
      }
      if (status !== 200) {
        response.resume();
        throw new RemoteFetchError('status', `answered ${status}`);
      }
      const length = Number(response.headers['content-length']);
      if (Number.isFinite(length) && length > options.maxBytes) {
        response.destroy();
        throw new RemoteFetchError('tooLarge', `${length} bytes announced`);
      }
      return { bytes: await readBody(response, options.maxBytes), url: url.href };
    }
  } catch (error) {
    if (controller.signal.aborted) throw controller.signal.reason;
    if (error instanceof RemoteFetchError) throw error;
    const cause = (error as { cause?: unknown }).cause;
    if (cause instanceof RemoteFetchError) throw cause;
    throw new RemoteFetchError('network', error instanceof Error ? error.message : 'failed');
  } finally {
    clearTimeout(timer);
  }
}
