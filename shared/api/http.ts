import ky, { isTimeoutError } from 'ky';
import type * as z from 'zod/mini';
import type { Endpoint, PathParams } from '../contracts/define-endpoint';
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
type Schema = z.ZodMiniType;

/** What every request names: where it goes, what it sends, and whose token goes with it. */
interface CallSpec {
  method: 'GET' | 'POST';
  path: string;
  query?: Query;
  json?: unknown;
  /** A multipart body (uploads). */
  form?: FormData;
  /** Calls made before there is a session (login, site list): no token is sent. */
  tokenless?: boolean;
  /** Use this token instead of the session's (the userInfo call right after login). */
  token?: string;
  /** Headers of this call (the Idempotency-Key of a money-moving request). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** A declaration the client can call: answered with the envelope, or with a file. */
export type CallableEndpoint = Endpoint & ({ response: Schema } | { download: true });

/**
 * What a call sends besides its declaration: the query and body its schemas take (required when
 * they have required fields), the file of an upload, the path parameters of its address, and the
 * call's own signal, headers and token.
 */
export type CallInput<E extends Endpoint> = {
  signal?: AbortSignal;
  /** Headers of this call (the Idempotency-Key of a money-moving request). */
  headers?: Record<string, string>;
  /** Use this token instead of the session's (the userInfo call right after login). */
  token?: string;
} & (E extends { query: infer Q extends Schema }
  ? object extends z.input<Q>
    ? { query?: z.input<Q> }
    : { query: z.input<Q> }
  : { query?: never }) &
  (E extends { json: infer J extends Schema } ? { json: z.input<J> } : { json?: never }) &
  (E extends { upload: true } ? { form: FormData } : { form?: never }) &
  ([PathParams<E['path']>] extends [never]
    ? { params?: never }
    : { params: PathParams<E['path']> }) &
  (E extends { download: true }
    ? { /** The name to save under when the server names none. */ filename?: string }
    : { filename?: never });

/** What a call answers: the parsed `datas` and message, or the file of a download. */
export type CallResult<E extends Endpoint> = E extends { download: true }
  ? DownloadResult
  : E extends { response: infer R extends Schema }
    ? HttpResult<z.output<R>>
    : never;

/** A file the server sent, with the name from its Content-Disposition. */
export interface DownloadResult {
  blob: Blob;
  filename: string;
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

/** The name a file is saved under when the server names none. */
const DEFAULT_FILENAME = 'download';

/** Decodes %XX escapes as UTF-8 (RFC 5987); null when they are not valid UTF-8. */
function percentDecode(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/** A file name without folders or control characters, safe to offer to the browser. */
function safeFilename(name: string): string | null {
  const last = name.split(/[\\/]/).pop() ?? '';
  const base = [...last]
    .filter((char) => {
      const code = char.charCodeAt(0);
      return code >= 0x20 && code !== 0x7f;
    })
    .join('')
    .trim();
  return base && base !== '.' && base !== '..' ? base : null;
}

/**
 * The file name of a Content-Disposition header (RFC 6266): the RFC 5987 `filename*=` first (any
 * language tag; UTF-8 or ISO-8859-1), else `filename=`, quoted or not. Null when it names none.
 */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /(?:^|;)\s*filename\*\s*=\s*([^']*)'[^']*'([^;]*)/i.exec(header);
  if (extended) {
    const charset = (extended[1] ?? '').trim().toLowerCase();
    const encoded = (extended[2] ?? '').trim().replace(/^"(.*)"$/, '$1');
    const decoded =
      charset === 'iso-8859-1'
        ? encoded.replace(/%([0-9a-f]{2})/gi, (_match, hex: string) =>
            String.fromCharCode(Number.parseInt(hex, 16)),
          )
        : percentDecode(encoded);
    const name = decoded === null ? null : safeFilename(decoded);
    if (name) return name;
  }
  const plain = /(?:^|;)\s*filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/i.exec(header);
  if (!plain) return null;
  const quoted = plain[1];
  const raw = quoted === undefined ? (plain[2] ?? '').trim() : quoted.replace(/\\(.)/g, '$1');
  return safeFilename(raw);
}

/** Every field a call's input may hold, whatever its declaration. */
interface CallInputOf {
  query?: unknown;
  json?: unknown;
  form?: FormData;
  params?: Record<string, string>;
  token?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  filename?: string;
}

/**
 * Whether a call carries the session's token: calls that need a signed-in account, and public
 * calls that read a session when one comes. Logins, registration and other public calls go
 * without one.
 */
function sendsToken(endpoint: Endpoint): boolean {
  return endpoint.access === 'session' || endpoint.access === 'main' || !!endpoint.optionalSession;
}

/** `/files/:id` with `{ id: 'a b' }` -> `/files/a%20b`. */
function fillPath(path: string, params: Record<string, string> | undefined): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new TypeError(`${path} needs the path parameter ${name}`);
    return encodeURIComponent(value);
  });
}

/**
 * The request rules of spec section 7 and the response rules of section 8, for every call:
 * client auth, site, language and equipment headers; the token as header and query parameter
 * unless the call is tokenless; an identical repeated request cancels the previous one; a
 * 500000 ms timeout; every answer parsed into datas or turned into an ApiError, or, for a
 * download, the file. Every call names its declaration in the endpoint table.
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

  /** The headers and query parameters of a call (spec section 7). */
  function wire(spec: CallSpec) {
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
    return { headers, params };
  }

  /**
   * Sends a call, cancelling an identical one still waiting. Resolves with the response (whatever
   * its status) and the signal its body is read under; a call that got no response is an ApiError.
   */
  async function send(spec: CallSpec): Promise<{ response: Response; signal: AbortSignal }> {
    const { headers, params } = wire(spec);
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
    return { response, signal };
  }

  /** An answer that is not our envelope: a 401 still ends the session; anything else is unreadable. */
  function notAnEnvelope(response: Response, cause?: unknown): ApiError {
    return response.status === 401
      ? new ApiError({ kind: 'auth', key: 'TOKEN_INVALID', status: 401, cause })
      : new ApiError({
          kind: 'invalid-response',
          key: 'RESPONSE_INVALID',
          status: response.status,
          cause,
        });
  }

  /** Reads the envelope of a response, or fails as the rules say. */
  async function readEnvelope(response: Response, signal: AbortSignal) {
    let body: unknown;
    try {
      body = await response.json();
    } catch (error) {
      if (signal.aborted) throw new ApiError({ kind: 'canceled', key: null, cause: error });
      throw notAnEnvelope(response, error);
    }
    const envelope = EnvelopeSchema.safeParse(body);
    if (!envelope.success) throw notAnEnvelope(response, envelope.error);
    return envelope.data;
  }

  /** The error an envelope that is not a success stands for (spec section 8). */
  function envelopeError(response: Response, envelope: z.output<typeof EnvelopeSchema>): ApiError {
    const { resp_code: code, resp_msg: message, datas, key = null } = envelope;
    const base = { key, code, status: response.status, datas, serverMessage: message };
    if (
      response.status === 401 ||
      (key !== null && TOKEN_KEYS.includes(key)) ||
      message.includes('token')
    ) {
      return new ApiError({ kind: 'auth', ...base });
    }
    if (code === INSUFFICIENT_BALANCE_CODE)
      return new ApiError({ kind: 'insufficient-balance', ...base });
    if (key !== null && DIALOG_KEYS.includes(key)) return new ApiError({ kind: 'dialog', ...base });
    const fields =
      key === 'VALIDATION_FAILED'
        ? (ValidationErrorDataSchema.safeParse(datas).data?.fields ?? [])
        : [];
    return new ApiError({ kind: 'business', ...base, fields });
  }

  /** A call answered with the envelope: `datas` parsed with the declared schema. */
  async function request<S extends Schema>(
    spec: CallSpec,
    schema: S,
    successCodes: readonly number[] = [],
  ): Promise<HttpResult<z.output<S>>> {
    const { response, signal } = await send(spec);
    const envelope = await readEnvelope(response, signal);
    const { resp_code: code, resp_msg: message, datas } = envelope;
    if (response.ok && (code === SUCCESS_CODE || successCodes.includes(code))) {
      const parsed = schema.safeParse(datas);
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
    throw envelopeError(response, envelope);
  }

  /**
   * A call whose answer is a file: the bytes with the name from Content-Disposition. A JSON answer
   * is the envelope of a failure and raises the same ApiError as `request`.
   */
  async function download(spec: CallSpec, fallbackName?: string): Promise<DownloadResult> {
    const { response, signal } = await send(spec);
    const type = response.headers.get('content-type') ?? '';
    if (response.ok && !/^application\/(?:[\w.+-]+\+)?json\b/i.test(type.trim())) {
      let blob: Blob;
      try {
        blob = await response.blob();
      } catch (error) {
        if (signal.aborted) throw new ApiError({ kind: 'canceled', key: null, cause: error });
        throw new ApiError({ kind: 'network', key: 'NETWORK_ERROR', cause: error });
      }
      const filename =
        filenameFromDisposition(response.headers.get('content-disposition')) ??
        fallbackName ??
        DEFAULT_FILENAME;
      return { blob, filename };
    }
    const envelope = await readEnvelope(response, signal);
    // A success envelope where a file was expected is not an answer this call can use.
    if (response.ok && envelope.resp_code === SUCCESS_CODE)
      throw new ApiError({ kind: 'invalid-response', key: 'RESPONSE_INVALID', status: 200 });
    throw envelopeError(response, envelope);
  }

  /**
   * Calls a declared endpoint: its method and address (path parameters filled in), its query,
   * body or upload, and the token unless the declaration's access needs none. An envelope answer
   * gives `datas` parsed with the declared response schema; a download gives the file.
   */
  function call<const E extends CallableEndpoint>(
    endpoint: E,
    ...[input]: object extends CallInput<E> ? [CallInput<E>?] : [CallInput<E>]
  ): Promise<CallResult<E>>;
  function call(endpoint: CallableEndpoint, input: CallInputOf = {}): Promise<unknown> {
    const spec: CallSpec = {
      method: endpoint.method,
      path: fillPath(endpoint.path, input.params),
      tokenless: !sendsToken(endpoint),
      ...(input.query === undefined ? {} : { query: input.query as Query }),
      ...(input.json === undefined ? {} : { json: input.json }),
      ...(input.form === undefined ? {} : { form: input.form }),
      ...(input.token === undefined ? {} : { token: input.token }),
      ...(input.headers === undefined ? {} : { headers: input.headers }),
      ...(input.signal === undefined ? {} : { signal: input.signal }),
    };
    if (endpoint.download) return download(spec, input.filename);
    if (!endpoint.response)
      throw new TypeError(`${endpoint.method} ${endpoint.path} declares no response`);
    return request(spec, endpoint.response, endpoint.successCodes);
  }

  return { call };
}

export type Http = ReturnType<typeof createHttp>;

/**
 * The `datas` of a call whose declared answer is one of several shapes (a union), as the one
 * this caller asked for; RESPONSE_INVALID when it is another.
 */
export function narrowDatas<S extends Schema>(schema: S, datas: unknown): z.output<S> {
  const parsed = schema.safeParse(datas);
  if (!parsed.success)
    throw new ApiError({ kind: 'invalid-response', key: 'RESPONSE_INVALID', cause: parsed.error });
  return parsed.data;
}
