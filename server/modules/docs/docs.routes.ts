import { API_REFERENCE_PATH } from '@shared/contracts/api-reference';
import { buildOpenApiDocument } from '../../lib/openapi';
import { defineRoute, type RouteDefinition } from '../../lib/route';

/**
 * The API reference, built from the route table on the first request and kept (the table does
 * not change while the process runs). The table is handed in lazily, since it includes this route.
 */
export function docsRoutes(table: () => readonly RouteDefinition[]): RouteDefinition[] {
  let document: string | undefined;
  return [
    defineRoute(
      {
        method: 'GET',
        path: API_REFERENCE_PATH,
        access: 'public',
        raw: true,
        tag: 'docs',
        summary: 'This document: the OpenAPI 3.1 reference of every route.',
      },
      ({ c }) => {
        document ??= JSON.stringify(buildOpenApiDocument(table().map((route) => route.meta)));
        return c.body(document, 200, {
          'content-type': 'application/json; charset=utf-8',
          'cache-control': 'public, max-age=300',
        });
      },
    ),
  ];
}
