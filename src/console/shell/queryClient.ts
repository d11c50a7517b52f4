import { QueryClient } from '@tanstack/react-query';
import { UnauthorizedError } from '../api/client';

/** Spec 000 section 9: data queries are fresh for 10 seconds. */
const DATA_STALE_TIME_MS = 10_000;

/** A query cache for one signed-in user; a 401 is the session's business, never retried. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: DATA_STALE_TIME_MS,
        retry: (failures, error) => !(error instanceof UnauthorizedError) && failures < 2,
      },
    },
  });
}
