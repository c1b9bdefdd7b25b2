import { randomUUID } from 'node:crypto';
import { DEFAULT_LANGUAGE, parseAcceptLanguage, parseLanguage } from '@shared/contracts/languages';
import { HEADERS } from '@shared/contracts/protocol';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context';
import { clientAddress, type ProxyTrust } from '../lib/client-address';
import { translator } from '../lib/i18n';
import type { Logger } from '../lib/logger';
import { socketPeer } from '../lib/request-meta';
import { envelopeText, JSON_TYPE } from '../lib/respond';
import { compressEnvelope, compressResponse } from './compress';

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * The headers every answer carries (what hono/secure-headers sets with these choices), written
 * once here rather than assembled per request.
 */
export function securityHeaders(options: { hsts: string | false }): readonly [string, string][] {
  const headers: [string, string][] = [
    ['Cross-Origin-Resource-Policy', 'same-origin'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Origin-Agent-Cluster', '?1'],
    ['Referrer-Policy', 'no-referrer'],
    ['X-Content-Type-Options', 'nosniff'],
    ['X-DNS-Prefetch-Control', 'off'],
    ['X-Download-Options', 'noopen'],
    ['X-Frame-Options', 'DENY'],
    ['X-Permitted-Cross-Domain-Policies', 'none'],
    ['X-XSS-Protection', '0'],
    [
      'Content-Security-Policy',
      [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob: https:",
        "connect-src 'self'",
        "frame-ancestors 'none'",
      ].join('; '),
    ],
  ];
  // Only where people reach us over TLS: over plain HTTP it means nothing, and on a name that also
  // serves HTTP it would lock that out.
  if (options.hsts) headers.push(['Strict-Transport-Security', options.hsts]);
  return headers;
}

/** A route's own header setter (Hono's), as front() wraps it. */
type SetHeader = (name: string, value?: string, options?: { append?: boolean }) => void;

/**
 * What every request goes through, in one step rather than a chain of middlewares: an id (kept
 * from the caller when well formed, echoed in the response), the translator for the language it
 * asked for (the `language` header, then Accept-Language), who is calling (the socket's peer, or
 * behind our trusted proxies the address they forwarded, for the limits and sessions to key on);
 * then, on the way out, the answer compressed where it pays, the security headers, and one debug
 * line (method, address, status, time, request id) when debug lines are kept at all. The address
 * logged keeps the spec's access_token query parameter; the logger redacts it.
 *
 * An envelope (lib/respond.ts) whose route set no header of its own, nearly every answer, is made
 * again from its text with its headers as one plain record (the security headers' record made
 * here once): the server writes such a record as it is, where a `Headers` object would be built,
 * set a dozen times, sorted and copied out again on every request. Any other answer (files,
 * redirects, an envelope with a cookie) gets the same headers set on its own.
 */
export function front(options: {
  trust: ProxyTrust;
  logger: Logger;
  headers: readonly [string, string][];
}): MiddlewareHandler<AppEnv> {
  const { trust, logger, headers } = options;
  const logRequests = logger.enabled?.('debug') ?? true;
  const requestIdHeader = HEADERS.requestId.toLowerCase();
  const envelopeHeaders: Record<string, string> = { 'content-type': JSON_TYPE };
  for (const [name, value] of headers) envelopeHeaders[name.toLowerCase()] = value;
  return async (c, next) => {
    const started = logRequests ? performance.now() : 0;
    const incoming = c.req.header(HEADERS.requestId);
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    const language =
      parseLanguage(c.req.header(HEADERS.language)) ??
      parseAcceptLanguage(c.req.header('accept-language')) ??
      DEFAULT_LANGUAGE;
    c.set('requestId', requestId);
    c.set('t', translator(language));
    c.set('clientAddress', clientAddress(socketPeer(c), c.req.header('x-forwarded-for'), trust));
    let routeHeaders = false;
    const setHeader = c.header as SetHeader;
    (c as { header: SetHeader }).header = (name, value, headerOptions) => {
      routeHeaders = true;
      setHeader(name, value, headerOptions);
    };
    await next();
    const answered = c.res;
    const text = routeHeaders ? undefined : envelopeText(answered);
    if (text !== undefined) {
      const out: Record<string, string> = { ...envelopeHeaders, [requestIdHeader]: requestId };
      const compressed = await compressEnvelope(c, text);
      if (compressed) {
        out['content-encoding'] = compressed.encoding;
        out.vary = 'Accept-Encoding';
      }
      const status = answered.status;
      // Unset first: setting over an answer would copy its headers into the new one.
      c.res = undefined;
      c.res = new Response(compressed ? compressed.body : text, { status, headers: out });
    } else {
      answered.headers.set(HEADERS.requestId, requestId);
      await compressResponse(c);
      const out = c.res.headers;
      for (const [name, value] of headers) out.set(name, value);
      out.delete('X-Powered-By');
    }
    if (logRequests) {
      // Path and query as sent, without parsing the address again.
      const { url } = c.req;
      logger.debug('request', {
        method: c.req.method,
        url: url.slice(url.indexOf('/', url.indexOf('//') + 2)),
        status: c.res.status,
        ms: Math.round(performance.now() - started),
        requestId,
      });
    }
  };
}
