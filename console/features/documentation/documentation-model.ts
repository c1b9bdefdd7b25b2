import type { AccessLevel, ApiReference, JsonSchema } from '@shared/contracts/api-reference';

/** The constraint words of locales/<lng>/documentation.json, in the order they are shown. */
const CONSTRAINT_KEYS = [
  'enum',
  'format',
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'exclusiveMinimum',
  'maximum',
  'exclusiveMaximum',
  'minItems',
  'maxItems',
  'default',
] as const;
type ConstraintKey = (typeof CONSTRAINT_KEYS)[number];

interface Constraint {
  key: ConstraintKey;
  value: string;
}

/** One line of a parameter or field table. */
export interface FieldRow {
  name: string;
  /** Where a parameter goes (query, path); fields of a body have none. */
  in?: string;
  type: string;
  required: boolean;
  constraints: Constraint[];
}

export interface Endpoint {
  id: string;
  method: string;
  path: string;
  tag: string;
  summary: string | null;
  access: AccessLevel;
  permission: { menu: string; button?: string | undefined } | null;
  parameters: FieldRow[];
  body: FieldRow[] | null;
  response: FieldRow[] | null;
}

export interface EndpointGroup {
  tag: string;
  endpoints: Endpoint[];
}

const isSchema = (value: unknown): value is JsonSchema =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Deepest nesting shown in a field table (`a.b[].c.d`). */
const MAX_DEPTH = 4;

/** Follows `$ref`s into components/schemas (a loop ends at the schema that closes it). */
function resolve(
  reference: ApiReference,
  schema: JsonSchema,
  seen = new Set<string>(),
): JsonSchema {
  const ref = schema.$ref;
  if (typeof ref !== 'string' || seen.has(ref)) return schema;
  const name = ref.match(/^#\/components\/schemas\/(.+)$/)?.[1];
  const target = name ? reference.components.schemas?.[name] : undefined;
  if (!target) return schema;
  seen.add(ref);
  return resolve(reference, target, seen);
}

/** The branches of a union, `null` aside: `string | null` is shown as a string that may be null. */
function branches(reference: ApiReference, schema: JsonSchema): JsonSchema[] {
  const union = schema.anyOf ?? schema.oneOf;
  if (!Array.isArray(union)) return [schema];
  return union.filter(isSchema).map((branch) => resolve(reference, branch));
}

const isNull = (schema: JsonSchema) => schema.type === 'null';

/** A short type name: `string`, `integer[]`, `string | null`, `"wechat"`. */
function typeOf(reference: ApiReference, raw: JsonSchema, depth = 0): string {
  const schema = resolve(reference, raw);
  if (depth > MAX_DEPTH) return 'object';
  if ('const' in schema) return JSON.stringify(schema.const);
  if (Array.isArray(schema.anyOf) || Array.isArray(schema.oneOf)) {
    const names = branches(reference, schema).map((branch) => typeOf(reference, branch, depth + 1));
    return [...new Set(names)].join(' | ') || 'any';
  }
  if (Array.isArray(schema.enum)) {
    return [...new Set(schema.enum.map((value) => (value === null ? 'null' : typeof value)))].join(
      ' | ',
    );
  }
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : schema.type;
  if (type === 'array') {
    return `${isSchema(schema.items) ? typeOf(reference, schema.items, depth + 1) : 'any'}[]`;
  }
  return typeof type === 'string' ? type : 'any';
}

const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** The checks a schema makes, for the constraints column (safe-integer bounds say nothing). */
function constraintsOf(reference: ApiReference, raw: JsonSchema): Constraint[] {
  const resolved = resolve(reference, raw);
  const schema = branches(reference, resolved).find((branch) => !isNull(branch)) ?? resolved;
  const found: Constraint[] = [];
  for (const key of CONSTRAINT_KEYS) {
    const value = key === 'default' ? (resolved.default ?? schema.default) : schema[key];
    if (value === undefined) continue;
    if (key === 'pattern' && schema.format !== undefined) continue;
    if (
      (key === 'maximum' && value === Number.MAX_SAFE_INTEGER) ||
      (key === 'minimum' && value === Number.MIN_SAFE_INTEGER)
    )
      continue;
    found.push({
      key,
      value: key === 'enum' && Array.isArray(value) ? value.map(text).join(', ') : text(value),
    });
  }
  return found;
}

/** The fields of an object schema, nested objects and arrays of objects included (`a.b`, `a[].b`). */
function fieldsOf(reference: ApiReference, raw: JsonSchema, prefix = '', depth = 0): FieldRow[] {
  const schema = resolve(reference, raw);
  if (depth > MAX_DEPTH) return [];
  if (typeOf(reference, schema).endsWith('[]') && isSchema(schema.items))
    return fieldsOf(reference, schema.items, `${prefix.replace(/\.$/, '')}[].`, depth + 1);
  const properties = isSchema(schema.properties) ? schema.properties : null;
  if (!properties) return [];
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  return Object.entries(properties).flatMap(([name, child]) => {
    if (!isSchema(child)) return [];
    const row: FieldRow = {
      name: `${prefix}${name}`,
      type: typeOf(reference, child),
      required: required.has(name),
      constraints: constraintsOf(reference, child),
    };
    return [row, ...fieldsOf(reference, child, `${prefix}${name}.`, depth + 1)];
  });
}

const METHOD_ORDER = ['get', 'post', 'put', 'patch', 'delete'];

/** The endpoints of the document, grouped by tag (groups and endpoints in path order). */
export function endpointGroups(reference: ApiReference): EndpointGroup[] {
  const endpoints: Endpoint[] = [];
  for (const [path, item] of Object.entries(reference.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHOD_ORDER.includes(method)) continue;
      const body = operation.requestBody?.content['application/json']?.schema;
      const envelope = operation.responses['200']?.content?.['application/json']?.schema;
      const datas =
        isSchema(envelope) && isSchema(envelope.properties) && isSchema(envelope.properties.datas)
          ? envelope.properties.datas
          : null;
      const response = datas ? fieldsOf(reference, datas) : [];
      endpoints.push({
        id: operation.operationId,
        method: method.toUpperCase(),
        path,
        tag: operation.tags?.[0] ?? 'api',
        summary: operation.summary ?? null,
        access: operation['x-access'],
        permission: operation['x-permission'] ?? null,
        parameters: (operation.parameters ?? []).flatMap((parameter) =>
          '$ref' in parameter
            ? []
            : [
                {
                  name: parameter.name,
                  in: parameter.in,
                  type: parameter.schema ? typeOf(reference, parameter.schema) : 'string',
                  required: parameter.required === true,
                  constraints: parameter.schema ? constraintsOf(reference, parameter.schema) : [],
                },
              ],
        ),
        body: body ? fieldsOf(reference, body) : null,
        response: response.length > 0 ? response : null,
      });
    }
  }
  const groups = new Map<string, Endpoint[]>();
  for (const endpoint of endpoints) {
    groups.set(endpoint.tag, [...(groups.get(endpoint.tag) ?? []), endpoint]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([tag, list]) => ({
      tag,
      endpoints: list.sort(
        (a, b) =>
          a.path.localeCompare(b.path) ||
          METHOD_ORDER.indexOf(a.method.toLowerCase()) -
            METHOD_ORDER.indexOf(b.method.toLowerCase()),
      ),
    }));
}

/** Whether an endpoint matches every word of a filter (method, path, group, summary, access, permission). */
export function matches(
  endpoint: Endpoint,
  words: readonly string[],
  accessLabel: string,
): boolean {
  const haystack = [
    endpoint.method,
    endpoint.path,
    endpoint.tag,
    endpoint.summary ?? '',
    endpoint.access,
    accessLabel,
    endpoint.permission?.menu ?? '',
  ]
    .join(' ')
    .toLowerCase();
  return words.every((word) => haystack.includes(word));
}
