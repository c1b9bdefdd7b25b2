import * as z from 'zod/mini';
import type { ActivityReport } from '../contracts/activity';
import type { Http } from './http';

export function createActivityApi(http: Http) {
  return {
    /**
     * POST /api-user/public/event/save: one window of the activity tracker. The token goes with
     * it when there is one, so the server records the account; none is needed.
     */
    save: async (report: ActivityReport): Promise<void> => {
      await http.request({
        method: 'POST',
        path: '/api-user/public/event/save',
        json: report,
        schema: z.null(),
      });
    },
  };
}
