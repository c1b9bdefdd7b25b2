import type { RouteMeta } from '@server/lib/route';
import type * as z from 'zod/mini';

/** A field or path parameter that names an object: `id`, `…Id`, `…Ids`. */
const ID_NAME = /^(id|[a-z][A-Za-z]*Id|[a-z][A-Za-z]*Ids)$/;

function fieldNames(schema: z.ZodMiniType | undefined): string[] {
  const shape = (schema as { _zod?: { def?: { shape?: Record<string, unknown> } } } | undefined)
    ?._zod?.def?.shape;
  return shape ? Object.keys(shape) : [];
}

/** The id-like inputs of a route: query and body fields, and path parameters. */
function idInputs(route: RouteMeta): string[] {
  const params = [...route.path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1] ?? '');
  return [...fieldNames(route.query), ...fieldNames(route.json), ...params].filter((name) =>
    ID_NAME.test(name),
  );
}

/** What the harness cannot classify: ids that are neither a declared object nor declared not to be one, or objects without an example. */
export function unclassified(routes: readonly RouteMeta[]): string[] {
  const problems: string[] = [];
  for (const route of routes) {
    const declared = new Set([
      ...(route.objects ?? []).map((o) => o.field),
      ...(route.notObjects ?? []),
    ]);
    const loose = idInputs(route).filter((name) => !declared.has(name));
    if (loose.length > 0)
      problems.push(`${route.method} ${route.path}: ${loose.join(', ')} not classified`);
    if ((route.objects ?? []).length > 0 && !route.example)
      problems.push(`${route.method} ${route.path}: no example request`);
  }
  return problems;
}
