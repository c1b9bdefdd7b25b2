import * as z from 'zod/mini';
import { ActivityReportSchema } from './activity';
import { defineEndpoint } from './define-endpoint';

export const activityEndpoints = {
  save: defineEndpoint({
    method: 'POST',
    path: '/api-user/public/event/save',
    access: 'public',
    optionalSession: true,
    json: ActivityReportSchema,
    response: z.null(),
    tag: 'activity',
    summary:
      'Records what one 5-second window on a watched page saw; with a live token, for that account. Limited per address.',
  }),
};
