import { MarketplaceError, type MarketplaceFailure } from '../marketplace/marketplace.errors';
import type { PlatformAnswer } from '../marketplace/transport';

/**
 * How Shopee's `error` values map to our failure kinds (open.shopee.com guide 16 and each API's
 * error list). Module-prefixed codes ("product.error_server") are read by their last part.
 */
function classifyShopeeError(
  error: string,
  message: string,
): { failure: MarketplaceFailure; retryable: boolean } {
  const code = error.toLowerCase();
  const last = code.slice(code.lastIndexOf('.') + 1);
  if (code.includes('rate_limit') || last === 'error_too_many_request')
    return { failure: 'rateLimited', retryable: true };
  if (
    ['error_server', 'error_inner', 'error_system_busy', 'error_busy', 'error_network'].includes(
      last,
    )
  )
    return { failure: 'unavailable', retryable: true };
  if (last === 'error_sign') return { failure: 'signature', retryable: false };
  if (last === 'error_param' && /timestamp/i.test(message))
    return { failure: 'timestamp', retryable: false };
  // "invalid_acceess_token" (sic) is what the live platform answers for an unknown access token.
  if (last === 'error_auth' || last === 'error_token' || /ac+e+s+_?token/.test(code))
    return { failure: 'token', retryable: false };
  return { failure: 'request', retryable: false };
}

/** Reads a failure of the token APIs: a bad code or refresh token is told apart from other errors. */
export type FailureOverride = (
  failure: MarketplaceFailure,
  error: string,
  message: string,
) => MarketplaceFailure;

export const codeFailure: FailureOverride = (failure, error, message) =>
  (failure === 'token' || failure === 'request') &&
  (/error_auth$/.test(error) || /\bcode\b/i.test(message))
    ? 'code'
    : failure;

export const refreshFailure: FailureOverride = (failure, error, message) =>
  failure === 'request' && (/error_auth$/.test(error) || /refresh/i.test(message))
    ? 'token'
    : failure;

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Shopee's answer the platform's way: a non-empty `error` is a failure whatever the HTTP status;
 * anything that is not a JSON object is one too.
 */
export function readShopeeAnswer(
  answer: PlatformAnswer,
  override?: FailureOverride,
): Record<string, unknown> {
  const body = answer.body;
  if (!isRecord(body)) {
    throw new MarketplaceError({
      platform: 'shopee',
      failure: 'request',
      platformCode: `HTTP ${answer.status}`,
      platformMessage: 'The answer is not a JSON object',
      responseStatus: answer.status,
    });
  }
  const error = typeof body.error === 'string' ? body.error : '';
  if (!error) return body;
  const message =
    typeof body.message === 'string' ? body.message : typeof body.msg === 'string' ? body.msg : '';
  const kind = classifyShopeeError(error, message);
  return fail({
    failure: override && !kind.retryable ? override(kind.failure, error, message) : kind.failure,
    code: error,
    message,
    retryable: kind.retryable,
    status: answer.status,
  });
}

/** A failure of ours, before or after a call (a window too long, an unusable record). */
export function fail(input: {
  failure: MarketplaceFailure;
  code: string;
  message: string;
  retryable?: boolean;
  status?: number | null;
}): never {
  throw new MarketplaceError({
    platform: 'shopee',
    failure: input.failure,
    platformCode: input.code,
    platformMessage: input.message,
    retryable: input.retryable ?? false,
    responseStatus: input.status ?? null,
  });
}
