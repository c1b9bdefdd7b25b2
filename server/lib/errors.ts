import { ERRORS, type ErrorKey } from '@shared/contracts/errors';

/**
 * A failure with a stable key from shared/contracts/errors.ts. The error handler turns it into the
 * envelope with the translated message; `params` fill the message, `datas` travel to the client.
 */
export class AppError extends Error {
  readonly key: ErrorKey;
  readonly params: Record<string, string | number>;
  readonly datas: unknown;

  constructor(
    key: ErrorKey,
    options: { params?: Record<string, string | number>; datas?: unknown; cause?: unknown } = {},
  ) {
    super(key, { cause: options.cause });
    this.name = 'AppError';
    this.key = key;
    this.params = options.params ?? {};
    this.datas = options.datas ?? null;
  }

  get code(): number {
    return ERRORS[this.key].code;
  }

  get httpStatus(): number {
    return ERRORS[this.key].http;
  }
}
