import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GuideRecordRequest } from '../contracts/guide';
import { useApi } from './api-context';
import { userKeys } from './users';

/**
 * Records that a guided tour was finished or skipped, then refetches userInfo (its flags now say
 * the tour is done). The session's cached user is the caller's to update: queries do not reach
 * the session.
 */
export function useRecordGuide() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: GuideRecordRequest) => api.guide.record(input),
    onSuccess: () => client.invalidateQueries({ queryKey: userKeys.info() }),
    // A tour that could not be recorded simply ends; it shows again on the next visit.
    meta: { inlineErrors: true },
  });
}
