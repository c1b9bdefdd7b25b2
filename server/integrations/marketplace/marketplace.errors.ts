import type { ErrorKey } from '@shared/contracts/errors';
import type { Platform } from '@shared/contracts/shops';
import { AppError } from '../../lib/errors';

/** How a platform failure is classified; each kind has its own translated message. */
export type MarketplaceFailure =
  | 'signature'
  | 'timestamp'
  | 'token'
  | 'code'
  | 'rateLimited'
  | 'unavailable'
  | 'request';

const KEY_OF: Record<MarketplaceFailure, ErrorKey> = {
  signature: 'PLATFORM_SIGNATURE_REJECTED',
  timestamp: 'PLATFORM_TIMESTAMP_REJECTED',
  token: 'PLATFORM_TOKEN_INVALID',
  code: 'PLATFORM_CODE_INVALID',
  rateLimited: 'PLATFORM_RATE_LIMITED',
  unavailable: 'PLATFORM_UNAVAILABLE',
  request: 'PLATFORM_REQUEST_FAILED',
};

export const PLATFORM_NAMES: Record<Platform, string> = {
  lazada: 'Lazada',
  shopee: 'Shopee',
  tiktok: 'TikTok Shop',
};

/**
 * A marketplace call that failed, with the platform's own code and message kept: the translated
 * message names them, and `datas` carries them to the client.
 */
export class MarketplaceError extends AppError {
  readonly platform: Platform;
  readonly failure: MarketplaceFailure;
  /** The platform's error code ("IncompleteSignature", "error_sign", "106001", "HTTP 503", "timeout"). */
  readonly platformCode: string;
  readonly platformMessage: string;
  /** Worth another attempt: 429, 5xx, timeouts and the platforms' own rate-limit or busy codes. */
  readonly retryable: boolean;
  /** The wait the platform asked for (Retry-After), when it gave one. */
  readonly retryAfterMs: number | null;
  readonly responseStatus: number | null;

  constructor(input: {
    platform: Platform;
    failure: MarketplaceFailure;
    platformCode: string;
    platformMessage?: string;
    retryable?: boolean;
    retryAfterMs?: number | null;
    responseStatus?: number | null;
    cause?: unknown;
  }) {
    const platformMessage = input.platformMessage ?? '';
    super(KEY_OF[input.failure], {
      params: {
        platform: PLATFORM_NAMES[input.platform],
        code: input.platformCode,
        message: platformMessage || input.platformCode,
      },
      datas: {
        platform: input.platform,
        platformCode: input.platformCode,
        platformMessage,
      },
      cause: input.cause,
    });
    this.name = 'MarketplaceError';
    this.platform = input.platform;
    this.failure = input.failure;
    this.platformCode = input.platformCode;
    this.platformMessage = platformMessage;
    this.retryable = input.retryable ?? false;
    this.retryAfterMs = input.retryAfterMs ?? null;
    this.responseStatus = input.responseStatus ?? null;
  }
}
