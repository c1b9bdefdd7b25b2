import { endpointList, endpoints } from '@shared/contracts/endpoints';
import { buildOpenApiDocument } from '../../lib/openapi';
import { defineRoute } from '../../lib/route';

/**
 * The API reference, built from the endpoint table on the first request and kept (the table does
 * not change while the process runs).
 */
export function docsRoutes() {
  let document: string | undefined;
  return [
    defineRoute(endpoints.docs.reference, ({ c }) => {
      document ??= JSON.stringify(
        buildOpenApiDocument(endpointList().map(({ endpoint }) => endpoint)),
      );
      return c.body(document, 200, {
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'public, max-age=300',
      });
    }),
  ];
}
