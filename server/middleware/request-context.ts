import { randomUUID } from 'node:crypto';
import { DEFAULT_LANGUAGE, parseAcceptLanguage, parseLanguage } from '@shared/contracts/languages';
import { HEADERS } from '@shared/contracts/protocol';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context';
import { translator } from '../lib/i18n';

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * Gives every request an id (kept from the caller when well formed, echoed in the response) and
 * the translator for the language it asked for: the `language` header, then Accept-Language.
 */
export const requestContext = createMiddleware<AppEnv>(async (c, next) => {
  const incoming = c.req.header(HEADERS.requestId);
  const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
  const language =
    parseLanguage(c.req.header(HEADERS.language)) ??
    parseAcceptLanguage(c.req.header('accept-language')) ??
    DEFAULT_LANGUAGE;
  c.set('requestId', requestId);
  c.set('t', translator(language));
  c.header(HEADERS.requestId, requestId);
  await next();
});
