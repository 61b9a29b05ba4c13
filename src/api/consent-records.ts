/**
 * Consent records (issue 40): the site's public consent key settings, which the Klaro export
 * needs to record. A server without consent records answers 404 (or 405): `null`, and the
 * export records nothing.
 */
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient, isApiError } from './client';
import { keySite } from './key-site';

/** What the dashboard reads of `GET /settings/consent/public-key` (tolerant, decision 014). */
export const consentRecordingWireSchema = z.object({
  endpoint: z.string(),
  origins: z.array(z.string()).catch([]),
});
export type ConsentRecordingSettings = z.infer<typeof consentRecordingWireSchema>;

export const consentRecordKeys = {
  all: (site: string) => [site, 'consent-records'] as const,
  publicKey: (site: string) => [...consentRecordKeys.all(site), 'public-key'] as const,
};

export function consentRecordingQueryOptions(site = keySite()) {
  return queryOptions({
    queryKey: consentRecordKeys.publicKey(site),
    queryFn: async ({ signal }): Promise<ConsentRecordingSettings | null> => {
      try {
        const answer = await apiClient.request({
          path: '/settings/consent/public-key',
          schema: consentRecordingWireSchema,
          signal,
        });
        return answer.data;
      } catch (error) {
        if (isApiError(error) && (error.status === 404 || error.status === 405)) return null;
        throw error;
      }
    },
  });
}
