import { BROWSER_KEY_COOKIE } from '@server/lib/browser-key';
import type { Endpoint } from '@shared/contracts/define-endpoint';
import {
  API_CLIENTS,
  basicClientAuth,
  HEADERS,
  TOKEN_QUERY_PARAM,
} from '@shared/contracts/protocol';
import fc from 'fast-check';
import type * as z from 'zod/mini';
import { arbitraryOf, defOf, type Hint, toQueryPairs } from './zod-arbitrary';

/**
 * Requests for one declared endpoint: mostly what its schemas accept (with ids, numbers and
 * addresses of the accounts' real objects mixed in), and malformed ones: a field of the wrong
 * type, missing or extra fields (`__proto__` among them), junk nested anywhere, huge strings,
 * Unicode that databases dislike (NUL, lone surrogates), bad JSON, wrong content types, bodies
 * over the limit or nested thousands deep, bad percent-encoding, repeated query keys, and odd
 * headers: huge, repeated or junk language, site, token, client, request-id and idempotency
 * headers.
 */

/** Where the actor's token goes (or what goes instead). */
export type TokenMode = 'header' | 'query' | 'none' | 'junk' | 'repeated';
/** Which client's basic auth the request carries. */
type ClientMode = 'console' | 'extension' | 'none' | 'junk';

export interface FuzzRequest {
  /** What was done to it (for the report): `valid`, `body:field-junk`, `query:bad-encoding`, ... */
  variant: string;
  /** The path with its parameters filled. */
  path: string;
  /** The query string, without `?`. */
  query: string;
  /** Headers besides the client's and the token, appended in order (so some repeat). */
  headers: [string, string][];
  token: TokenMode;
  client: ClientMode;
  body: string | null;
  contentType: string | null;
}

/** Known values of the accounts' objects, for the fields that name one. */
export interface Pools {
  /** uuids, order and trade numbers, scene ids. */
  ids: readonly string[];
  emails: readonly string[];
  /** Shop consents' states (a callback's `state`). */
  states: readonly string[];
}

/**
 * The browser every request comes from (its key cookie, server/lib/browser-key.ts): the world's
 * WeChat binding QR codes are made in it, so a binding's answer depends on the account alone. A
 * request whose headers carry a cookie of their own sends that one instead.
 */
export const WORLD_BROWSER_KEY = 'w'.repeat(43);

const ID_FIELD = /^(id|ids)$|Ids?$|No$/;
const EMAIL_FIELD = /email|username|account$/i;

function poolHint(pools: Pools): Hint {
  const hint: Hint = (field, schema) => {
    const type = defOf(schema).type;
    if (type !== 'string') return undefined;
    const plain = arbitraryOf(schema);
    if (ID_FIELD.test(field) && pools.ids.length > 0)
      return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...pools.ids) }, plain);
    if (EMAIL_FIELD.test(field) && pools.emails.length > 0)
      return fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...pools.emails) }, plain);
    if (field === 'state' && pools.states.length > 0)
      return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...pools.states) }, plain);
    return undefined;
  };
  return hint;
}

/** Strings that trouble parsers, databases and renderers. */
const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\ufeff',
  '\u202eevil',
  '𝕏𝕐ℤ👩‍👩‍👧‍👦',
  'Z̵̡̢̛̗̩a̸̧̛͈l̷̨̛g̵o',
  'İı',
  'ß',
  '\r\n\t',
  '%00',
  '%s%n%x',
  `\${7*7}{{7*7}}`,
  "' or 1=1 --",
  '"; drop table users; --',
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  'null',
  'undefined',
  'NaN',
  '-0',
  '1e309',
  '0x10',
  '99999999999999999999999',
  '2024-13-45T25:61:61Z',
  'javascript:alert(1)',
  '__proto__',
  'constructor',
];

const NASTY_NUMBERS = [
  0,
  -1,
  1,
  -0,
  0.5,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  Number.MIN_SAFE_INTEGER,
  1e21,
  -1e21,
  1e308,
  2 ** 31,
  2 ** 63,
];

/** A huge string: long runs of one character (plain, multi-byte or NUL), cheap to make. */
const hugeString = fc
  .tuple(
    fc.constantFrom('x', '€', '𝕏', '\u0000', '\ud800'),
    fc.integer({ min: 1000, max: 200_000 }),
  )
  .map(([char, count]) => char.repeat(count));

const junkString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
  { weight: 1, arbitrary: hugeString },
);

/** A value of the wrong kind for nearly any field. */
const junkValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.constantFrom(...NASTY_NUMBERS),
  fc.integer(),
  junkString,
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 4 }),
  fc.jsonValue({ maxDepth: 3 }),
  fc.constant(JSON.parse('{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}')),
  fc.constant({}),
  fc.constant([]),
);

type Path = (string | number)[];

/** Every place inside a value (objects' keys and arrays' items), a few levels deep. */
function placesOf(value: unknown, depth = 0, at: Path = []): Path[] {
  if (depth > 3 || value === null || typeof value !== 'object') return [];
  const keys: (string | number)[] = Array.isArray(value)
    ? value.map((_, index) => index)
    : Object.keys(value as object);
  return keys.flatMap((key) => {
    const inner = (value as Record<string | number, unknown>)[key];
    return [[...at, key], ...placesOf(inner, depth + 1, [...at, key])];
  });
}

function withAt(value: unknown, path: Path, change: (parent: any, key: string | number) => void) {
  const copy = structuredClone(value);
  let parent: any = copy;
  for (const key of path.slice(0, -1)) parent = parent[key];
  const last = path[path.length - 1];
  if (last !== undefined) change(parent, last);
  return copy;
}

/** A valid value with one place changed: junk put there, or the place removed. */
function mutated(valid: fc.Arbitrary<unknown>, how: 'junk' | 'remove') {
  return fc.tuple(valid, fc.nat(), junkValue).map(([value, pick, junk]) => {
    const places = placesOf(value);
    const place = places[pick % Math.max(1, places.length)];
    if (!place) return how === 'junk' ? junk : undefined;
    return withAt(value, place, (parent, key) => {
      if (how === 'remove') {
        if (Array.isArray(parent)) parent.splice(Number(key), 1);
        else delete parent[key];
      } else parent[key] = junk;
    });
  });
}

/** A valid object with fields it does not declare. */
function withExtraFields(valid: fc.Arbitrary<unknown>) {
  return fc
    .tuple(
      valid,
      fc.array(
        fc.tuple(
          fc.oneof(
            fc.constantFrom(
              '__proto__',
              'constructor',
              'prototype',
              'toString',
              'then',
              'ownerId',
              'userId',
              'parentId',
              'role',
              'roles',
              'isMain',
              'tenantId',
              'status',
              'balance',
              'amount',
            ),
            fc.string({ maxLength: 12 }),
          ),
          junkValue,
        ),
        { minLength: 1, maxLength: 3 },
      ),
    )
    .map(([value, extras]) => {
      if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
      const copy = structuredClone(value) as Record<string, unknown>;
      for (const [key, junk] of extras)
        Object.defineProperty(copy, key, {
          value: junk,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      return copy;
    });
}

/** JSON text a valid value's place replaced by arrays nested `depth` deep. */
function deepNested(valid: fc.Arbitrary<unknown>) {
  const marker = '__deep_marker__';
  return fc
    .tuple(valid, fc.nat(), fc.integer({ min: 1000, max: 20_000 }), fc.constantFrom('[', '{"a":'))
    .map(([value, pick, depth, open]) => {
      const places = placesOf(value);
      const place = places[pick % Math.max(1, places.length)];
      const placed = place
        ? withAt(value, place, (parent, key) => {
            parent[key] = marker;
          })
        : marker;
      const close = open === '[' ? ']' : '}';
      return JSON.stringify(placed).replace(
        `"${marker}"`,
        `${open.repeat(depth)}1${close.repeat(depth)}`,
      );
    });
}

const BAD_JSON = [
  '',
  '{',
  '}',
  '{"a":}',
  '[1,2',
  'nul',
  'NaN',
  'undefined',
  "{'single':'quotes'}",
  '{"a":1,}',
  '\ufeff{}',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '1e999999',
  '-',
  '123456789012345678901234567890',
  '"just a string"',
  'true',
  'null',
  '[]',
  '{"__proto__":{"polluted":true}}',
  '\u0000',
];

const ODD_CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----x',
  'multipart/form-data',
  'application/json; charset=utf-16',
  'APPLICATION/JSON',
  'application/json-patch+json',
  'application/jsonx',
  'application/xml',
  'application/octet-stream',
  'application/json; boundary=x; charset=latin1',
  '*/*',
  '',
];

interface Part<T> {
  label: string;
  value: T;
}
const labelled = <T>(label: string, arbitrary: fc.Arbitrary<T>): fc.Arbitrary<Part<T>> =>
  arbitrary.map((value) => ({ label, value }));

type Body = { body: string | null; contentType: string | null };

function bodyArbitrary(endpoint: Endpoint, valid: fc.Arbitrary<unknown>): fc.Arbitrary<Part<Body>> {
  const json = (text: string): Body => ({ body: text, contentType: 'application/json' });
  const asJson = (value: unknown) => json(value === undefined ? '' : JSON.stringify(value));
  if (endpoint.method === 'GET')
    return fc.constant({ label: 'none', value: { body: null, contentType: null } });
  return fc.oneof(
    { weight: 8, arbitrary: labelled('valid', valid.map(asJson)) },
    { weight: 3, arbitrary: labelled('field-junk', mutated(valid, 'junk').map(asJson)) },
    { weight: 2, arbitrary: labelled('field-missing', mutated(valid, 'remove').map(asJson)) },
    { weight: 2, arbitrary: labelled('extra-fields', withExtraFields(valid).map(asJson)) },
    { weight: 1, arbitrary: labelled('body-junk', junkValue.map(asJson)) },
    { weight: 1, arbitrary: labelled('deep', deepNested(valid).map(json)) },
    {
      weight: 2,
      arbitrary: labelled(
        'bad-json',
        fc
          .oneof(
            fc.constantFrom(...BAD_JSON),
            fc.tuple(valid, fc.nat()).map(([value, cut]) => {
              const text = JSON.stringify(value ?? {});
              return text.slice(0, cut % Math.max(1, text.length));
            }),
          )
          .map(json),
      ),
    },
    {
      weight: 2,
      arbitrary: labelled(
        'content-type',
        fc.tuple(valid, fc.constantFrom(...ODD_CONTENT_TYPES)).map(([value, contentType]) => ({
          body: JSON.stringify(value ?? {}),
          contentType: contentType || null,
        })),
      ),
    },
    {
      weight: 1,
      arbitrary: labelled(
        'oversized',
        fc
          .integer({ min: 1024 * 1024, max: 3 * 1024 * 1024 + 4096 })
          .map((size) => json(`{"x":"${'x'.repeat(size)}"}`)),
      ),
    },
    { weight: 1, arbitrary: labelled('no-body', fc.constant({ body: null, contentType: null })) },
  );
}

/** The three bytes a careless UTF-8 encoder writes for a lone surrogate (no decoder takes them). */
function loneSurrogateBytes(unit: string): string {
  const code = unit.charCodeAt(0);
  return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
    .map((byte) => `%${byte.toString(16).toUpperCase()}`)
    .join('');
}

/**
 * encodeURIComponent for any string: where it would throw (a lone surrogate, which a cut in a
 * long string or a nasty string can leave), the surrogate travels as loneSurrogateBytes.
 */
function encodeAnyComponent(text: string): string {
  return text
    .split(/([\ud800-\udfff])/u)
    .map((part, index) => (index % 2 === 1 ? loneSurrogateBytes(part) : encodeURIComponent(part)))
    .join('');
}

const encodePairs = (pairs: readonly [string, string][]) =>
  new URLSearchParams(pairs as [string, string][]).toString();

const BAD_ENCODINGS = [
  '%',
  '%Z',
  '%ZZ',
  '%C0%80',
  '%E0%A4%A',
  '%ED%A0%80',
  '%00',
  '%FF%FE',
  '%25%',
  '+%2B+',
  ';',
  '&&',
  '=',
  '%uD800',
];

function queryArbitrary(
  endpoint: Endpoint,
  valid: fc.Arbitrary<unknown>,
): fc.Arbitrary<Part<string>> {
  const pairs = valid.map((value) => toQueryPairs(value));
  const junkPair = fc.tuple(
    fc.oneof(
      fc.constantFrom('__proto__', 'constructor', 'page', 'limit', 'id', 'x'),
      fc.string({ maxLength: 10 }),
    ),
    junkString.map((value) => (typeof value === 'string' ? value : String(value))),
  );
  const parts: fc.WeightedArbitrary<Part<string>>[] = [
    { weight: 8, arbitrary: labelled('valid', pairs.map(encodePairs)) },
    {
      weight: 2,
      arbitrary: labelled(
        'field-junk',
        fc.tuple(pairs, fc.nat(), junkString).map(([list, pick, junk]) => {
          const copy = [...list];
          const at = pick % Math.max(1, copy.length);
          if (copy[at]) copy[at] = [copy[at][0], junk];
          else copy.push(['x', junk]);
          return encodePairs(copy);
        }),
      ),
    },
    {
      weight: 1,
      arbitrary: labelled(
        'field-missing',
        fc
          .tuple(pairs, fc.nat())
          .map(([list, pick]) =>
            encodePairs(list.filter((_, index) => index !== pick % Math.max(1, list.length))),
          ),
      ),
    },
    {
      weight: 1,
      arbitrary: labelled(
        'extra-fields',
        fc
          .tuple(pairs, fc.array(junkPair, { minLength: 1, maxLength: 3 }))
          .map(([list, extra]) => encodePairs([...list, ...extra])),
      ),
    },
    {
      weight: 1,
      arbitrary: labelled(
        'repeated',
        fc
          .tuple(pairs, junkString)
          .map(([list, junk]) =>
            encodePairs(list.flatMap((pair) => [pair, [pair[0], junk] as [string, string], pair])),
          ),
      ),
    },
    {
      weight: 1,
      arbitrary: labelled(
        'bad-encoding',
        fc.tuple(pairs, fc.constantFrom(...BAD_ENCODINGS), fc.nat()).map(([list, bad, pick]) => {
          const name = list[pick % Math.max(1, list.length)]?.[0] ?? 'x';
          const rest = encodePairs(list.filter((pair) => pair[0] !== name));
          return [rest, `${encodeURIComponent(name)}=${bad}`, `${bad}=1`].filter(Boolean).join('&');
        }),
      ),
    },
  ];
  if (!endpoint.query)
    return fc.oneof(
      { weight: 8, arbitrary: labelled('none', fc.constant('')) },
      {
        weight: 1,
        arbitrary: labelled(
          'extra-fields',
          fc.array(junkPair, { minLength: 1, maxLength: 3 }).map(encodePairs),
        ),
      },
    );
  return fc.oneof(...parts);
}

/** A path parameter: a known id, one the schema's kind would take, or junk (encoded or not). */
function pathArbitrary(
  path: string,
  pools: Pools,
  channels: readonly string[],
): fc.Arbitrary<Part<string>> {
  const names = [...path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1] ?? '');
  if (names.length === 0) return fc.constant({ label: 'fixed', value: path });
  const valid = fc.oneof(
    fc.constantFrom(...(pools.ids.length > 0 ? pools.ids : ['none'])),
    fc.uuid(),
    fc.constantFrom(...channels),
  );
  const junk = fc.oneof(
    junkString.map((value) => encodeAnyComponent(value.slice(0, 5000))),
    fc.constantFrom('%', '%ZZ', '%2e%2e', '..', '%2F', '%00', '%C0%AF', '.', '~', 'a%2Fb'),
  );
  return fc
    .tuple(
      fc.array(
        fc.oneof(
          { weight: 4, arbitrary: valid.map((v) => ['valid', v] as const) },
          { weight: 1, arbitrary: junk.map((v) => ['junk', v] as const) },
        ),
        {
          minLength: names.length,
          maxLength: names.length,
        },
      ),
    )
    .map(([values]) => {
      let filled = path;
      names.forEach((name, index) => {
        const [, value] = values[index] ?? ['valid', ''];
        filled = filled.replace(`:${name}`, value);
      });
      return { label: values.some(([kind]) => kind === 'junk') ? 'junk' : 'valid', value: filled };
    });
}

/** A header value: only what HTTP allows in one (visible Latin-1, spaces and tabs). */
const headerText = (maxLength: number) =>
  fc.string({
    unit: fc
      .oneof(fc.integer({ min: 0x20, max: 0x7e }), fc.integer({ min: 0xa0, max: 0xff }))
      .map((code) => String.fromCharCode(code)),
    maxLength,
  });
const hugeHeader = fc.integer({ min: 4096, max: 64 * 1024 }).map((size) => 'z'.repeat(size));
const headerValue = fc.oneof(
  { weight: 3, arbitrary: headerText(40) },
  { weight: 1, arbitrary: hugeHeader },
);

const ODD_HEADERS: fc.Arbitrary<[string, string]>[] = [
  fc.tuple(
    fc.constant(HEADERS.language),
    fc.oneof(
      fc.constantFrom('zh', 'th', 'en', 'zh-CN', 'th_TH', 'EN', 'cn', 'fr', '*', ''),
      headerValue,
    ),
  ),
  fc.tuple(
    fc.constant('accept-language'),
    fc.oneof(
      fc.constantFrom('th-TH,th;q=0.9', 'zh;q=abc', 'en;q=-1,zh;q=2', ';;;,', '*;q=0'),
      headerValue,
    ),
  ),
  fc.tuple(
    fc.constant(HEADERS.site),
    fc.oneof(fc.constantFrom('th', 'my', 'cn', 'xx', ''), headerValue),
  ),
  fc.tuple(fc.constant(HEADERS.equipment), headerValue),
  fc.tuple(
    fc.constant(HEADERS.requestId),
    fc.oneof(fc.constantFrom('abcdefgh12345678', '../../etc', '<x>'), headerValue),
  ),
  fc.tuple(fc.constant(HEADERS.idempotencyKey), fc.oneof(fc.uuid(), headerValue)),
  fc.tuple(fc.constant('user-agent'), headerValue),
  fc.tuple(
    fc.constant('x-forwarded-for'),
    fc.oneof(fc.constantFrom('127.0.0.1', '::1, 10.0.0.1', 'not-an-ip'), headerValue),
  ),
  fc.tuple(fc.constant('cookie'), headerValue),
  fc.tuple(
    fc.constant('origin'),
    fc.oneof(
      fc.constantFrom('null', 'https://evil.example', 'chrome-extension://abc'),
      headerValue,
    ),
  ),
  fc.tuple(
    fc.constant('accept-encoding'),
    fc.oneof(fc.constantFrom('gzip', 'br', 'deflate, gzip;q=0', 'identity;q=0'), headerValue),
  ),
];

const JUNK_TOKENS = ['', 'null', 'Bearer x', '0'.repeat(64), 'ü', '..%2F'];
const JUNK_CLIENTS = [
  'Basic',
  'Basic !!!',
  `Basic ${btoa('cmp-console:wrong')}`,
  `Basic ${btoa(':')}`,
  `Basic ${btoa('cmp-console')}`,
  'Bearer abc',
  `Basic ${'A'.repeat(10_000)}`,
];

export function requestArbitrary(
  endpoint: Endpoint,
  pools: Pools,
  channels: readonly string[],
): fc.Arbitrary<FuzzRequest> {
  const hint = poolHint(pools);
  const query = endpoint.query
    ? arbitraryOf(endpoint.query as z.ZodMiniType, { hint })
    : fc.constant({});
  const json = endpoint.json
    ? arbitraryOf(endpoint.json as z.ZodMiniType, { hint })
    : fc.constant({});
  return fc
    .record({
      path: pathArbitrary(endpoint.path, pools, channels),
      query: queryArbitrary(endpoint, query),
      body: bodyArbitrary(endpoint, json),
      headers: fc.oneof(
        { weight: 6, arbitrary: labelled('plain', fc.constant([] as [string, string][])) },
        {
          weight: 2,
          arbitrary: labelled(
            'odd',
            fc.array(fc.oneof(...ODD_HEADERS), { minLength: 1, maxLength: 4 }),
          ),
        },
      ),
      token: fc.oneof(
        { weight: 12, arbitrary: fc.constant<TokenMode>('header') },
        { weight: 1, arbitrary: fc.constantFrom<TokenMode>('query', 'none', 'junk', 'repeated') },
      ),
      junkToken: fc.oneof(fc.constantFrom(...JUNK_TOKENS), headerText(80), hugeHeader),
      client: fc.oneof(
        { weight: 12, arbitrary: fc.constant<ClientMode>('console') },
        { weight: 1, arbitrary: fc.constantFrom<ClientMode>('extension', 'none', 'junk') },
      ),
      junkClient: fc.constantFrom(...JUNK_CLIENTS),
    })
    .map((parts): FuzzRequest => {
      const variant = [
        parts.path.label === 'junk' ? 'path:junk' : null,
        parts.query.label !== 'valid' && parts.query.label !== 'none'
          ? `query:${parts.query.label}`
          : null,
        parts.body.label !== 'valid' && parts.body.label !== 'none'
          ? `body:${parts.body.label}`
          : null,
        parts.headers.label !== 'plain'
          ? `headers:${parts.headers.value.map(([name]) => name).join(',')}`
          : null,
        parts.token !== 'header' ? `token:${parts.token}` : null,
        parts.client !== 'console' ? `client:${parts.client}` : null,
      ].filter(Boolean);
      const headers: [string, string][] = [...parts.headers.value];
      if (parts.token === 'junk' || parts.token === 'repeated')
        headers.push([HEADERS.token, parts.junkToken]);
      if (parts.client === 'junk') headers.push([HEADERS.authorization, parts.junkClient]);
      return {
        variant: variant.length > 0 ? variant.join(' ') : 'valid',
        path: parts.path.value,
        query: parts.query.value,
        headers,
        token: parts.token,
        client: parts.client,
        body: parts.body.value.body,
        contentType: parts.body.value.contentType,
      };
    });
}

/**
 * One request of an endpoint its schemas take, with its token and the console's client: the
 * example given, else values made from the schemas (fields naming objects take the pools' ids).
 * Path parameters are filled from `params`.
 */
export function validRequest(
  endpoint: Endpoint,
  pools: Pools,
  params: Record<string, string>,
  example?: { query?: Record<string, string>; json?: unknown },
): FuzzRequest {
  const hint = poolHint(pools);
  // The first of some values the schema takes as they travel (a query's as strings); the
  // schemas' refinements are not read by the arbitraries, so some values fail them.
  const sample = (schema: z.ZodMiniType | undefined, travel: (value: unknown) => unknown) => {
    if (!schema) return undefined;
    const values = fc.sample(arbitraryOf(schema, { hint }), { seed: 1, numRuns: 200 });
    return values.find((value) => schema.safeParse(travel(value)).success) ?? values[0];
  };
  const asQuery = (value: unknown) => Object.fromEntries(toQueryPairs(value));
  const query =
    example?.query ?? sample(endpoint.query as z.ZodMiniType | undefined, asQuery) ?? {};
  const json =
    example?.json ?? sample(endpoint.json as z.ZodMiniType | undefined, (value) => value);
  const path = endpoint.path.replace(/:([A-Za-z]+)/g, (_, name: string) => params[name] ?? name);
  return {
    variant: 'valid',
    path,
    query: encodePairs(toQueryPairs(query)),
    headers: [],
    token: 'header',
    client: 'console',
    body: endpoint.method === 'GET' ? null : JSON.stringify(json ?? {}),
    contentType: endpoint.method === 'GET' ? null : 'application/json',
  };
}

/** The Request a fuzz request makes for an actor (its token where the request puts it). */
export function toRequest(request: FuzzRequest, method: string, token: string | null): Request {
  const headers = new Headers();
  if (request.client === 'console')
    headers.set(HEADERS.authorization, basicClientAuth(API_CLIENTS.console));
  if (request.client === 'extension')
    headers.set(HEADERS.authorization, basicClientAuth(API_CLIENTS.extension));
  // A repeated token header: the real one first, then the junk one the request carries.
  if (token && (request.token === 'header' || request.token === 'repeated'))
    headers.set(HEADERS.token, token);
  for (const [name, value] of request.headers) headers.append(name, value);
  if (!headers.has('cookie')) headers.set('cookie', `${BROWSER_KEY_COOKIE}=${WORLD_BROWSER_KEY}`);
  if (request.contentType) headers.set('content-type', request.contentType);
  const query = [
    request.query,
    token && request.token === 'query' ? `${TOKEN_QUERY_PARAM}=${encodeURIComponent(token)}` : '',
  ]
    .filter(Boolean)
    .join('&');
  return new Request(`http://localhost${request.path}${query ? `?${query}` : ''}`, {
    method,
    headers,
    ...(request.body === null || method === 'GET' ? {} : { body: request.body }),
  });
}

/** A short, readable account of a request for a report (huge values cut). */
export function describeRequest(request: FuzzRequest, method: string): string {
  const cut = (text: string, max = 300) =>
    text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;
  return [
    `${method} ${cut(request.path, 200)}${request.query ? `?${cut(request.query)}` : ''}`,
    `variant: ${request.variant}`,
    `token: ${request.token}, client: ${request.client}`,
    ...request.headers.map(([name, value]) => `header ${name}: ${cut(JSON.stringify(value), 120)}`),
    ...(request.body === null
      ? []
      : [`content-type: ${request.contentType}`, `body: ${cut(JSON.stringify(request.body))}`]),
  ].join('\n  ');
}
