/**
 * Whether the server has alerts (`GET /alerts`, issue 41): the nav shows Alerts only then, as
 * Activity waits for revisions. Small on purpose: the nav is in the entry chunk; the alerts'
 * schemas and queries (alerts.ts) are not. A 404 or 405 is a server without alerts (false).
 */
import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiClient, isApiError } from './client';
import { keySite } from './key-site';

export function alertsAvailableQueryOptions(site = keySite()) {
  return queryOptions({
    queryKey: [site, 'alerts', 'available'] as const,
    queryFn: async ({ signal }): Promise<boolean> => {
      try {
        await apiClient.request({ path: '/alerts', schema: z.unknown(), signal });
        return true;
      } catch (error) {
        if (isApiError(error) && (error.status === 404 || error.status === 405)) return false;
        throw error;
      }
    },
    staleTime: Infinity,
  });
}
