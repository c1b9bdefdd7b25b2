import type { ActivityReport } from '../contracts/activity';
import { endpoints } from '../contracts/endpoints';
import type { Http } from './http';

export function createActivityApi(http: Http) {
  return {
    /**
     * One window of the activity tracker. The token goes with it when there is one, so the
     * server records the account; none is needed.
     */
    save: async (report: ActivityReport): Promise<void> => {
      await http.call(endpoints.activity.save, { json: report });
    },
  };
}
