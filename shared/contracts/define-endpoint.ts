import type * as z from 'zod/mini';
import type { AccessLevel } from './api-reference';
import type { MenuUrl } from './menus';

type Schema = z.ZodMiniType;

/** The menu (and a button of it) an account must hold in its routerInfoList to make a call. */
export interface Permission {
  menu: MenuUrl;
  button?: string;
}

/** A call several pages make: holding any one of these grants is enough. */
export interface AnyPermission {
  anyOf: readonly Permission[];
}

interface EndpointFields {
  method: 'GET' | 'POST';
  /** The address under the API's origin; `:name` segments are path parameters. */
  path: string;
  /** Who may call: anyone, a registered client, any signed-in account, a main account. */
  access: AccessLevel;
  /** Query parameters, checked by the server with this schema. */
  query?: Schema;
  /** The JSON body, checked by the server with this schema. */
  json?: Schema;
  /** The body is a multipart form carrying a file (an upload). */
  upload?: true;
  permission?: Permission | AnyPermission;
  /** The API reference: a one-line summary, and a group (default: from the path). */
  summary?: string;
  tag?: string;
  /**
   * A public call that still reads a live session when its token comes (the activity tracker
   * records the account): the client sends the token it has. Other public and client calls go
   * without one.
   */
  optionalSession?: true;
  /** resp_codes besides 0 that count as success. */
  successCodes?: readonly number[];
}

/** A call answered with the envelope: `response` is the schema of its `datas`. */
interface EnvelopeEndpoint extends EndpointFields {
  response: Schema;
  raw?: never;
  download?: never;
}

/**
 * A call answered without the envelope (a document, a file, a platform callback); a failure
 * still answers the envelope. `download`: the answer is a file the client saves.
 */
interface RawEndpoint extends EndpointFields {
  raw: true;
  response?: Schema;
  download?: true;
}

/**
 * One API call, declared once: the server serves it (its guard, validation and the API reference
 * read this) and the client calls it (its address, what it sends and how the answer is parsed).
 */
export type Endpoint = EnvelopeEndpoint | RawEndpoint;

type EndpointKey = keyof EnvelopeEndpoint | keyof RawEndpoint;

/** Declares a call, keeping its literal types (path, access, schemas, flags) for server and client. */
export function defineEndpoint<const E extends Endpoint>(
  endpoint: E & { [K in Exclude<keyof E, EndpointKey>]: never },
): E {
  return endpoint;
}

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The path parameters of an address (`/files/:id` -> `{ id: string }`), or never. */
export type PathParams<P extends string> = [ParamNames<P>] extends [never]
  ? never
  : Record<ParamNames<P>, string>;
