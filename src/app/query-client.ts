import { QueryClient } from '@tanstack/react-query';
import { isRetryableError } from '../api/client';

const MAX_QUERY_RETRIES = 3;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Admin data changes rarely under one's feet; 30 s avoids refetch storms on navigation
        // while focus refetches keep a long-open tab fresh.
        staleTime: 30_000,
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
