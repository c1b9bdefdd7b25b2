import type { AppDeps, AppEnv } from '@server/context';
import { mountRoutes, type RouteGuards } from '@server/lib/route';
import { ROUTES } from '@server/routes';
import { createApiClient } from '@shared/api/client';
import { ApiError } from '@shared/api/errors';
import { type CallableEndpoint, createHttp, type HttpOptions } from '@shared/api/http';
import { defineEndpoint, type Endpoint } from '@shared/contracts/define-endpoint';
import { endpointList, endpoints } from '@shared/contracts/endpoints';
import { API_CLIENTS } from '@shared/contracts/protocol';
import { MENU_CATALOGUE } from '@shared/permissions';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { tableProblems } from '../support/endpoint-table';

const declared = endpointList();

describe('the endpoint table and the server', () => {
  it('has one route for every declaration, and no route that is not declared', () => {
    expect(declared.length).toBeGreaterThan(90);
    expect(tableProblems(declared, ROUTES)).toEqual([]);
  });

  it('mounts exactly the declared methods and paths', () => {
    const app = new Hono<AppEnv>();
    mountRoutes(app, {} as AppDeps, {} as RouteGuards, ROUTES);
    const mounted = app.routes.map((route) => `${route.method} ${route.path}`).sort();
    const calls = declared.map(({ endpoint }) => `${endpoint.method} ${endpoint.path}`).sort();
    expect(mounted).toEqual(calls);
    // No two declarations share a method and path.
    expect(new Set(calls).size).toBe(calls.length);
  });

  it('asks only for pages and buttons the menu catalogue can grant', () => {
    const offered = new Map<string, readonly string[]>(
      MENU_CATALOGUE.map((entry) => [entry.url, entry.buttons]),
    );
    const ungrantable = declared.flatMap(({ name, endpoint }) => {
      const { permission } = endpoint;
      if (!permission) return [];
      const grants = 'anyOf' in permission ? permission.anyOf : [permission];
      return grants
        .filter(
          ({ menu, button }) =>
            !offered.has(menu) || (button !== undefined && !offered.get(menu)?.includes(button)),
        )
        .map(({ menu, button }) => `${name}: ${menu}${button ? ` ${button}` : ''}`);
    });
    expect(ungrantable).toEqual([]);
    expect(declared.filter(({ endpoint }) => endpoint.permission).length).toBeGreaterThan(40);
  });

  it('fails a declaration without a route, a route without a declaration, and a call declared twice', () => {
    const list = defineEndpoint({
      method: 'GET',
      path: '/api-x/list',
      access: 'session',
      response: z.null(),
    });
    const again = defineEndpoint({
      method: 'GET',
      path: '/api-x/list',
      access: 'public',
      response: z.null(),
    });
    const unserved = defineEndpoint({
      method: 'POST',
      path: '/api-x/save',
      access: 'session',
      response: z.null(),
    });
    const onlyServer = defineEndpoint({
      method: 'GET',
      path: '/api-x/hidden',
      access: 'session',
      response: z.null(),
    });
    expect(
      tableProblems(
        [
          { name: 'x.list', endpoint: list },
          { name: 'x.again', endpoint: again },
          { name: 'x.unserved', endpoint: unserved },
        ],
        [{ endpoint: list }, { endpoint: again }, { endpoint: again }, { endpoint: onlyServer }],
      ),
    ).toEqual([
      'GET /api-x/list: declared 2 times (x.list, x.again)',
      'x.again (GET /api-x/list): served 2 times',
      'x.unserved (POST /api-x/save): no server route',
      'GET /api-x/hidden: served but not declared',
    ]);
    // A route that serves a copy of a declaration (an address written again) is not the declaration.
    expect(
      tableProblems([{ name: 'x.list', endpoint: list }], [{ endpoint: { ...list } }]),
    ).toEqual([
      'x.list (GET /api-x/list): no server route',
      'GET /api-x/list: served but not declared',
    ]);
  });
});

interface Seen {
  method: string;
  url: URL;
  headers: Headers;
  body: string;
}

/** A client whose fetch records each request and answers with a business error envelope. */
function recordingOptions(): { seen: Seen[]; options: HttpOptions } {
  const seen: Seen[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    seen.push({
      method: request.method,
      url: new URL(request.url),
      headers: request.headers,
      body: await request.text(),
    });
    return new Response(
      JSON.stringify({ resp_code: 1001, resp_msg: 'no', datas: null, key: 'BAD_CREDENTIALS' }),
      { status: 200, headers: { 'content-type': 'application/json' } },
    );
  };
  return {
    seen,
    options: {
      baseUrl: 'http://api.test/base',
      client: API_CLIENTS.console,
      getToken: () => 'tok-1',
      getLocale: () => ({ site: 'th', language: 'en' }),
      fetch: fetch as typeof globalThis.fetch,
    },
  };
}

/** What a declaration's address is with each path parameter named after itself. */
const filled = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, 'param-$1');

const isCallable = (endpoint: Endpoint): endpoint is CallableEndpoint =>
  endpoint.response !== undefined || endpoint.download === true;

/** Declarations no client calls: browsers, platforms and providers call them, or the reference page fetches the document. */
const NOT_CALLED_BY_THE_CLIENT = [
  'wechat.callbackCheck',
  'wechat.callbackPush',
  'payments.notify',
  'orderPushes.push',
  'docs.reference',
];

describe('the client and the endpoint table', () => {
  it('calls each declaration at its method and path, sending what it declares', async () => {
    const { seen, options } = recordingOptions();
    const http = createHttp(options);
    const callable = declared.flatMap(({ name, endpoint }) =>
      isCallable(endpoint) ? [{ name, endpoint }] : [],
    );
    expect(
      declared.filter(({ endpoint }) => !isCallable(endpoint)).map(({ name }) => name),
    ).toEqual(expect.arrayContaining(NOT_CALLED_BY_THE_CLIENT));
    expect(declared.length - callable.length).toBe(NOT_CALLED_BY_THE_CLIENT.length);

    for (const { name, endpoint } of callable) {
      const params = Object.fromEntries(
        [...endpoint.path.matchAll(/:([A-Za-z0-9_]+)/g)].map(([, key = '']) => [
          key,
          `param-${key}`,
        ]),
      );
      const form = new FormData();
      form.set('file', new Blob(['x']), 'x.png');
      const input = {
        ...(endpoint.query ? { query: { probe: 'q' } } : {}),
        ...(endpoint.json ? { json: { probe: 1 } } : {}),
        ...(endpoint.upload ? { form } : {}),
        ...(Object.keys(params).length > 0 ? { params } : {}),
      };
      const before = seen.length;
      const error = await http.call(endpoint, input as never).then(
        () => null,
        (caught: unknown) => caught,
      );
      // The answer was a business error: the call reached the server and read its envelope.
      expect(error, name).toBeInstanceOf(ApiError);
      expect((error as ApiError).kind, name).toBe('business');
      expect(seen.length, name).toBe(before + 1);
      const request = seen[before] as Seen;
      expect(`${request.method} ${request.url.pathname}`, name).toBe(
        `${endpoint.method} /base${filled(endpoint.path)}`,
      );
      const signedIn =
        endpoint.access === 'session' || endpoint.access === 'main' || !!endpoint.optionalSession;
      expect(request.headers.get('access_token'), name).toBe(signedIn ? 'tok-1' : null);
      expect(request.url.searchParams.get('probe'), name).toBe(endpoint.query ? 'q' : null);
      if (endpoint.json) expect(JSON.parse(request.body), name).toEqual({ probe: 1 });
      else if (endpoint.upload)
        expect(request.headers.get('content-type'), name).toMatch(/^multipart\/form-data/);
      else expect(request.body, name).toBe('');
    }
  });

  it('goes to a declared call from every method of the API client', async () => {
    const { seen, options } = recordingOptions();
    const api = createApiClient(options);
    const calls = new Set(
      declared.map(({ endpoint }) => `${endpoint.method} /base${filled(endpoint.path)}`),
    );
    let methods = 0;
    for (const [group, members] of Object.entries(api)) {
      if (group === 'apiReference') continue;
      for (const [method, call] of Object.entries(members as Record<string, unknown>)) {
        const before = seen.length;
        // A path parameter is given as the table's probe fills it (`:key` -> `param-key`).
        await (call as (...args: unknown[]) => Promise<unknown>)({ key: 'param-key' }, {}).catch(
          () => undefined,
        );
        expect(seen.length, `${group}.${method}`).toBe(before + 1);
        const request = seen[before] as Seen;
        expect(calls, `${group}.${method}`).toContain(`${request.method} ${request.url.pathname}`);
        methods += 1;
      }
    }
    expect(methods).toBeGreaterThan(80);
  });

  it('reads the API reference at the declared address', async () => {
    const { seen, options } = recordingOptions();
    await createApiClient(options)
      .apiReference.get()
      .catch(() => undefined);
    expect(seen.map((request) => `${request.method} ${request.url.pathname}`)).toEqual([
      `${endpoints.docs.reference.method} /base${endpoints.docs.reference.path}`,
    ]);
  });
});
