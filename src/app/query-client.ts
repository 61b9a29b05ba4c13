import { QueryClient } from '@tanstack/react-query';
import { isRetryableError } from '../api/client';
import { onSavedInOtherTab } from '../lib/tab-broadcast';

const MAX_QUERY_RETRIES = 3;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Admin data changes rarely under one's feet; 30 s avoids refetch storms on navigation.
        staleTime: 30_000,
        // A tab shown again refetches what it shows however fresh: with the default (stale
        // queries only) a tab left for less than staleTime kept showing what another tab had
        // since saved (issue 30). Saves in another tab also arrive by `tab-broadcast`.
        refetchOnWindowFocus: 'always',
        gcTime: 5 * 60_000,
        // Only network failures and 5xx are worth another try; a 4xx will answer the same.
        retry: (failureCount, error) => failureCount < MAX_QUERY_RETRIES && isRetryableError(error),
        retryDelay: (attempt) => Math.min(500 * 2 ** attempt, 8_000),
      },
      // Writes never retry by themselves: a timed-out PATCH may have landed.
      mutations: { retry: false },
    },
  });
}

/** A save in another tab of this browser makes this one refetch that site's queries. */
export function followSavesInOtherTabs(queryClient: QueryClient): () => void {
  // Every query key starts with the site (decision 042).
  return onSavedInOtherTab(({ site }) => void queryClient.invalidateQueries({ queryKey: [site] }));
}
