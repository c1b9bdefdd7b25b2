import type { ErrorKey } from '../contracts/errors';

/**
 * What went wrong, as the console's one error handler needs to know it (spec section 8):
 * - auth: the session is gone (HTTP 401, a token key, or a message containing "token")
 * - timeout: no answer in time, or HTTP 504
 * - network: the server could not be reached
 * - insufficient-balance: resp_code -10, with the shortfall in datas
 * - dialog: a key that opens a global dialog
 * - business: any other nonzero resp_code, shown as a toast of resp_msg
 * - invalid-response: the answer did not match the contract
 * - canceled: superseded by an identical request, or aborted by the caller; never shown
 */
export interface FieldError {
  field: string;
  message: string;
}

export type ApiErrorKind =
  | 'auth'
  | 'timeout'
  | 'network'
  | 'insufficient-balance'
  | 'dialog'
  | 'business'
  | 'invalid-response'
  | 'canceled';

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  /** The stable key from the server, or the client's own key for client-side failures. */
  readonly key: ErrorKey | string | null;
  /** resp_code when the server answered with an envelope. */
  readonly code: number | null;
  /** HTTP status when there was a response. */
  readonly status: number | null;
  readonly datas: unknown;
  /** The server's translated resp_msg; null when the client raised the error itself. */
  readonly serverMessage: string | null;
  /** For VALIDATION_FAILED: each field that failed, with the server's translated words. */
  readonly fields: readonly FieldError[];

  constructor(init: {
    kind: ApiErrorKind;
    key: ErrorKey | string | null;
    code?: number | null;
    status?: number | null;
    datas?: unknown;
    serverMessage?: string | null;
    fields?: readonly FieldError[];
    cause?: unknown;
  }) {
    super(init.serverMessage ?? init.key ?? init.kind, { cause: init.cause });
    this.name = 'ApiError';
    this.kind = init.kind;
    this.key = init.key;
    this.code = init.code ?? null;
    this.status = init.status ?? null;
    this.datas = init.datas ?? null;
    this.serverMessage = init.serverMessage ?? null;
    this.fields = init.fields ?? [];
  }
}
