import { buildOpenApiDocument, operationIdOf, tagOf } from '@server/lib/openapi';
import { ApiReferenceSchema } from '@shared/contracts/api-reference';
import type { Endpoint } from '@shared/contracts/define-endpoint';
import { endpointList } from '@shared/contracts/endpoints';
import { ERROR_KEYS } from '@shared/contracts/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromJSONSchema } from 'zod';
import * as z from 'zod/mini';
import { createTestApp, type TestApp } from '../support/app';
import { LANGUAGES, readLocale } from '../support/locales';

type Json = Record<string, any>;

let t: TestApp;
let doc: Json;
beforeAll(async () => {
  t = await createTestApp();
  const res = await t.call('GET', '/api-docs/openapi.json', { client: false });
  doc = res.body;
});
afterAll(() => t.close());

const METHODS = ['get', 'post', 'put', 'delete', 'patch'];
const TYPES = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);

/** The document node a local `$ref` names, or undefined. */
function resolve(document: Json, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  return ref
    .slice(2)
    .split('/')
    .reduce<any>((node, part) => node?.[part.replace(/~1/g, '/').replace(/~0/g, '~')], document);
}

/**
 * Checks that a value is a well-formed JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1):
 * known types, keyword values of the right kind, required names that exist, patterns that compile,
 * and references that resolve in the document. Returns the problems found.
 */
function schemaProblems(document: Json, schema: unknown, at: string): string[] {
  if (typeof schema === 'boolean') return [];
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema))
    return [`${at}: not a schema`];
  const s = schema as Json;
  const problems: string[] = [];
  const sub = (value: unknown, where: string) =>
    problems.push(...schemaProblems(document, value, where));
  if ('$ref' in s) {
    if (typeof s.$ref !== 'string' || resolve(document, s.$ref) === undefined)
      problems.push(`${at}: $ref ${String(s.$ref)} does not resolve`);
  }
  if ('$schema' in s) problems.push(`${at}: $schema inside the document`);
  if ('type' in s) {
    const types = Array.isArray(s.type) ? s.type : [s.type];
    for (const type of types) if (!TYPES.has(type)) problems.push(`${at}: unknown type ${type}`);
  }
  if ('properties' in s) {
    if (typeof s.properties !== 'object') problems.push(`${at}: properties is not an object`);
    for (const [name, value] of Object.entries(s.properties ?? {}))
      sub(value, `${at}.properties.${name}`);
  }
  if ('required' in s) {
    if (!Array.isArray(s.required)) problems.push(`${at}: required is not a list`);
    for (const name of s.required ?? [])
      if (!(name in (s.properties ?? {})))
        problems.push(`${at}: required ${name} is not a property`);
  }
  for (const key of ['items', 'additionalProperties', 'not', 'propertyNames', 'contains'])
    if (key in s) sub(s[key], `${at}.${key}`);
  for (const key of ['anyOf', 'oneOf', 'allOf', 'prefixItems']) {
    if (!(key in s)) continue;
    if (!Array.isArray(s[key]) || s[key].length === 0) problems.push(`${at}: ${key} is empty`);
    for (const [index, value] of (s[key] ?? []).entries()) sub(value, `${at}.${key}[${index}]`);
  }
  if ('enum' in s && (!Array.isArray(s.enum) || s.enum.length === 0))
    problems.push(`${at}: enum is empty`);
  for (const key of ['minLength', 'maxLength', 'minItems', 'maxItems']) {
    if (key in s && !(Number.isInteger(s[key]) && s[key] >= 0))
      problems.push(`${at}: ${key} is not a non-negative integer`);
  }
  for (const key of ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum']) {
    if (key in s && typeof s[key] !== 'number') problems.push(`${at}: ${key} is not a number`);
  }
  if ('pattern' in s) {
    try {
      new RegExp(s.pattern, 'u');
    } catch {
      problems.push(`${at}: pattern does not compile`);
    }
  }
  return problems;
}

/** Every schema of the document, with where it sits. */
function everySchema(document: Json): [string, unknown][] {
  const found: [string, unknown][] = [];
  for (const [name, schema] of Object.entries(document.components.schemas ?? {}))
    found.push([`components.schemas.${name}`, schema]);
  for (const [name, parameter] of Object.entries<any>(document.components.parameters ?? {}))
    found.push([`components.parameters.${name}`, parameter.schema]);
  for (const [path, item] of Object.entries<any>(document.paths)) {
    for (const [method, op] of Object.entries<any>(item)) {
      const at = `${method.toUpperCase()} ${path}`;
      for (const parameter of op.parameters ?? [])
        if (parameter.schema) found.push([`${at} ${parameter.name}`, parameter.schema]);
      const body = op.requestBody?.content?.['application/json']?.schema;
      if (body) found.push([`${at} body`, body]);
      for (const [status, response] of Object.entries<any>(op.responses)) {
        const schema = response.content?.['application/json']?.schema;
        if (schema) found.push([`${at} ${status}`, schema]);
      }
    }
  }
  return found;
}

/** A JSON Schema of the document with its references inlined, as a zod schema (zod's own reader). */
function readBack(schema: Json) {
  const inline = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(inline);
    if (value === null || typeof value !== 'object') return value;
    const node = value as Json;
    if (typeof node.$ref === 'string') return inline(resolve(doc, node.$ref));
    return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, inline(child)]));
  };
  return fromJSONSchema(inline(schema) as any);
}

const operationOf = (method: string, path: string) =>
  doc.paths[path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')]?.[method.toLowerCase()];

describe('GET /api-docs/openapi.json', () => {
  it('answers without a token or client auth, as an OpenAPI 3.1 document the console can read', async () => {
    const res = await t.call('GET', '/api-docs/openapi.json', { client: false });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.body.openapi).toBe('3.1.0');
    expect(res.body.info.title).toBeTruthy();
    expect(ApiReferenceSchema.safeParse(res.body).success).toBe(true);
  });

  it('is the same document on every request (built once)', async () => {
    const first = await t.call('GET', '/api-docs/openapi.json');
    const second = await t.call('GET', '/api-docs/openapi.json', { token: 'not-a-token' });
    expect(second.status).toBe(200);
    expect(second.text).toBe(first.text);
  });

  it('documents every call of the endpoint table, and nothing else', () => {
    const documented = Object.entries<any>(doc.paths).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((method) => METHODS.includes(method))
        .map((method) => `${method.toUpperCase()} ${path}`),
    );
    const declared = endpointList().map(
      ({ endpoint }) => `${endpoint.method} ${endpoint.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`,
    );
    expect(declared.length).toBeGreaterThan(20);
    expect(documented.sort()).toEqual([...new Set(declared)].sort());
    expect(documented).toContain('GET /api-docs/openapi.json');
    expect(documented).toContain('GET /files/{key}');
  });

  it('gives each route its access level, security, tag and unique operation id', () => {
    const ids = new Set<string>();
    for (const { endpoint: meta } of endpointList()) {
      const op = operationOf(meta.method, meta.path);
      expect(op, `${meta.method} ${meta.path}`).toBeDefined();
      expect(op['x-access']).toBe(meta.access);
      expect(op.tags).toEqual([tagOf(meta)]);
      expect(op.operationId).toBe(operationIdOf(meta));
      ids.add(op.operationId);
      const schemes = op.security.flatMap((entry: Json) => Object.keys(entry));
      if (meta.access === 'public') expect(op.security, meta.path).toEqual([]);
      if (meta.access === 'client') expect(schemes).toEqual(['clientAuth']);
      if (meta.access === 'session' || meta.access === 'main') {
        expect(schemes).toEqual(['accessToken', 'accessTokenQuery']);
        expect(op.responses['401'], meta.path).toEqual({
          $ref: '#/components/responses/Unauthorized',
        });
      }
      const { permission } = meta;
      if (permission && 'anyOf' in permission) {
        // A choice of grants is said in words; only a single grant is machine-readable.
        expect(op['x-permission']).toBeUndefined();
        for (const { menu } of permission.anyOf) expect(op.description).toContain(menu);
      } else if (permission) {
        expect(op['x-permission']).toEqual(permission);
        expect(op.description).toContain(`Needs the menu ${permission.menu}`);
      } else expect(op['x-permission']).toBeUndefined();
      // Every answer in the envelope documents its datas.
      if (!meta.raw)
        expect(
          op.responses['200'].content['application/json'].schema.properties.datas,
          `${meta.method} ${meta.path}`,
        ).not.toHaveProperty('description', 'The data of the answer (its schema is not declared).');
    }
    expect(ids.size).toBe(endpointList().length);
    expect(operationOf('GET', '/api-user/pay/order').description).toContain(
      'Needs one of: the menu /pay/recharge, the menu /pay/orderTrading or the menu /payResult',
    );
    expect(tagOf({ path: '/api-user/shop/list' })).toBe('shop');
    expect(tagOf({ path: '/files/:id' })).toBe('files');
  });

  it('documents the headers of spec section 7, the security schemes and the envelope', () => {
    const { parameters, securitySchemes, schemas } = doc.components;
    expect(Object.values<any>(parameters).map((p) => [p.name, p.in])).toEqual([
      ['site', 'header'],
      ['language', 'header'],
      ['equipment', 'header'],
    ]);
    expect(parameters.language.schema.enum).toEqual(['zh', 'th', 'en']);
    expect(parameters.equipment.schema.enum).toEqual(['pc']);
    expect(securitySchemes.clientAuth).toMatchObject({ type: 'http', scheme: 'basic' });
    expect(securitySchemes.accessToken).toEqual({
      type: 'apiKey',
      in: 'header',
      name: 'access_token',
    });
    expect(securitySchemes.accessTokenQuery).toEqual({
      type: 'apiKey',
      in: 'query',
      name: 'access_token',
    });
    expect(schemas.ErrorKey.enum).toEqual(ERROR_KEYS);
    expect(schemas.ErrorKey['x-resp-codes'].WALLET_INSUFFICIENT_BALANCE).toBe(-10);
    expect(Object.keys(schemas.Envelope.properties)).toEqual([
      'resp_code',
      'resp_msg',
      'datas',
      'key',
    ]);
    const sites = operationOf('GET', '/api-user/public/getSiteList');
    expect(sites.parameters.slice(-3)).toEqual([
      { $ref: '#/components/parameters/site' },
      { $ref: '#/components/parameters/language' },
      { $ref: '#/components/parameters/equipment' },
    ]);
  });

  it('has only well-formed JSON Schemas, every reference resolving', () => {
    const schemas = everySchema(doc);
    expect(schemas.length).toBeGreaterThan(60);
    const problems = schemas.flatMap(([at, schema]) => schemaProblems(doc, schema, at));
    expect(problems).toEqual([]);
    // The checker itself finds what it is meant to find.
    expect(
      schemaProblems(doc, { type: 'text', required: ['a'], $ref: '#/nowhere' }, 'x'),
    ).toHaveLength(3);
  });

  it('keeps the constraints of the contracts: query parameters, bodies and answers read back as schemas that judge like them', async () => {
    const detail = operationOf('GET', '/api-user/shop/detail');
    expect(detail.parameters[0]).toMatchObject({
      name: 'shopId',
      in: 'query',
      required: true,
      schema: { type: 'string', format: 'uuid' },
    });
    expect(detail['x-permission']).toEqual({ menu: '/thirdPartyPlatform/authorizeList' });

    const alias = readBack(
      operationOf('POST', '/api-user/shop/alias').requestBody.content['application/json'].schema,
    );
    const shopId = crypto.randomUUID();
    expect(alias.safeParse({ shopId, alias: 'Main shop' }).success).toBe(true);
    expect(alias.safeParse({ shopId, alias: 'x'.repeat(41) }).success).toBe(false);
    expect(alias.safeParse({ alias: 'Main shop' }).success).toBe(false);

    const login = operationOf('POST', '/api-uaa/oauth/loginByPassword');
    expect(login.requestBody.content['application/json'].schema.required).toEqual([
      'username',
      'password',
    ]);
    const loginAnswer = readBack(login.responses['200'].content['application/json'].schema);
    expect(
      loginAnswer.safeParse({
        resp_code: 0,
        resp_msg: 'ok',
        datas: { access_token: 'x'.repeat(40), expires_in: 3600, routerInfoList: [] },
      }).success,
    ).toBe(true);
    expect(
      loginAnswer.safeParse({ resp_code: 0, resp_msg: 'ok', datas: { access_token: 1 } }).success,
    ).toBe(false);

    // A real answer of the server fits what the reference says it answers.
    const sites = await t.call('GET', '/api-user/public/getSiteList?isAll=1');
    const documented = readBack(
      operationOf('GET', '/api-user/public/getSiteList').responses['200'].content[
        'application/json'
      ].schema,
    );
    expect(documented.safeParse(sites.body).success).toBe(true);
    expect(documented.safeParse({ ...sites.body, datas: [{ site: 'xx' }] }).success).toBe(false);
  });

  it('documents its own public routes: short links, activity reports and itself', () => {
    expect(operationOf('GET', '/api-user/public/shortUrl')).toMatchObject({
      'x-access': 'public',
      tags: ['shortLinks'],
      parameters: [{ name: 'id', in: 'query', required: true }, {}, {}, {}],
    });
    const activity = operationOf('POST', '/api-user/public/event/save');
    expect(activity['x-access']).toBe('public');
    expect(activity.requestBody.content['application/json'].schema.required).toEqual([
      'page',
      'seconds',
      'clicks',
      'scrolls',
      'active',
    ]);
    const self = operationOf('GET', '/api-docs/openapi.json');
    expect(self.responses['200'].content).toBeUndefined();
    expect(self.responses['200'].description).toMatch(/without the envelope/);
  });
});

describe('the reference’s summaries in every language', () => {
  it('has each summary of the endpoint table in zh, th and en (en as the table says it), and no other', () => {
    const summaries = Object.fromEntries(
      endpointList()
        .map(({ endpoint }) => endpoint)
        .filter((endpoint) => endpoint.summary)
        .map((endpoint) => [operationIdOf(endpoint), endpoint.summary]),
    );
    expect(Object.keys(summaries).length).toBeGreaterThan(0);
    expect(readLocale('en', 'documentation').summaries).toEqual(summaries);
    for (const language of LANGUAGES) {
      const words = readLocale(language, 'documentation').summaries as Record<string, string>;
      expect(Object.keys(words).sort()).toEqual(Object.keys(summaries).sort());
      if (language !== 'en')
        for (const [id, text] of Object.entries(words)) expect(text, id).not.toBe(summaries[id]);
    }
  });
});

describe('buildOpenApiDocument', () => {
  it('moves named and recursive definitions to components, so references resolve in the document', () => {
    const Category = z.object({
      name: z.string(),
      get children() {
        return z.array(Category);
      },
    });
    const route: Endpoint = {
      method: 'POST',
      path: '/api-x/category/:code',
      access: 'session',
      json: Category,
      response: z.array(Category),
    };
    const built = buildOpenApiDocument([route]) as Json;
    const op = built.paths['/api-x/category/{code}'].post;
    expect(op.parameters[0]).toEqual({
      name: 'code',
      in: 'path',
      required: true,
      schema: { type: 'string' },
    });
    const problems = everySchema(built).flatMap(([at, schema]) =>
      schemaProblems(built, schema, at),
    );
    expect(problems).toEqual([]);
    expect(JSON.stringify(built)).not.toContain('#/$defs/');
    expect(JSON.stringify(built)).not.toContain('"$ref":"#"');
  });
});
