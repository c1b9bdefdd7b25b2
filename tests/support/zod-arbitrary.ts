import fc from 'fast-check';
import type * as z from 'zod/mini';

/**
 * fast-check arbitraries made from the contract's zod-mini schemas, for the kinds the endpoint
 * table uses: objects, strings (lengths, patterns, prefixes, uuid, datetime and url formats),
 * numbers (bounds, integers), booleans, enums, literals, arrays, tuples, records, unions, pipes,
 * optional, nullable and default values, and unknown. Values are valid as far as the schema's
 * shape, bounds and patterns go; refinements written as code (`z.refine`) are not read, so some
 * values still fail them, which is as well for a fuzz run.
 *
 * `hint` may give a field's values instead (ids from a pool of known objects, known addresses).
 */

type Schema = z.ZodMiniType;

interface Check {
  check: string;
  minimum?: number;
  maximum?: number;
  length?: number;
  value?: number | bigint;
  inclusive?: boolean;
  format?: string;
  pattern?: RegExp;
  prefix?: string;
  suffix?: string;
  includes?: string;
}

interface Def {
  type: string;
  shape?: Record<string, Schema>;
  catchall?: Schema;
  element?: Schema;
  innerType?: Schema;
  options?: readonly Schema[];
  items?: readonly Schema[];
  rest?: Schema | null;
  keyType?: Schema;
  valueType?: Schema;
  in?: Schema;
  out?: Schema;
  entries?: Record<string, string | number>;
  values?: readonly unknown[];
  format?: string;
  pattern?: RegExp;
  coerce?: boolean;
  checks?: readonly { _zod: { def: Check } }[];
  getter?: () => Schema;
  defaultValue?: unknown;
}

/** The definition of a schema, as zod-mini keeps it. */
export function defOf(schema: Schema): Def {
  return (schema as unknown as { _zod: { def: Def } })._zod.def;
}

function checksOf(def: Def): Check[] {
  return (def.checks ?? []).map((check) => check._zod.def);
}

/** The fields of an object schema (after optional, nullable, default and pipe wrappers). */
export function shapeOf(schema: Schema | undefined): Record<string, Schema> | null {
  if (!schema) return null;
  const def = defOf(schema);
  if (def.type === 'object') return def.shape ?? {};
  if (def.innerType) return shapeOf(def.innerType);
  if (def.type === 'pipe' && def.in) return shapeOf(def.in);
  return null;
}

/** Whether an object may leave this field out. */
function isOptional(schema: Schema): boolean {
  const type = defOf(schema).type;
  return type === 'optional' || type === 'default' || type === 'prefault';
}

/** Gives a field's values itself (name, schema), or undefined to generate them from the schema. */
export type Hint = (field: string, schema: Schema) => fc.Arbitrary<unknown> | undefined;

interface Options {
  hint?: Hint;
  /** Longest array generated (the schema's maximum may be far larger). */
  maxItems?: number;
}

const DEFAULT_MAX_ITEMS = 4;
/** Strings without a pattern, sometimes plain and sometimes from all of Unicode. */
const textUnits = ['grapheme-ascii', 'grapheme', 'binary'] as const;

function stringArbitrary(def: Def): fc.Arbitrary<string> {
  const checks = checksOf(def);
  let minLength = 0;
  let maxLength = 40;
  let bounded = false;
  let pattern: RegExp | undefined = def.format === 'regex' ? def.pattern : undefined;
  let prefix = '';
  for (const check of checks) {
    if (check.check === 'min_length' && check.minimum !== undefined)
      minLength = Math.max(minLength, check.minimum);
    if (check.check === 'max_length' && check.maximum !== undefined) {
      maxLength = check.maximum;
      bounded = true;
    }
    if (check.check === 'length_equals' && check.length !== undefined) {
      minLength = check.length;
      maxLength = check.length;
      bounded = true;
    }
    if (check.check === 'string_format' && check.format === 'regex' && check.pattern)
      pattern = check.pattern;
    if (check.check === 'string_format' && check.format === 'starts_with' && check.prefix)
      prefix = check.prefix;
  }
  if (def.format === 'uuid' || def.format === 'guid') return fc.uuid({ version: [1, 4, 7] });
  if (def.format === 'datetime')
    return fc
      .date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
      .map((date) => date.toISOString());
  if (def.format === 'url') return fc.webUrl({ withQueryParameters: true });
  if (def.format === 'email') return fc.emailAddress();
  if (pattern) {
    const matching = matchingOrPlain(pattern, minLength, maxLength);
    return bounded || minLength > 0
      ? fc.oneof(
          matching.filter((value) => value.length >= minLength && value.length <= maxLength),
          matching,
        )
      : matching;
  }
  // Room for the prefix, and unbounded strings kept short: the huge ones are the malformed kind.
  const room = Math.max(0, Math.min(maxLength, bounded ? maxLength : 40) - prefix.length);
  const body = fc.oneof(
    ...textUnits.map((unit) =>
      fc.string({
        unit,
        minLength: Math.min(room, Math.max(0, minLength - prefix.length)),
        maxLength: room,
      }),
    ),
  );
  return prefix ? body.map((rest) => `${prefix}${rest}`) : body;
}

/** Strings matching a pattern; fast-check reads no lookahead, so such patterns get plain text (with a letter and a digit). */
function matchingOrPlain(pattern: RegExp, minLength: number, maxLength: number) {
  try {
    return fc.stringMatching(pattern);
  } catch {
    return fc
      .string({ minLength: Math.max(0, minLength - 2), maxLength: Math.max(0, maxLength - 2) })
      .map((text) => `a1${text}`);
  }
}

function numberArbitrary(def: Def): fc.Arbitrary<number> {
  let min = -1e9;
  let max = 1e9;
  let integer = false;
  for (const check of checksOf(def)) {
    if (check.check === 'greater_than' && check.value !== undefined)
      min = Number(check.value) + (check.inclusive ? 0 : integer ? 1 : Number.EPSILON);
    if (check.check === 'less_than' && check.value !== undefined)
      max = Number(check.value) - (check.inclusive ? 0 : integer ? 1 : Number.EPSILON);
    if (check.check === 'number_format') integer = true;
  }
  // A strict bound read before the integer check: round it inwards.
  if (integer) {
    const low = Math.ceil(min === Math.floor(min) ? min : min);
    const high = Math.floor(max);
    const lo = Math.max(low, Number.MIN_SAFE_INTEGER);
    const hi = Math.min(high, Number.MAX_SAFE_INTEGER);
    return lo <= hi
      ? fc.oneof(
          fc.integer({ min: Math.max(lo, -1e9), max: Math.min(hi, 1e9) }),
          fc.constantFrom(lo, hi),
        )
      : fc.constant(lo);
  }
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

function arrayBounds(def: Def, options: Options) {
  let minLength = 0;
  let maxLength = options.maxItems ?? DEFAULT_MAX_ITEMS;
  for (const check of checksOf(def)) {
    if (check.check === 'min_length' && check.minimum !== undefined) minLength = check.minimum;
    if (check.check === 'max_length' && check.maximum !== undefined)
      maxLength = Math.min(maxLength, check.maximum);
  }
  return { minLength, maxLength: Math.max(minLength, maxLength) };
}

/** Values of a schema (see the file's comment). */
export function arbitraryOf(
  schema: Schema,
  options: Options = {},
  field = '',
): fc.Arbitrary<unknown> {
  const hinted = options.hint?.(field, schema);
  if (hinted) return hinted;
  const def = defOf(schema);
  switch (def.type) {
    case 'object': {
      const shape = def.shape ?? {};
      const entries = Object.entries(shape);
      const record = Object.fromEntries(
        entries.map(([name, value]) => [name, arbitraryOf(value, options, name)]),
      );
      const requiredKeys = entries.filter(([, value]) => !isOptional(value)).map(([name]) => name);
      return fc.record(record, { requiredKeys });
    }
    case 'string':
      return stringArbitrary(def);
    case 'number':
    case 'int':
      return numberArbitrary(def);
    case 'bigint':
      return fc.bigInt({ min: -(2n ** 60n), max: 2n ** 60n });
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? { none: '' }));
    case 'literal':
      return fc.constantFrom(...(def.values ?? [null]));
    case 'array': {
      const element = def.element;
      if (!element) return fc.constant([]);
      return fc.array(arbitraryOf(element, options, field), arrayBounds(def, options));
    }
    case 'tuple':
      return fc.tuple(...(def.items ?? []).map((item) => arbitraryOf(item, options, field)));
    case 'record':
      return fc.dictionary(
        def.keyType ? (arbitraryOf(def.keyType, options) as fc.Arbitrary<string>) : fc.string(),
        def.valueType ? arbitraryOf(def.valueType, options) : fc.jsonValue(),
        { maxKeys: 3 },
      );
    case 'union':
      return fc.oneof(...(def.options ?? []).map((option) => arbitraryOf(option, options, field)));
    case 'optional':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return def.innerType ? arbitraryOf(def.innerType, options, field) : fc.constant(undefined);
    case 'nullable':
      return def.innerType
        ? fc.option(arbitraryOf(def.innerType, options, field), { nil: null, freq: 4 })
        : fc.constant(null);
    case 'pipe': {
      // A coercion or transform piped into its check: the check's values are the input's too.
      const inner = def.out && defOf(def.out).type !== 'transform' ? def.out : def.in;
      return inner ? arbitraryOf(inner, options, field) : fc.anything();
    }
    case 'lazy':
      return def.getter ? arbitraryOf(def.getter(), options, field) : fc.anything();
    case 'null':
      return fc.constant(null);
    case 'undefined':
      return fc.constant(undefined);
    case 'date':
      return fc.date({ noInvalidDate: true });
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** A query value as the address carries it: every value a string, arrays repeated. */
export function toQueryPairs(value: unknown): [string, string][] {
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value as Record<string, unknown>).flatMap(([name, item]) => {
    if (item === undefined) return [];
    const list = Array.isArray(item) ? item : [item];
    return list.map((one): [string, string] => [
      name,
      one === null ? '' : typeof one === 'object' ? JSON.stringify(one) : String(one),
    ]);
  });
}
