import type { AccessLevel } from '@shared/contracts/api-reference';
import type { AnyPermission, Endpoint, Permission } from '@shared/contracts/define-endpoint';
import type { Context, Hono } from 'hono';
import type * as z from 'zod/mini';
import type { Actor, AppDeps, AppEnv } from '../context';
import { AppError } from './errors';
import { validationError } from './validate';

/** Kinds of object a route can act on; each has an owner, and the authorization matrix knows how to make one. */
type ObjectType = 'shop' | 'subAccount' | 'bindTicket' | 'order' | 'return' | 'product' | 'service';

/** Ids of freshly made objects, for a route's example request. */
export interface ExampleIds {
  shopId: string;
  subAccountId: string;
  bindTicketId: string;
  /** An order of the shop (waiting to be processed), one of its items, a manual order, a service order. */
  orderId: string;
  orderItemId: string;
  manualOrderId: string;
  serviceNo: string;
  /** A return of the order waiting to be signed, and one signed (waiting for the seller). */
  returnId: string;
  signedReturnId: string;
  /** A product in the shop `shopId` names. */
  productId: string;
  /** A catalogue product the shop may sell, and a secondary category a shop may follow. */
  catalogueProductId: string;
  followCategoryId: string;
}

type Schema = z.ZodMiniType;
type Out<S> = S extends Schema ? z.output<S> : undefined;

/** What only the server knows of a route: what the authorization matrix needs to try it. */
export interface RouteParts {
  /** The objects the route acts on, each named by a field of the query or body. */
  objects?: readonly { type: ObjectType; field: string }[];
  /** Fields that look like ids but name no owned object (a slider challenge, a scene). */
  notObjects?: readonly string[];
  /** A valid request, given freshly made objects: the authorization matrix sends it as four actors. */
  example?: (ids: ExampleIds) => { query?: Record<string, string>; json?: unknown };
}

interface RouteContext<E extends Endpoint> {
  c: Context<AppEnv>;
  deps: AppDeps;
  query: E extends { query: infer Q } ? Out<Q> : undefined;
  json: E extends { json: infer J } ? Out<J> : undefined;
  actor: E['access'] extends 'session' | 'main' ? Actor : null;
  /** The registered client, on routes with client access. */
  clientId: E['access'] extends 'client' ? string : null;
}

/** What the authorization matrix reads: the declaration and the server's parts, everything but the code. */
export interface RouteMeta extends RouteParts {
  method: 'GET' | 'POST';
  path: string;
  access: AccessLevel;
  query?: Schema | undefined;
  json?: Schema | undefined;
  permission?: Permission | AnyPermission | undefined;
  response?: Schema | undefined;
  summary?: string | undefined;
  tag?: string | undefined;
  raw?: boolean | undefined;
}

export interface RouteDefinition {
  /** The declaration the route serves (shared/contracts/endpoints.ts). */
  endpoint: Endpoint;
  meta: RouteMeta;
  handle(c: Context<AppEnv>, deps: AppDeps, guards: RouteGuards): Promise<Response>;
}

/** The access checks, provided by the app (they need the database and config). */
export interface RouteGuards {
  client(c: Context<AppEnv>): string;
  session(c: Context<AppEnv>): Promise<Actor>;
  allows(actor: Actor, permission: Permission): boolean;
}

/** Schemas found to need the asynchronous parse (a refinement that awaits); the rest parse at once. */
const asyncSchemas = new WeakSet<Schema>();

function safeParse<S extends Schema>(schema: S, value: unknown) {
  if (!asyncSchemas.has(schema)) {
    try {
      return schema.safeParse(value, { reportInput: true });
    } catch (error) {
      if (!(error instanceof Error) || !/async|promise/i.test(error.message)) throw error;
      asyncSchemas.add(schema);
    }
  }
  return schema.safeParseAsync(value, { reportInput: true });
}

/** Deeper than any request needs (a collected page's raw data is some 20 levels): refused before anything walks it. */
const MAX_INPUT_DEPTH = 64;

/**
 * What no schema should see in a request's input: nesting deeper than MAX_INPUT_DEPTH, or a NUL
 * character in a value or a key (no text or JSON column stores one; refused as an invalid field
 * rather than failing in the database). Walked without recursion.
 */
function unsafeInput(value: unknown): { deep: true } | { nul: PropertyKey[] } | null {
  const pending: { value: unknown; path: PropertyKey[] }[] = [{ value, path: [] }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value: item, path } = next;
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return { nul: path };
      continue;
    }
    if (item === null || typeof item !== 'object') continue;
    if (path.length >= MAX_INPUT_DEPTH) return { deep: true };
    for (const [key, inner] of Object.entries(item)) {
      if (key.includes('\u0000')) return { nul: [...path, key] };
      pending.push({ value: inner, path: [...path, Array.isArray(item) ? Number(key) : key] });
    }
  }
  return null;
}

async function parse<S extends Schema>(
  c: Context<AppEnv>,
  schema: S,
  value: unknown,
): Promise<z.output<S>> {
  const unsafe = unsafeInput(value);
  if (unsafe && 'deep' in unsafe) throw new AppError('MALFORMED_REQUEST');
  if (unsafe)
    throw validationError(c.var.t, [
      { code: 'custom', message: 'invalid', path: unsafe.nul, input: value } as z.core.$ZodIssue,
    ]);
  const result = await safeParse(schema, value);
  if (!result.success) throw validationError(c.var.t, result.error.issues);
  return result.data;
}

async function readJson(c: Context<AppEnv>): Promise<unknown> {
  const type = c.req.header('content-type') ?? '';
  if (!type.includes('application/json')) return {};
  try {
    return await c.req.json();
  } catch (cause) {
    throw new AppError('MALFORMED_REQUEST', { cause });
  }
}

type Handler<E extends Endpoint> = (ctx: RouteContext<E>) => Promise<Response> | Response;

/**
 * Serves one declared endpoint: its access and permission checked, its query and body validated
 * with the declared schemas, then the handler. The server's own parts (objects, examples) may come
 * between.
 */
export function defineRoute<const E extends Endpoint>(
  endpoint: E,
  handler: Handler<E>,
): RouteDefinition;
export function defineRoute<const E extends Endpoint>(
  endpoint: E,
  parts: RouteParts,
  handler: Handler<E>,
): RouteDefinition;
export function defineRoute<const E extends Endpoint>(
  endpoint: E,
  partsOrHandler: RouteParts | Handler<E>,
  maybeHandler?: Handler<E>,
): RouteDefinition {
  const parts = typeof partsOrHandler === 'function' ? {} : partsOrHandler;
  const handler = typeof partsOrHandler === 'function' ? partsOrHandler : maybeHandler;
  if (!handler) throw new TypeError(`No handler for ${endpoint.method} ${endpoint.path}`);
  const granted = (actor: Actor, guards: RouteGuards) => {
    const { permission } = endpoint;
    if (!permission) return true;
    return 'anyOf' in permission
      ? permission.anyOf.some((one) => guards.allows(actor, one))
      : guards.allows(actor, permission);
  };
  return {
    endpoint,
    meta: { ...endpoint, ...parts },
    async handle(c, deps, guards) {
      const clientId = endpoint.access === 'client' ? guards.client(c) : null;
      const actor =
        endpoint.access === 'session' || endpoint.access === 'main'
          ? await guards.session(c)
          : null;
      if (actor && endpoint.access === 'main' && !actor.isMain)
        throw new AppError('PERMISSION_DENIED');
      if (actor && !granted(actor, guards)) throw new AppError('PERMISSION_DENIED');
      const query = endpoint.query ? await parse(c, endpoint.query, c.req.query()) : undefined;
      const json = endpoint.json ? await parse(c, endpoint.json, await readJson(c)) : undefined;
      return handler({ c, deps, query, json, actor, clientId } as RouteContext<E>);
    },
  };
}

/** Mounts route definitions on the app. */
export function mountRoutes(
  app: Hono<AppEnv>,
  deps: AppDeps,
  guards: RouteGuards,
  routes: readonly RouteDefinition[],
) {
  for (const route of routes) {
    app.on(route.meta.method, route.meta.path, (c) => route.handle(c, deps, guards));
  }
}
