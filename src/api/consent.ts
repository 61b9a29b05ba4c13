/**
 * Consent resource: query keys, query options and the privacy policy update.
 *
 * The configuration query holds `{ data, etag }` (the ETag is needed for `If-Match`); the
 * applications list holds the applications alone. After a save, `storeSavedConsent` puts the
 * answer into the cache so the form shows the saved configuration at once with no refetch.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiClient, type ApiResponse } from './client';
import type { ConsentUpdate } from '../../contract/schemas/consent';
import {
  consentApplicationListWireSchema,
  consentConfigWireSchema,
  type ConsentApplication,
  type ConsentConfig,
} from '../../contract/wire/consent';
import { keySite } from './key-site';
import type { VersionedResource } from './versioned-resource';

/** Every key starts with the site (decision 042). */
export const consentKeys = {
  all: (site: string) => [site, 'consent'] as const,
  detail: (site: string) => [...consentKeys.all(site), 'config'] as const,
  applications: (site: string) => [...consentKeys.all(site), 'applications'] as const,
};

export function consentQueryOptions(site = keySite()) {
  return queryOptions({
    queryKey: consentKeys.detail(site),
    queryFn: ({ signal }): Promise<ApiResponse<ConsentConfig>> =>
      apiClient.request({ path: '/settings/consent', schema: consentConfigWireSchema, signal }),
  });
}

export function consentApplicationsQueryOptions(site = keySite()) {
  return queryOptions({
    queryKey: consentKeys.applications(site),
    queryFn: async ({ signal }): Promise<ConsentApplication[]> =>
      (
        await apiClient.request({
          path: '/settings/consent/applications',
          schema: consentApplicationListWireSchema,
          signal,
        })
      ).data,
  });
}

export interface UpdateConsentInput {
  changes: ConsentUpdate;
  /** ETag of the configuration the changes are based on; the service answers 412 if it moved on. */
  etag: string | null;
}

/** `PATCH /settings/consent` with the privacy policy fields. Never retried by itself. */
export function updateConsent({
  changes,
  etag,
}: UpdateConsentInput): Promise<ApiResponse<ConsentConfig>> {
  return apiClient.request({
    method: 'PATCH',
    path: '/settings/consent',
    body: changes,
    ifMatch: etag ?? undefined,
    schema: consentConfigWireSchema,
  });
}

/** Reads the configuration as the server has it now (for the conflict dialog), and caches it. */
export function fetchLatestConsent(queryClient: QueryClient): Promise<ApiResponse<ConsentConfig>> {
  return queryClient.query({ ...consentQueryOptions(), staleTime: 0 });
}

/**
 * The saved configuration replaces the cached one. The applications list is not touched: a
 * privacy policy change cannot change it.
 */
export function storeSavedConsent(
  queryClient: QueryClient,
  saved: ApiResponse<ConsentConfig>,
  site = keySite(),
): void {
  queryClient.setQueryData(consentKeys.detail(site), saved);
}

/** The consent configuration as the resource editor edits it: `PATCH /settings/consent`. */
export const consentResource: VersionedResource<ConsentConfig, ConsentUpdate> = {
  save: ({ changes, etag }) => updateConsent({ changes, etag }),
  fetchLatest: (queryClient) => fetchLatestConsent(queryClient),
  storeSaved: storeSavedConsent,
};
