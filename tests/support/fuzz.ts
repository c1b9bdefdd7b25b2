import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import enErrors from '@locales/en/errors.json';
import thErrors from '@locales/th/errors.json';
import zhErrors from '@locales/zh/errors.json';
import type { Endpoint } from '@shared/contracts/define-endpoint';
import { endpointList } from '@shared/contracts/endpoints';
import { SUCCESS_CODE } from '@shared/contracts/envelope';
import { ERRORS, type ErrorKey } from '@shared/contracts/errors';
import {
  DEFAULT_LANGUAGE,
  type Language,
  parseAcceptLanguage,
  parseLanguage,
} from '@shared/contracts/languages';
import { PAYMENT_CHANNELS } from '@shared/contracts/payments';
import { HEADERS } from '@shared/contracts/protocol';
import { allows } from '@shared/permissions';
import fc from 'fast-check';
import type { World, WorldActor } from './accounts-world';
import {
  describeRequest,
  type FuzzRequest,
  type Pools,
  requestArbitrary,
  toRequest,
  validRequest,
} from './fuzz-requests';
import {
  changesOutOfReach,
  type RowChange,
  type RowWatch,
  type Secrets,
  secretsOutOfReach,
  tenantSecrets,
  watchRows,
} from './tenant-rows';

/**
 * The fuzz run: every declared endpoint called with random and malformed requests
 * (./fuzz-requests.ts) as each actor of the accounts world (./accounts-world.ts), each answer
 * checked:
 *
 * - no 5xx;
 * - no stack trace, SQL, database error or internal path in it;
 * - an error answer is the envelope with a server error key, its resp_code and HTTP status, and a
 *   message translated into the language the request asked for;
 * - a success answer's `datas` is what the declaration says;
 * - the access and permission the declaration asks for: no token, a junk or repeated one, no
 *   registered client, a sub-account on a main account's call, or a menu or button not held
 *   never gets through;
 * - no id, name or number of another tenant (or, for a sub-account, of a shop it does not hold)
 *   that the request did not carry itself;
 * - no row out of the actor's reach written (./tenant-rows.ts).
 *
 * Each endpoint and actor is one fast-check property with its own seed, so a failure names the
 * endpoint, the actor, the seed and the path that replays it (FUZZ_ONLY, FUZZ_SEED, FUZZ_PATH).
 */

const TRANSLATIONS: Record<Language, Record<string, string>> = {
  zh: zhErrors,
  th: thErrors,
  en: enErrors,
};

/** A message filled from its template: the placeholders may hold anything. */
const templates = new Map<string, RegExp>();
function messageMatches(language: Language, key: ErrorKey, message: string): boolean {
  const id = `${language}:${key}`;
  let pattern = templates.get(id);
  if (!pattern) {
    const template = TRANSLATIONS[language][key] ?? '';
    const parts = template.split(/\{\{\s*\w+\s*\}\}/);
    pattern = new RegExp(
      `^${parts.map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[\\s\\S]*')}$`,
    );
    templates.set(id, pattern);
  }
  return message.trim() !== '' && pattern.test(message);
}

/** What must never reach a caller: internals of the server, its database or its runtime. */
const INTERNALS: [string, RegExp][] = [
  ['a stack trace', /\bat (?:async )?[\w$.<>]+ \(|\n\s+at \S+|\bat file:\/\//],
  [
    'a source path',
    /node_modules|\/work\/|file:\/\/\/|\b(?:server|shared|tests)\/[\w/-]+\.ts\b|\.ts:\d+:\d+/,
  ],
  [
    'a database error',
    /Failed query|duplicate key value|violates [\w-]+ constraint|invalid input syntax for|syntax error at or near|relation "\w+"|column "\w+"|invalid byte sequence|stack depth limit|PGlite|drizzle|ECONNREFUSED|\bSQLSTATE\b/i,
  ],
  [
    'a runtime error',
    /\b(?:TypeError|ReferenceError|RangeError|SyntaxError|ZodError|HTTPException|AppError)\b/,
  ],
  [
    'SQL',
    /\b(?:select|insert into|update|delete from)\b[\s\S]{0,120}\b(?:from|set|values|where)\s+"?\w+"?/i,
  ],
];

const UUID_IN_TEXT = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const TOKEN_KEYS: readonly string[] = ['TOKEN_MISSING', 'TOKEN_INVALID', 'TOKEN_EXPIRED'];
/** Answers a request may get before its route's guard runs: routing and the body limit. */
const BEFORE_GUARD: readonly string[] = ['NOT_FOUND', 'PAYLOAD_TOO_LARGE'];

/** The language the server answers a request in (the request context's rule). */
function languageOf(request: Request): Language {
  return (
    parseLanguage(request.headers.get(HEADERS.language)) ??
    parseAcceptLanguage(request.headers.get('accept-language')) ??
    DEFAULT_LANGUAGE
  );
}

/** Whether an actor holds an endpoint's permission (as the server builds routerInfoList). */
export function holdsPermission(actor: WorldActor, endpoint: Endpoint): boolean {
  const { permission } = endpoint;
  if (!permission) return true;
  const one = (p: { menu: string; button?: string }) => allows(actor.routes, p.menu, p.button);
  return 'anyOf' in permission ? permission.anyOf.some(one) : one(permission);
}

/** What the guard answers an actor before the route's work: null when it lets the call through. */
export function guardAnswer(
  endpoint: Endpoint,
  actor: WorldActor,
  sent: { token: boolean; client: boolean },
): 'token' | 'client' | 'denied' | null {
  if (endpoint.access === 'client' && !sent.client) return 'client';
  if (endpoint.access === 'session' || endpoint.access === 'main') {
    if (!sent.token || !actor.token) return 'token';
    if (endpoint.access === 'main' && actor.kind !== 'main') return 'denied';
    if (!holdsPermission(actor, endpoint)) return 'denied';
  }
  return null;
}

interface Answer {
  status: number;
  contentType: string;
  text: string;
}

/** The secrets of other tenants an answer names that its request did not carry. */
function leakedSecrets(
  answer: string,
  requestText: string,
  forbidden: Set<string>,
  named: string[],
) {
  const found = new Set<string>();
  for (const match of answer.matchAll(UUID_IN_TEXT)) {
    const value = match[0].toLowerCase();
    if (forbidden.has(value) && !requestText.toLowerCase().includes(value)) found.add(value);
  }
  for (const value of named)
    if (answer.includes(value) && !requestText.includes(value)) found.add(value);
  return [...found];
}

export interface CheckInput {
  name: string;
  endpoint: Endpoint;
  actor: WorldActor;
  request: Request;
  requestText: string;
  sent: { token: boolean; client: boolean };
  answer: Answer;
  forbidden: Set<string>;
  forbiddenNamed: string[];
  changes: RowChange[];
}

/** The problems of one answer (see the file's comment); empty when it is right. */
export function answerProblems(input: CheckInput): string[] {
  const { endpoint, actor, answer } = input;
  const problems: string[] = [];
  if (answer.status >= 500) problems.push(`answered HTTP ${answer.status}`);
  const binary = /spreadsheet|zip|octet-stream|image\//.test(answer.contentType);
  if (!binary)
    for (const [what, pattern] of INTERNALS) {
      const match = answer.text.match(pattern);
      if (match && !input.requestText.includes(match[0]))
        problems.push(`the answer shows ${what}: ${JSON.stringify(match[0].slice(0, 120))}`);
    }
  let envelope: { resp_code?: unknown; resp_msg?: unknown; key?: unknown; datas?: unknown } | null =
    null;
  if (answer.contentType.includes('application/json'))
    try {
      envelope = JSON.parse(answer.text);
    } catch {
      problems.push('a JSON answer that does not parse');
    }
  const isEnvelope = envelope !== null && typeof envelope === 'object' && 'resp_code' in envelope;
  if (!isEnvelope && !('raw' in endpoint && endpoint.raw))
    problems.push(`not the envelope (HTTP ${answer.status}, ${answer.contentType || 'no type'})`);
  // A raw call's failure may answer as its caller's protocol asks (a platform's callback).
  if (!isEnvelope && answer.status >= 400 && !('raw' in endpoint && endpoint.raw))
    problems.push(`a failure without the envelope (HTTP ${answer.status})`);

  const guard = guardAnswer(endpoint, actor, input.sent);
  if (isEnvelope && envelope) {
    const code = envelope.resp_code;
    const success = code === SUCCESS_CODE || (endpoint.successCodes ?? []).includes(code as number);
    const key = typeof envelope.key === 'string' ? envelope.key : null;
    if (!success) {
      const known = key !== null && key in ERRORS && !('client' in ERRORS[key as ErrorKey]);
      if (!known) problems.push(`an error without a server error key (key ${JSON.stringify(key)})`);
      else {
        const entry = ERRORS[key as ErrorKey];
        if (code !== entry.code) problems.push(`${key} with resp_code ${code}, not ${entry.code}`);
        if (answer.status !== entry.http)
          problems.push(`${key} with HTTP ${answer.status}, not ${entry.http}`);
        const language = languageOf(input.request);
        if (
          typeof envelope.resp_msg !== 'string' ||
          !messageMatches(language, key as ErrorKey, envelope.resp_msg)
        )
          problems.push(
            `${key}: message ${JSON.stringify(envelope.resp_msg)} is not its ${language} words`,
          );
      }
    } else {
      if (answer.status !== 200) problems.push(`success with HTTP ${answer.status}`);
      if (endpoint.response && !('raw' in endpoint && endpoint.raw)) {
        const parsed = endpoint.response.safeParse(envelope.datas);
        if (!parsed.success)
          problems.push(
            `datas not as declared: ${parsed.error.issues
              .slice(0, 3)
              .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
              .join('; ')}`,
          );
      }
    }
    if (guard && !(key !== null && BEFORE_GUARD.includes(key))) {
      const expected =
        guard === 'token'
          ? TOKEN_KEYS
          : guard === 'client'
            ? ['CLIENT_UNAUTHORIZED']
            : ['PERMISSION_DENIED'];
      if (success || key === null || !expected.includes(key))
        problems.push(
          `the guard should answer ${expected.join(' or ')}, answered ${success ? 'success' : key}`,
        );
    }
  } else if (guard && answer.status < 400) {
    problems.push(`the guard should refuse (${guard}), answered HTTP ${answer.status}`);
  }

  const leaked = leakedSecrets(
    answer.text,
    input.requestText,
    input.forbidden,
    input.forbiddenNamed,
  );
  if (leaked.length > 0)
    problems.push(`the answer names another's things: ${leaked.slice(0, 5).join(', ')}`);
  for (const change of input.changes.slice(0, 5)) {
    const owner =
      change.owner === 'shared'
        ? 'shared content'
        : `tenant ${change.owner.tenant}${change.owner.user ? ` account ${change.owner.user}` : ''}${change.owner.shop ? ` shop ${change.owner.shop}` : ''}`;
    problems.push(`${change.op} of a ${change.table} row of ${owner}`);
  }
  return problems;
}

/** A failure the fuzz run found, with what replays it. */
export interface FuzzFailure {
  app: string;
  endpoint: string;
  actor: string;
  seed: number;
  path: string;
  problems: string[];
  request: string;
}

/** Everything the calls of one app need: the world, the row watch, the secrets and the values pools. */
export interface FuzzTarget {
  label: string;
  world: World;
  watch: RowWatch;
  secrets: Secrets;
  pools: Pools;
}

/** Gets an app's world ready for fuzzing: the row watch installed, secrets and pools read. */
export async function fuzzTarget(label: string, world: World): Promise<FuzzTarget> {
  const watch = await watchRows(world.t);
  const secrets = await tenantSecrets(world.t, watch);
  const actorIds = new Set(Object.values(world.actors).map((actor) => actor.userId));
  const tenants = [world.owner, world.other, world.fresh];
  const ids = tenants.flatMap((tenant) => [
    tenant.userId,
    ...tenant.shopIds,
    ...tenant.subAccountIds,
    ...tenant.collectedIds,
    ...tenant.bindTicketIds,
    ...tenant.tradeNos,
    ...tenant.couponIds,
    ...tenant.fileIds,
  ]);
  // Sub-accounts that act stay out of the values: a main account may disable or remove its own.
  const pools: Pools = {
    ids: ids.filter((id) => !actorIds.has(id) || world.actors.owner.userId === id),
    emails: tenants.map((tenant) => tenant.email),
    states: tenants.flatMap((tenant) => tenant.consentStates),
  };
  return { label, world, watch, secrets, pools };
}

/** A number from a string, for seeds that differ per endpoint and actor. */
function hashOf(text: string): number {
  let hash = 2166136261;
  for (const char of text) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  return hash >>> 0;
}

export const FUZZ_ENDPOINTS = endpointList();

type Forbidden = { forbidden: Set<string>; forbiddenNamed: string[] };
/** Each target's secrets as each actor's reach sees them (neither changes during a run). */
const forbiddenCache = new WeakMap<Secrets, WeakMap<WorldActor, Forbidden>>();

/** What an actor's answers may not name: the secrets out of its reach, uuids and the rest. */
function forbiddenFor(target: FuzzTarget, actor: WorldActor): Forbidden {
  let byActor = forbiddenCache.get(target.secrets);
  if (!byActor) {
    byActor = new WeakMap();
    forbiddenCache.set(target.secrets, byActor);
  }
  const cached = byActor.get(actor);
  if (cached) return cached;
  const forbidden = secretsOutOfReach(target.secrets, actor.reach);
  const found = {
    forbidden: new Set([...forbidden].map((value) => value.toLowerCase())),
    forbiddenNamed: [...forbidden].filter((value) => !/^[0-9a-f-]{36}$/i.test(value)),
  };
  byActor.set(actor, found);
  return found;
}

/**
 * Sends one request as an actor and checks its answer; returns the problems and the calls made.
 * When an earlier call ended the actor's session (signing out), it opens a new one and sends again.
 */
export async function callAndCheck(
  target: FuzzTarget,
  entry: { name: string; endpoint: Endpoint },
  actor: WorldActor,
  fuzz: FuzzRequest,
): Promise<{ problems: string[]; calls: number; key: string | null }> {
  const { endpoint, name } = entry;
  const { forbidden, forbiddenNamed } = forbiddenFor(target, actor);
  const sent = {
    token: fuzz.token === 'header' || fuzz.token === 'query',
    client: fuzz.client === 'console' || fuzz.client === 'extension',
  };
  let calls = 0;
  const send = async () => {
    calls += 1;
    const request = toRequest(fuzz, endpoint.method, actor.token);
    const response = await target.world.t.app.request(request);
    const buffer = decoded(response, Buffer.from(await response.arrayBuffer()));
    return { request, response, text: buffer.toString('utf8') };
  };
  let { request, response, text } = await send();
  const written = await target.watch.take();
  if (
    actor.token &&
    sent.token &&
    response.status === 401 &&
    /TOKEN_(INVALID|EXPIRED)/.test(text)
  ) {
    await target.world.renew(actor);
    await target.watch.take();
    ({ request, response, text } = await send());
    written.push(...(await target.watch.take()));
  }
  const requestText = `${decodeURIComponentSafe(request.url)}\n${[...request.headers].join('\n')}\n${fuzz.body ?? ''}`;
  const problems = answerProblems({
    name,
    endpoint,
    actor,
    request,
    requestText,
    sent,
    answer: {
      status: response.status,
      contentType: response.headers.get('content-type') ?? '',
      text,
    },
    forbidden,
    forbiddenNamed,
    changes: changesOutOfReach(written, actor.reach),
  });
  if (name === 'auth.logout' && actor.token) {
    await target.world.renew(actor);
    await target.watch.take();
  }
  let key: string | null = null;
  try {
    key = (JSON.parse(text) as { key?: string }).key ?? null;
  } catch {
    key = null;
  }
  return { problems, calls, key };
}

/** Runs one endpoint as one actor `runs` times; returns the calls made and the failure, if any. */
export async function fuzzEndpoint(
  target: FuzzTarget,
  entry: { name: string; endpoint: Endpoint },
  actor: WorldActor,
  options: { runs: number; seed: number; path?: string; shrink?: boolean },
): Promise<{ calls: number; failure: FuzzFailure | null }> {
  const { endpoint, name } = entry;
  let calls = 0;
  const last: { request: FuzzRequest | null } = { request: null };
  const property = fc.asyncProperty(
    requestArbitrary(endpoint, target.pools, PAYMENT_CHANNELS),
    async (fuzz) => {
      last.request = fuzz;
      const result = await callAndCheck(target, entry, actor, fuzz);
      calls += result.calls;
      if (result.problems.length > 0) throw new Error(result.problems.join('\n'));
    },
  );
  const details = await fc.check(property, {
    numRuns: options.runs,
    seed: options.seed,
    ...(options.path ? { path: options.path } : {}),
    endOnFailure: options.shrink === false,
  });
  if (!details.failed) return { calls, failure: null };
  const counterexample = (details.counterexample?.[0] ?? last.request) as FuzzRequest | undefined;
  const error =
    details.errorInstance instanceof Error
      ? details.errorInstance.message
      : String(details.errorInstance);
  return {
    calls,
    failure: {
      app: target.label,
      endpoint: `${name} (${endpoint.method} ${endpoint.path})`,
      actor: actor.name,
      seed: details.seed,
      path: details.counterexamplePath ?? '',
      problems: error.split('\n'),
      request: counterexample ? describeRequest(counterexample, endpoint.method) : '(none)',
    },
  };
}

/**
 * Calls only operators may make: the service refuses every seller, main account or sub-account,
 * with PERMISSION_DENIED (publishing announcements and help articles).
 */
export const OPERATOR_ONLY: readonly string[] = ['notices.save', 'help.save', 'returns.sign'];

/**
 * The authorization matrix's check of one route as one actor: a valid request (the route's
 * example with the owner's objects, else values its schemas take, with the owner's ids), every
 * check of the fuzz run, and the other direction of the guard: an actor the declaration lets
 * through is not refused for its token, client or permission.
 */
export async function exampleProblems(
  target: FuzzTarget,
  entry: { name: string; endpoint: Endpoint },
  actor: WorldActor,
  example: { query?: Record<string, string>; json?: unknown } | undefined,
): Promise<string[]> {
  const { owner } = target.world;
  const fuzz = validRequest(
    entry.endpoint,
    {
      ids: [
        ...owner.shopIds,
        ...owner.subAccountIds,
        ...owner.collectedIds,
        ...owner.tradeNos,
        ...owner.couponIds,
      ],
      emails: [owner.email],
      states: owner.consentStates,
    },
    { id: owner.fileIds[0] ?? '', channel: 'promptpay' },
    example,
  );
  const { problems, key } = await callAndCheck(target, entry, actor, fuzz);
  const guard = guardAnswer(entry.endpoint, actor, { token: true, client: true });
  const operatorOnly = OPERATOR_ONLY.includes(entry.name);
  if (
    guard === null &&
    (key === 'CLIENT_UNAUTHORIZED' || (key !== null && TOKEN_KEYS.includes(key)))
  )
    problems.push(`the guard should let ${actor.name} through, answered ${key}`);
  if (guard === null && key === 'PERMISSION_DENIED' && !operatorOnly)
    problems.push(`${actor.name} holds the permission, answered PERMISSION_DENIED`);
  if (operatorOnly && actor.kind !== 'anonymous' && key !== 'PERMISSION_DENIED')
    problems.push(`an operator's call answered a seller ${key ?? 'success'}`);
  return problems;
}

/** The body as a client reads it: decompressed as its content-encoding says. */
function decoded(response: Response, body: Buffer): Buffer {
  const encoding = response.headers.get('content-encoding');
  if (!encoding || body.length === 0) return body;
  if (encoding === 'gzip') return gunzipSync(body);
  if (encoding === 'br') return brotliDecompressSync(body);
  if (encoding === 'deflate') return inflateSync(body);
  throw new Error(`an answer in an encoding no client asked for: ${encoding}`);
}

function decodeURIComponentSafe(text: string): string {
  try {
    return `${text}\n${decodeURIComponent(text)}`;
  } catch {
    return text;
  }
}

/** The seed of one endpoint and actor in a run with this base seed (chunk: a later batch of runs). */
export function pairSeed(base: number, endpoint: string, actor: string, chunk = 0): number {
  return (hashOf(`${endpoint}@${actor}#${chunk}`) ^ base) | 0;
}

/** The failure as the report prints it, with the command that replays it. */
export function formatFailure(failure: FuzzFailure, command: string): string {
  return [
    `${failure.endpoint} as ${failure.actor} (${failure.app})`,
    ...failure.problems.map((problem) => `  - ${problem}`),
    `  request: ${failure.request}`,
    `  replay: FUZZ_ONLY='${failure.endpoint.split(' ')[0]}@${failure.actor}' FUZZ_APP='${failure.app}' FUZZ_SEED=${failure.seed} FUZZ_PATH='${failure.path}' ${command}`,
  ].join('\n');
}
