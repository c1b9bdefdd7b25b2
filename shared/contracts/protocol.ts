/**
 * Wire rules shared by the server and the API client (spec section 7): header names, the token
 * query parameter, the equipment value and the request timeout.
 */
export const HEADERS = {
  authorization: 'authorization',
  token: 'access_token',
  site: 'site',
  language: 'language',
  equipment: 'equipment',
  requestId: 'x-request-id',
  idempotencyKey: 'idempotency-key',
} as const;

export const TOKEN_QUERY_PARAM = 'access_token';
export const EQUIPMENT_PC = 'pc';
export const REQUEST_TIMEOUT_MS = 500_000;

/** Public clients. Both run in the user's browser, so the "secret" identifies the client, it does not prove it. */
export const API_CLIENTS = {
  console: { id: 'cmp-console', secret: 'cmp-console-public' },
  extension: { id: 'cmp-extension', secret: 'cmp-extension-public' },
} as const;

/** `Basic base64(id:secret)`, built without Node or DOM globals beyond btoa (present in both). */
export function basicClientAuth(client: { id: string; secret: string }): string {
  return `Basic ${btoa(`${client.id}:${client.secret}`)}`;
}
