import { QueryClient } from '@tanstack/react-query';

/**
 * Query data is fresh for 5 minutes (docs/product.md §1). Retrying is the fetcher's alone (apiFetch: two
 * quick retries of what is worth it, never a refusal such as 503 MAINTENANCE), so a failure shows in
 * a second or two instead of after two layers of backoff. Calls run whatever React Query thinks of the
 * connection ('always'): the fetcher holds a call made offline and tells the user so, where React
 * Query would pause it without a word.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 300_000, retry: false, networkMode: 'always' },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
