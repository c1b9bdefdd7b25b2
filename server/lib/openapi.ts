import type { AccessLevel } from '@shared/contracts/api-reference';
import type { Endpoint, Permission } from '@shared/contracts/define-endpoint';
import { ERROR_KEYS, ERRORS, TOKEN_ERROR_KEYS } from '@shared/contracts/errors';
import { LANGUAGES } from '@shared/contracts/languages';
import { EQUIPMENT_PC, HEADERS, TOKEN_QUERY_PARAM } from '@shared/contracts/protocol';
import { SITE_CODES } from '@shared/contracts/site-codes';
import * as z from 'zod/mini';

/** A JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1) or any other JSON object of the document. */
type Json = Record<string, unknown>;

/**
 * What the API reference says about each access level (the contract's list, so a new level in the
 * endpoint table fails here until the reference knows it); the console's reference page reads `x-access`.
 */
const ACCESS_TEXT: Record<AccessLevel, string> = {
  public: 'Public: no token needed.',
  client: 'Registered client: basic client auth of the console or the extension.',
  session: 'Signed in: any account, main or sub-account.',
  main: 'Signed in as a main account (sub-accounts are refused).',
};

const SECURITY: Record<AccessLevel, Json[]> = {
  public: [],
  client: [{ clientAuth: [] }],
  session: [{ accessToken: [] }, { accessTokenQuery: [] }],
  main: [{ accessToken: [] }, { accessTokenQuery: [] }],
};

/** `/files/:id` -> `/files/{id}`. */
const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
const pathParams = (path: string) => [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1] ?? '');

/** A stable, unique id per route: `get_api_user_public_getSiteList`. */
export function operationIdOf(route: Pick<Endpoint, 'method' | 'path'>): string {
  return `${route.method.toLowerCase()}${route.path.replace(/[^A-Za-z0-9]+/g, '_')}`.replace(
    /_+$/,
    '',
  );
}

/** The route's group: its own tag, else the module segment of the path (`/api-user/shop/list` -> shop). */
export function tagOf(route: Pick<Endpoint, 'path' | 'tag'>): string {
  if (route.tag) return route.tag;
  const segments = route.path.split('/').filter(Boolean);
  return (segments.length >= 3 ? segments[1] : segments[0]) ?? 'api';
}

/** Points every `$ref` of a converted schema at its new home in components/schemas. */
function rewriteRefs(value: unknown, target: (ref: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => rewriteRefs(item, target));
  if (value === null || typeof value !== 'object') return value;
  const out: Json = {};
  for (const [key, child] of Object.entries(value)) {
    out[key] =
      key === '$ref' && typeof child === 'string' ? target(child) : rewriteRefs(child, target);
  }
  return out;
}

/**
 * A contract schema as a JSON Schema of the document (zod 4's own conversion). Definitions the
 * conversion extracts (named or recursive schemas) move to components/schemas under the
 * operation's name, since `#` in an OpenAPI document is the document, not the schema.
 */
function convert(
  schema: z.ZodMiniType,
  io: 'input' | 'output',
  name: string,
  components: Record<string, Json>,
): Json {
  const converted = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    reused: 'inline',
    cycles: 'ref',
  }) as Json;
  const { $schema: _dialect, $defs, ...root } = converted;
  const defs = ($defs ?? {}) as Record<string, unknown>;
  const rootRefs = JSON.stringify(root).includes('"$ref":"#"');
  const target = (ref: string) => {
    if (ref === '#') return `#/components/schemas/${name}`;
    const local = ref.match(/^#\/\$defs\/(.+)$/)?.[1];
    return local ? `#/components/schemas/${name}_${local}` : ref;
  };
  for (const [key, def] of Object.entries(defs)) {
    components[`${name}_${key}`] = rewriteRefs(def, target) as Json;
  }
  const rewritten = rewriteRefs(root, target) as Json;
  if (!rootRefs) return rewritten;
  components[name] = rewritten;
  return { $ref: `#/components/schemas/${name}` };
}

/** `the menu /a and its button b`. */
const grantText = (grant: Permission) =>
  `the menu ${grant.menu}${grant.button ? ` and its button ${grant.button}` : ''}`;

/** `a`, `a or b`, `a, b or c`. */
const listed = (items: readonly string[]) =>
  items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;

const envelopeOf = (datas: Json): Json => ({
  type: 'object',
  properties: {
    resp_code: { type: 'integer', description: '0 on success.' },
    resp_msg: { type: 'string', description: "Translated into the request's language." },
    datas,
    key: { $ref: '#/components/schemas/ErrorKey' },
  },
  required: ['resp_code', 'resp_msg'],
});

function operation(route: Endpoint, components: Record<string, Json>): Json {
  const id = operationIdOf(route);
  const parameters: Json[] = [
    ...pathParams(route.path).map((name) => ({
      name,
      in: 'path',
      required: true,
      schema: { type: 'string' },
    })),
  ];
  if (route.query) {
    const query = convert(route.query, 'input', `${id}_query`, components);
    const properties = (query.properties ?? {}) as Record<string, Json>;
    const required = new Set((query.required ?? []) as string[]);
    for (const [name, schema] of Object.entries(properties)) {
      const { description, ...rest } = schema;
      parameters.push({
        name,
        in: 'query',
        required: required.has(name),
        ...(typeof description === 'string' ? { description } : {}),
        schema: rest,
      });
    }
  }
  parameters.push(
    { $ref: '#/components/parameters/site' },
    { $ref: '#/components/parameters/language' },
    { $ref: '#/components/parameters/equipment' },
  );

  const datas = route.response
    ? convert(route.response, 'output', `${id}_datas`, components)
    : { description: 'The data of the answer (its schema is not declared).' };
  // A raw answer (a file) is refused like any other route: 401 without a session.
  const unauthorized =
    route.access === 'public' ? {} : { '401': { $ref: '#/components/responses/Unauthorized' } };
  const responses: Json = route.raw
    ? {
        '200': {
          description: 'The answer as it is, without the envelope.',
          ...(route.response ? { content: { 'application/json': { schema: datas } } } : {}),
        },
        ...unauthorized,
      }
    : {
        '200': {
          description:
            'The envelope. resp_code 0 is success; business errors keep HTTP 200 with a nonzero resp_code and a key.',
          content: { 'application/json': { schema: envelopeOf(datas) } },
        },
        ...unauthorized,
      };

  const { permission } = route;
  const needs = !permission
    ? ''
    : 'anyOf' in permission
      ? ` Needs one of: ${listed(permission.anyOf.map(grantText))} in the account's routerInfoList.`
      : ` Needs ${grantText(permission)} in the account's routerInfoList.`;
  return {
    operationId: id,
    tags: [tagOf(route)],
    ...(route.summary ? { summary: route.summary } : {}),
    description: `${ACCESS_TEXT[route.access]}${needs}`,
    parameters,
    ...(route.json
      ? {
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: convert(route.json, 'input', `${id}_body`, components),
              },
            },
          },
        }
      : {}),
    responses,
    security: SECURITY[route.access],
    'x-access': route.access,
    // One grant is machine-readable; a choice of grants is said in the description.
    ...(permission && !('anyOf' in permission) ? { 'x-permission': permission } : {}),
  };
}

/**
 * The OpenAPI 3.1 document of the API, built from the endpoint table: every route with its access
 * level (security), permission, parameters, body and answer, and the envelope and headers of spec
 * section 7 that every call shares.
 */
export function buildOpenApiDocument(routes: readonly Endpoint[]): Json {
  const schemas: Record<string, Json> = {
    ErrorKey: {
      type: 'string',
      enum: [...ERROR_KEYS],
      description: 'The stable key of an error; clients branch on it, never on the message.',
      'x-resp-codes': Object.fromEntries(ERROR_KEYS.map((key) => [key, ERRORS[key].code])),
    },
  };
  schemas.Envelope = envelopeOf({ description: 'The answer; null on errors unless stated.' });

  const paths: Record<string, Json> = {};
  for (const route of routes) {
    const path = openApiPath(route.path);
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operation(route, schemas) };
  }
  const tags = [...new Set(routes.map((route) => tagOf(route)))].sort().map((name) => ({ name }));

  return {
    openapi: '3.1.0',
    info: {
      title: 'Cross-border Seller Center API',
      version: '1',
      description: [
        'Every JSON answer is the envelope { resp_code, resp_msg, datas, key? }: resp_code 0 is success; business errors keep HTTP 200 with a nonzero resp_code and a stable key; authentication failures answer HTTP 401 with a message containing "token".',
        `Every request carries basic client auth (${HEADERS.authorization}), the ${HEADERS.site}, ${HEADERS.language} and ${HEADERS.equipment} (${EQUIPMENT_PC}) headers, and, once signed in, the token as the ${HEADERS.token} header and query parameter.`,
      ].join('\n\n'),
    },
    tags,
    paths,
    components: {
      schemas,
      parameters: {
        site: {
          name: HEADERS.site,
          in: 'header',
          required: false,
          description: 'The site the user works on.',
          schema: { type: 'string', enum: [...SITE_CODES] },
        },
        language: {
          name: HEADERS.language,
          in: 'header',
          required: false,
          description: 'The language of resp_msg (else Accept-Language, else en).',
          schema: { type: 'string', enum: [...LANGUAGES] },
        },
        equipment: {
          name: HEADERS.equipment,
          in: 'header',
          required: false,
          schema: { type: 'string', enum: [EQUIPMENT_PC] },
        },
      },
      responses: {
        Unauthorized: {
          description: `No live session (${TOKEN_ERROR_KEYS.join(', ')}) or an unknown client (CLIENT_UNAUTHORIZED).`,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Envelope' } } },
        },
      },
      securitySchemes: {
        clientAuth: {
          type: 'http',
          scheme: 'basic',
          description: 'Basic base64(clientId:secret) of the console or the extension.',
        },
        accessToken: { type: 'apiKey', in: 'header', name: HEADERS.token },
        accessTokenQuery: { type: 'apiKey', in: 'query', name: TOKEN_QUERY_PARAM },
      },
    },
  };
}
