import { ApiReferenceSchema } from '../contracts/api-reference';
import { endpoints } from '../contracts/endpoints';
import { ApiError } from './errors';
import type { HttpOptions } from './http';

/**
 * The server's OpenAPI document. It is a plain JSON document, not the envelope, so it is fetched
 * directly (same base address and fetch as every other call) and parsed with its contract.
 */
export function createApiReferenceApi(options: Pick<HttpOptions, 'baseUrl' | 'fetch'>) {
  return {
    /** The API reference (public). */
    get: async (request: { signal?: AbortSignal } = {}) => {
      const url = `${options.baseUrl.replace(/\/+$/, '')}${endpoints.docs.reference.path}`;
      const init: RequestInit = {
        headers: { accept: 'application/json' },
        ...(request.signal ? { signal: request.signal } : {}),
      };
      let response: Response;
      try {
        response = await (options.fetch ? options.fetch(url, init) : fetch(url, init));
      } catch (cause) {
        if (request.signal?.aborted) throw new ApiError({ kind: 'canceled', key: null, cause });
        throw new ApiError({ kind: 'network', key: 'NETWORK_ERROR', cause });
      }
      const body: unknown = response.ok ? await response.json().catch(() => null) : null;
      const parsed = ApiReferenceSchema.safeParse(body);
      if (!parsed.success) {
        throw new ApiError({
          kind: 'invalid-response',
          key: 'RESPONSE_INVALID',
          status: response.status,
          cause: parsed.error,
        });
      }
      return parsed.data;
    },
  };
}
