import type { Context, Hono } from 'hono';
import type * as z from 'zod/mini';
import type { Actor, AppDeps, AppEnv } from '../context';
import { AppError } from './errors';
import { validationError } from './validate';

/**
 * Who may call a route: anyone; a registered client (basic client auth); any signed-in account;
 * or a main account only.
 */
export type Access = 'public' | 'client' | 'session' | 'main';

/** Kinds of object a route can act on; each has an owner, and the authorization matrix knows how to make one. */
type ObjectType = 'shop' | 'subAccount' | 'bindTicket';

/** Ids of freshly made objects, for a route's example request. */
export interface ExampleIds {
  shopId: string;
  subAccountId: string;
  bindTicketId: string;
}

type Schema = z.ZodMiniType;
type Out<S> = S extends Schema ? z.output<S> : undefined;

export interface RouteSpec<
  Q extends Schema | undefined,
  J extends Schema | undefined,
  A extends Access,
> {
  method: 'GET' | 'POST';
  path: string;
  access: A;
  /** Query parameters, checked with a shared contract schema. */
  query?: Q;
  /** JSON body, checked with a shared contract schema. */
  json?: J;
  /** The objects the route acts on, each named by a field of the query or body. */
  objects?: readonly { type: ObjectType; field: string }[];
  /** Fields that look like ids but name no owned object (a slider challenge, a scene). */
  notObjects?: readonly string[];
  /** The menu (and button) the actor must hold in its routerInfoList. */
  permission?: { menu: string; button?: string };
  /** A valid request, given freshly made objects: the authorization matrix sends it as four actors. */
  example?: (ids: ExampleIds) => { query?: Record<string, string>; json?: unknown };
  /** The API reference: `datas` of a successful answer, a one-line summary, and a group (default: from the path). */
  response?: Schema;
  summary?: string;
  tag?: string;
  /** The handler answers without the envelope (a document, a file, a platform callback). */
  raw?: boolean;
}

export interface RouteContext<Q, J, A extends Access> {
  c: Context<AppEnv>;
  deps: AppDeps;
  query: Out<Q>;
  json: Out<J>;
  actor: A extends 'session' | 'main' ? Actor : null;
  /** The registered client, on routes with client access. */
  clientId: A extends 'client' ? string : null;
}

/** What the authorization matrix and the API reference read: everything about a route but its code. */
export interface RouteMeta {
  method: 'GET' | 'POST';
  path: string;
  access: Access;
  query?: Schema | undefined;
  json?: Schema | undefined;
  objects?: readonly { type: ObjectType; field: string }[] | undefined;
  notObjects?: readonly string[] | undefined;
  permission?: { menu: string; button?: string } | undefined;
  example?: ((ids: ExampleIds) => { query?: Record<string, string>; json?: unknown }) | undefined;
  response?: Schema | undefined;
  summary?: string | undefined;
  tag?: string | undefined;
  raw?: boolean | undefined;
}

export interface RouteDefinition {
  meta: RouteMeta;
  handle(c: Context<AppEnv>, deps: AppDeps, guards: RouteGuards): Promise<Response>;
}

/** The access checks, provided by the app (they need the database and config). */
export interface RouteGuards {
  client(c: Context<AppEnv>): string;
  session(c: Context<AppEnv>): Promise<Actor>;
  allows(actor: Actor, permission: { menu: string; button?: string }): boolean;
}

async function parse<S extends Schema>(
  c: Context<AppEnv>,
  schema: S,
  value: unknown,
): Promise<z.output<S>> {
  const result = await schema.safeParseAsync(value, { reportInput: true });
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

/** One route: its access, its input, the object it acts on, and its handler. */
export function defineRoute<
  Q extends Schema | undefined = undefined,
  J extends Schema | undefined = undefined,
  A extends Access = Access,
>(
  spec: RouteSpec<Q, J, A>,
  handler: (ctx: RouteContext<Q, J, A>) => Promise<Response> | Response,
): RouteDefinition {
  return {
    meta: spec,
    async handle(c, deps, guards) {
      const clientId = spec.access === 'client' ? guards.client(c) : null;
      const actor =
        spec.access === 'session' || spec.access === 'main' ? await guards.session(c) : null;
      if (actor && spec.access === 'main' && !actor.isMain) throw new AppError('PERMISSION_DENIED');
      if (actor && spec.permission && !guards.allows(actor, spec.permission))
        throw new AppError('PERMISSION_DENIED');
      const query = spec.query ? await parse(c, spec.query, c.req.query()) : undefined;
      const json = spec.json ? await parse(c, spec.json, await readJson(c)) : undefined;
      return handler({ c, deps, query, json, actor, clientId } as RouteContext<Q, J, A>);
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
