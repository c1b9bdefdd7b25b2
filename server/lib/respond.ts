import { SUCCESS_CODE } from '@shared/contracts/envelope';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppError } from './errors';
import type { ApiMessageKey, Translator } from './i18n';

/**
 * The part of a Hono context the envelope needs, whatever variables the route added: the
 * translator read with `get` (`c.var` copies every variable into a new object on each read).
 */
type EnvelopeContext = { body: Context['body']; get(key: 't'): Translator };

/** The media type of every envelope. */
export const JSON_TYPE = 'application/json';
const JSON_HEADERS = { 'Content-Type': JSON_TYPE };

/**
 * The text of each envelope made here, for the front middleware to make the answer from (and the
 * compressor to measure and read) without reading the response back.
 */
const texts = new WeakMap<Response, string>();

/** The JSON text an envelope was made of; undefined for any other response. */
export function envelopeText(res: Response): string | undefined {
  return texts.get(res);
}

/** As c.json() answers, the text kept beside the response. */
function envelope(c: EnvelopeContext, value: unknown, status: ContentfulStatusCode = 200) {
  const text = JSON.stringify(value);
  const res = c.body(text, status, JSON_HEADERS);
  texts.set(res, text);
  return res;
}

/** The success envelope, its message in the request's language. */
export function ok<T>(c: EnvelopeContext, datas: T, message: ApiMessageKey = 'success') {
  return envelope(c, { resp_code: SUCCESS_CODE, resp_msg: c.get('t').message(message), datas });
}

/** The error envelope of an AppError: translated message, stable key, the key's HTTP status. */
export function fail(c: EnvelopeContext, error: AppError) {
  return envelope(
    c,
    {
      resp_code: error.code,
      resp_msg: c.get('t').error(error.key, error.params),
      datas: error.datas,
      key: error.key,
    },
    error.httpStatus as ContentfulStatusCode,
  );
}
