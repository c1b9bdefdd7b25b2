type Level = 'debug' | 'info' | 'warn' | 'error';
const ORDER: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
  /** Whether entries of the level are kept at all (so a caller can skip gathering their fields). */
  enabled?(level: Level): boolean;
}

const REDACTED = '[redacted]';

/**
 * Parts of a name that make its value a secret wherever it appears: a query parameter, a header,
 * a JSON key or a logged field (`access_token`, `x-tts-access-token`, `wechatpay-signature`,
 * `appSecret`, `set-cookie`, `partner_key`, ...).
 */
const SECRET_PARTS = [
  'token',
  'secret',
  'passw',
  'signature',
  'authorization',
  'cookie',
  'credential',
  'ticket',
  'apikey',
  'privatekey',
  'partnerkey',
  'v3key',
  'sessionid',
];
/** Whole words that are secrets too: signatures (`sign`, `sig`) and one-time codes. */
const SECRET_WORDS = new Set(['sign', 'sig', 'otp']);
/**
 * In a query string (or a form) also the codes the platforms' callbacks carry (`code`,
 * `auth_code`): single use, but whoever holds one before us can trade it for a token. A logged
 * field named `code` is one of our error codes and stays.
 */
const SECRET_QUERY_WORDS = new Set([...SECRET_WORDS, 'code']);

function isSecretName(name: string, inQuery: boolean): boolean {
  const squashed = name.toLowerCase().replace(/[^a-z0-9]/g, '');
  if (SECRET_PARTS.some((part) => squashed.includes(part))) return true;
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/);
  const secret = inQuery ? SECRET_QUERY_WORDS : SECRET_WORDS;
  return words.some((word) => secret.has(word));
}

// `name=value` (or `name="value"`) after the start, `?`, `&`, `;`, a space, a quote or a comma, and
// the same with the separators percent-encoded (a URL inside another URL's parameter).
const PAIR =
  /(^|[?&;\s"'{,]|%3[Ff]|%26)([\w.[\]-]{1,64})(=|%3[Dd])("[^"]*"|(?:[^&\s"'#;,%<>]|%(?!26|3[Dd]|3[Ff])[0-9A-Fa-f]{2})*)/g;
// "name": "value" in JSON, and an Authorization scheme with its credentials.
const JSON_PAIR = /"([\w.-]{1,64})"(\s*:\s*)"((?:[^"\\]|\\.)*)"/g;
const SCHEME = /\b(Bearer|Basic)\s+[^\s"',]+/gi;

/** A text with the value of every secret parameter, JSON key and Authorization credential redacted. */
export function redactText(text: string): string {
  return (
    text
      .replace(PAIR, (whole, before: string, name: string, equals: string, value: string) =>
        value && isSecretName(name, true)
          ? `${before}${name}${equals}${value.startsWith('"') ? `"${REDACTED}"` : REDACTED}`
          : whole,
      )
      // A JSON key is named like a field: `"code"` there is a platform's answer code, kept.
      .replace(JSON_PAIR, (whole, name: string, colon: string) =>
        isSecretName(name, false) ? `"${name}"${colon}"${REDACTED}"` : whole,
      )
      .replace(SCHEME, (_whole, scheme: string) => `${scheme} ${REDACTED}`)
  );
}

/** Headers as they may be logged or kept: lower-case names, secret values redacted. */
export function redactHeaders(
  headers: Headers | Record<string, string | string[] | undefined>,
): Record<string, string> {
  const entries =
    headers instanceof Headers ? [...headers.entries()] : Object.entries(headers ?? {});
  const out: Record<string, string> = {};
  for (const [name, value] of entries) {
    if (value === undefined) continue;
    const text = Array.isArray(value) ? value.join(', ') : String(value);
    out[name.toLowerCase()] = isSecretName(name, false) ? REDACTED : redactText(text);
  }
  return out;
}

const MAX_DEPTH = 6;

/** A value as it may be logged: secrets by name or inside texts redacted, errors made plain. */
function redactValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '[…]';
  if (value instanceof Error) {
    const cause = (value as { cause?: unknown }).cause;
    return {
      name: value.name,
      message: redactText(value.message),
      stack: value.stack === undefined ? undefined : redactText(value.stack),
      ...(cause === undefined ? {} : { cause: redactValue(cause, depth + 1) }),
    };
  }
  if (value instanceof URL || value instanceof URLSearchParams) return redactText(value.toString());
  if (value instanceof Headers) return redactHeaders(value);
  if (value instanceof Date) return value;
  if (Array.isArray(value)) return value.map((item) => redactValue(item, depth + 1));
  return redactFields(value as Record<string, unknown>, depth + 1);
}

function redactFields(fields: Record<string, unknown>, depth = 0): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields))
    out[key] =
      isSecretName(key, false) && value !== undefined && value !== null
        ? REDACTED
        : redactValue(value, depth);
  return out;
}

/** Lines logged in this turn of the event loop, written together after it. */
let pending: string[] = [];
let flushOnExit = false;

function flush() {
  if (pending.length === 0) return;
  const text = pending.join('');
  pending = [];
  process.stderr.write(text);
}

/**
 * Keeps a line for one write at the end of the turn (stderr on a pipe or file writes
 * synchronously: a line per write would hold up the request that logged it); whatever is left is
 * written as the process exits.
 */
function writeSoon(line: string) {
  if (pending.length === 0) {
    if (!flushOnExit) {
      flushOnExit = true;
      process.once('exit', flush);
    }
    setImmediate(flush);
  }
  pending.push(`${line}\n`);
}

/**
 * One JSON line per entry on stderr, written after the turn that logged it; `write` is replaceable so tests can read what was logged.
 * Every entry passes through the redaction first: a secret never reaches a line, whichever field,
 * URL, header or error message carries it (the spec's `access_token` query parameter included).
 */
export function createLogger(
  options: { level?: Level; write?: (line: string) => void } = {},
): Logger {
  const threshold = ORDER[options.level ?? 'info'];
  const write = options.write ?? writeSoon;
  const log =
    (level: Level) =>
    (message: string, fields: Record<string, unknown> = {}) => {
      if (ORDER[level] < threshold) return;
      const entry = {
        time: new Date().toISOString(),
        level,
        message: redactText(message),
        ...redactFields(fields),
      };
      write(JSON.stringify(entry));
    };
  return {
    debug: log('debug'),
    info: log('info'),
    warn: log('warn'),
    error: log('error'),
    enabled: (level) => ORDER[level] >= threshold,
  };
}
