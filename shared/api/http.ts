import ky, { isTimeoutError } from 'ky';
import type * as z from 'zod/mini';
import { EnvelopeSchema, SUCCESS_CODE, ValidationErrorDataSchema } from '../contracts/envelope';
import {
  DIALOG_ERROR_KEYS,
  INSUFFICIENT_BALANCE_CODE,
  TOKEN_ERROR_KEYS,
} from '../contracts/errors';
import {
  basicClientAuth,
  EQUIPMENT_PC,
  HEADERS,
  REQUEST_TIMEOUT_MS,
  TOKEN_QUERY_PARAM,
} from '../contracts/protocol';
import { ApiError } from './errors';

type Query = Record<string, string | number | boolean | undefined | null>;

export interface RequestSpec<S extends z.ZodMiniType> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  query?: Query;
  json?: unknown;
  /** A multipart body (uploads). */
  form?: FormData;
  /** Schema of `datas` on success: every answer is parsed with the contract. */
  schema: S;
  /** Calls made before there is a session (login, site list): no token is sent. */
  tokenless?: boolean;
  /** Use this token instead of the session's (the userInfo call right after login). */
  token?: string;
  /** resp_codes besides 0 that count as success (spec section 8: 1 on checkUsername). */
  successCodes?: readonly number[];
  /** Headers of this call (the Idempotency-Key of a money-moving request). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export interface HttpResult<T> {
  datas: T;
  /** The server's translated resp_msg. */
  message: string;
}

export interface HttpOptions {
  /** Origin (and path prefix) of the API; requests go to baseUrl + path. */
  baseUrl: string;
  client: { id: string; secret: string };
  /** The session's token, read at request time. */
  getToken(): string | null;
  /** The site and interface language sent with every request. */
  getLocale(): { site: string; language: string };
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Sent with every request besides the protocol's own (the extension names itself with these). */
  headers?: Record<string, string>;
}

const DIALOG_KEYS: readonly string[] = DIALOG_ERROR_KEYS;
const TOKEN_KEYS: readonly string[] = TOKEN_ERROR_KEYS;

function sortedQuery(query: Query | undefined): [string, string][] {
  return Object.entries(query ?? {})
    .filter(
      (entry): entry is [string, string | number | boolean] =>
        entry[1] !== undefined && entry[1] !== null,
    )
    .map(([key, value]): [string, string] => [key, String(value)])
    .sort(([a], [b]) => a.localeCompare(b));
}

/** AbortSignal.any needs Chrome 116; the 360 browser can be older, so signals are joined by hand. */
function joinSignals(a: AbortSignal, b: AbortSignal | undefined): AbortSignal {
  if (!b) return a;
  const joined = new AbortController();
  const forward = (source: AbortSignal) => () => joined.abort(source.reason);
  if (a.aborted || b.aborted) joined.abort(a.aborted ? a.reason : b.reason);
  a.addEventListener('abort', forward(a), { once: true });
  b.addEventListener('abort', forward(b), { once: true });
  return joined.signal;
}

/** Raised as the reason when an identical later request supersedes this one. */
const SUPERSEDED = 'superseded by an identical request';

/**
 * The request rules of spec section 7 and the response rules of section 8, for every call:
 * client auth, site, language and equipment headers; the token as header and query parameter
 * unless the call is tokenless; an identical repeated request cancels the previous one; a
 * 500000 ms timeout; every answer parsed into datas or turned into an ApiError.
 */
export function createHttp(options: HttpOptions) {
  const instance = ky.create({
    prefixUrl: options.baseUrl,
    timeout: options.timeoutMs ?? REQUEST_TIMEOUT_MS,
    retry: 0,
    throwHttpErrors: false,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const inflight = new Map<string, AbortController>();

  async function request<S extends z.ZodMiniType>(
    spec: RequestSpec<S>,
  ): Promise<HttpResult<z.output<S>>> {
    const token = spec.tokenless ? null : (spec.token ?? options.getToken());
    const params = sortedQuery(spec.query);
    if (token) params.push([TOKEN_QUERY_PARAM, token]);
    const { site, language } = options.getLocale();
    const headers: Record<string, string> = {
      ...options.headers,
      [HEADERS.authorization]: basicClientAuth(options.client),
      [HEADERS.site]: site,
      [HEADERS.language]: language,
      [HEADERS.equipment]: EQUIPMENT_PC,
      ...spec.headers,
    };
    if (token) headers[HEADERS.token] = token;

    const identity = `${spec.method} ${spec.path}?${new URLSearchParams(sortedQuery(spec.query))} ${
      spec.json === undefined ? '' : JSON.stringify(spec.json)
    }`;
    inflight.get(identity)?.abort(SUPERSEDED);
    const controller = new AbortController();
    inflight.set(identity, controller);
    const signal = joinSignals(controller.signal, spec.signal);

    let response: Response;
    try {
      response = await instance(spec.path.replace(/^\//, ''), {
        method: spec.method,
        headers,
        searchParams: new URLSearchParams(params),
        signal,
        ...(spec.json === undefined ? {} : { json: spec.json }),
        ...(spec.form ? { body: spec.form } : {}),
      });
    } catch (error) {
      if (signal.aborted) throw new ApiError({ kind: 'canceled', key: null, cause: error });
      if (isTimeoutError(error))
        throw new ApiError({ kind: 'timeout', key: 'NETWORK_TIMEOUT', cause: error });
      throw new ApiError({ kind: 'network', key: 'NETWORK_ERROR', cause: error });
    } finally {
      if (inflight.get(identity) === controller) inflight.delete(identity);
    }

    if (response.status === 504) {
      throw new ApiError({ kind: 'timeout', key: 'NETWORK_TIMEOUT', status: 504 });
    }
    // An answer that is not our envelope: a 401 still ends the session; anything else is unreadable.
    const notAnEnvelope = (cause?: unknown) =>
      response.status === 401
        ? new ApiError({ kind: 'auth', key: 'TOKEN_INVALID', status: 401, cause })
        : new ApiError({
            kind: 'invalid-response',
            key: 'RESPONSE_INVALID',
            status: response.status,
            cause,
          });
    let body: unknown;
    try {
      body = await response.json();
    } catch (error) {
      if (signal.aborted) throw new ApiError({ kind: 'canceled', key: null, cause: error });
      throw notAnEnvelope(error);
    }
    const envelope = EnvelopeSchema.safeParse(body);
    if (!envelope.success) throw notAnEnvelope(envelope.error);
    const { resp_code: code, resp_msg: message, datas, key = null } = envelope.data;
    const base = { key, code, status: response.status, datas, serverMessage: message };

    if (response.ok && (code === SUCCESS_CODE || spec.successCodes?.includes(code))) {
      const parsed = spec.schema.safeParse(datas);
      if (!parsed.success) {
        throw new ApiError({
          kind: 'invalid-response',
          key: 'RESPONSE_INVALID',
          status: response.status,
          cause: parsed.error,
        });
      }
      return { datas: parsed.data, message };
    }
    if (
      response.status === 401 ||
      (key !== null && TOKEN_KEYS.includes(key)) ||
      message.includes('token')
    ) {
      throw new ApiError({ kind: 'auth', ...base });
    }
    if (code === INSUFFICIENT_BALANCE_CODE)
      throw new ApiError({ kind: 'insufficient-balance', ...base });
    if (key !== null && DIALOG_KEYS.includes(key)) throw new ApiError({ kind: 'dialog', ...base });
    const fields =
      key === 'VALIDATION_FAILED'
        ? (ValidationErrorDataSchema.safeParse(datas).data?.fields ?? [])
        : [];
    throw new ApiError({ kind: 'business', ...base, fields });
  }

  return { request };
}

export type Http = ReturnType<typeof createHttp>;
