import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './fetcher';

/** Query data is fresh for 5 minutes and retried once (seed section 9); a 4xx answer is never retried. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 300_000,
        retry: (failureCount, error) => {
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
          return failureCount < 1;
        },
      },
      mutations: { retry: false },
    },
  });
}
