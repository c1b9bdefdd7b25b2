import { SUCCESS_CODE } from '@shared/contracts/envelope';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppError } from './errors';
import type { ApiMessageKey, Translator } from './i18n';

/** The part of a Hono context the envelope needs, whatever variables the route added. */
type EnvelopeContext = { json: Context['json']; var: { t: Translator } };

/** The success envelope, its message in the request's language. */
export function ok<T>(c: EnvelopeContext, datas: T, message: ApiMessageKey = 'success') {
  return c.json({ resp_code: SUCCESS_CODE, resp_msg: c.var.t.message(message), datas });
}

/** The error envelope of an AppError: translated message, stable key, the key's HTTP status. */
export function fail(c: EnvelopeContext, error: AppError) {
  return c.json(
    {
      resp_code: error.code,
      resp_msg: c.var.t.error(error.key, error.params),
      datas: error.datas,
      key: error.key,
    },
    error.httpStatus as ContentfulStatusCode,
  );
}
