import { ApiError } from '@shared/api/errors';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { inlineErrors?: boolean };
    mutationMeta: { inlineErrors?: boolean };
  }
}

/**
 * The one place the console answers a failed call (console/app/error-handler.ts). `inline` means
 * the screen shows the message itself, so no toast.
 */
export type ErrorHandler = (error: unknown, options?: { inline?: boolean }) => void;

/** Only a failure to reach the server is worth another try; answers are final. */
function shouldRetry(failures: number, error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.kind === 'network' || error.kind === 'timeout') &&
    failures < 2
  );
}

/** Every query and mutation failure goes through the one error handler (spec section 8). */
export function createQueryClient(onError: ErrorHandler): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => onError(error, { inline: query.meta?.inlineErrors === true }),
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) =>
        onError(error, { inline: mutation.meta?.inlineErrors === true }),
    }),
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry },
      mutations: { retry: false },
    },
  });
}
