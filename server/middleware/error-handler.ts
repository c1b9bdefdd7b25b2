import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppDeps, AppEnv } from '../context';
import { AppError } from '../lib/errors';
import { fail } from '../lib/respond';

/** Errors Hono raises itself for a malformed request, mapped to our keys. */
function fromHttpException(error: HTTPException): AppError | null {
  if (error.status === 413) return new AppError('PAYLOAD_TOO_LARGE');
  if (error.status === 400) return new AppError('MALFORMED_REQUEST');
  if (error.status === 404) return new AppError('NOT_FOUND');
  return null;
}

/**
 * AppErrors become their envelope; anything else is logged with the request id and answered
 * with INTERNAL_ERROR, which names the request id and nothing of the internals.
 */
export function errorHandler(deps: AppDeps): ErrorHandler<AppEnv> {
  return (error, c) => {
    const known =
      error instanceof AppError
        ? error
        : error instanceof HTTPException
          ? fromHttpException(error)
          : null;
    if (known) return fail(c, known);
    const requestId = c.var.requestId;
    deps.logger.error('unhandled error', {
      requestId,
      method: c.req.method,
      path: c.req.path,
      error,
    });
    return fail(c, new AppError('INTERNAL_ERROR', { params: { requestId }, datas: { requestId } }));
  };
}

export const notFound: NotFoundHandler<AppEnv> = (c: Context<AppEnv>) =>
  fail(c, new AppError('NOT_FOUND'));
