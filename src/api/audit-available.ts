/**
 * Whether the server keeps revisions (`GET /audit`, issue 29): the nav shows Activity, and the
 * editor History, only then. Small on purpose: the nav is in the entry chunk, the feed's schemas
 * and queries (audit.ts) are not. A 404 or 405 means a server without revisions (false); any
 * other failure is an error, and Activity and History stay hidden while it lasts.
 */
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient, isApiError } from './client';
import { keySite } from './key-site';

export function auditAvailableQueryOptions(site = keySite()) {
  return queryOptions({
    // Every key starts with the site (decision 042).
    queryKey: [site, 'audit', 'available'] as const,
    queryFn: async ({ signal }): Promise<boolean> => {
      try {
        await apiClient.request({
          path: '/audit',
          query: { limit: 1 },
          schema: z.unknown(),
          signal,
        });
        return true;
      } catch (error) {
        if (isApiError(error) && (error.status === 404 || error.status === 405)) return false;
        throw error;
      }
    },
    staleTime: Infinity,
  });
}
