import { API_REFERENCE_PATH } from './api-reference';
import { defineEndpoint } from './define-endpoint';

export const docsEndpoints = {
  /** The API reference, built from the endpoint table. */
  reference: defineEndpoint({
    method: 'GET',
    path: API_REFERENCE_PATH,
    access: 'public',
    raw: true,
    tag: 'docs',
    summary: 'This document: the OpenAPI 3.1 reference of every route.',
  }),
};
