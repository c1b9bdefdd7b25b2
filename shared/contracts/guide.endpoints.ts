import { defineEndpoint } from './define-endpoint';
import { GuideRecordRequestSchema, GuideStatusSchema } from './guide';

export const guideEndpoints = {
  /** How each guided tour ended for the signed-in account. */
  status: defineEndpoint({
    method: 'GET',
    path: '/api-user/user/guide',
    access: 'session',
    response: GuideStatusSchema,
  }),
  /** A tour was finished or skipped; it is not shown again. */
  record: defineEndpoint({
    method: 'POST',
    path: '/api-user/user/guide',
    access: 'session',
    json: GuideRecordRequestSchema,
    response: GuideStatusSchema,
  }),
};
