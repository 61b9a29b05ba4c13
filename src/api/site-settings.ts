/**
 * Site settings (issue 28, decision 045): the site's name and languages, `GET`/`PATCH
 * /settings/site`. The query holds `{ data, etag }`, or null when the server has no such route
 * (404/405): a server of the original spec knows no languages, and the dashboard then shows no
 * Site page rather than an error.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiClient, isApiError, type ApiResponse } from './client';
import type { SiteSettingsUpdate } from '../../contract/schemas/site-settings';
import { siteSettingsWireSchema, type SiteSettings } from '../../contract/wire/site-settings';
import { keySite } from './key-site';
import type { VersionedResource } from './versioned-resource';

/** Every key starts with the site (decision 042). */
export const siteSettingsKeys = {
  all: (site: string) => [site, 'site-settings'] as const,
  detail: (site: string) => [...siteSettingsKeys.all(site), 'detail'] as const,
};

/** A server that does not know the route: not an error, just no languages. */
function isMissingRoute(error: unknown): boolean {
  return (
    isApiError(error) && error.kind === 'http' && (error.status === 404 || error.status === 405)
  );
}

export function siteSettingsQueryOptions(site = keySite()) {
  return queryOptions({
    queryKey: siteSettingsKeys.detail(site),
    queryFn: async ({ signal }): Promise<ApiResponse<SiteSettings> | null> => {
      try {
        return await apiClient.request({
          path: '/settings/site',
          schema: siteSettingsWireSchema,
          signal,
        });
      } catch (error) {
        if (isMissingRoute(error)) return null;
        throw error;
      }
    },
  });
}

/** `PATCH /settings/site` with the changed fields. Never retried by itself. */
export function updateSiteSettings({
  changes,
  etag,
}: {
  changes: SiteSettingsUpdate;
  etag: string | null;
}): Promise<ApiResponse<SiteSettings>> {
  return apiClient.request({
    method: 'PATCH',
    path: '/settings/site',
    body: changes,
    ifMatch: etag ?? undefined,
    schema: siteSettingsWireSchema,
  });
}

/** The settings as the server has them now (after a 412), cached on the way. */
async function fetchLatestSiteSettings(
  queryClient: QueryClient,
): Promise<ApiResponse<SiteSettings>> {
  const latest = await queryClient.query({ ...siteSettingsQueryOptions(), staleTime: 0 });
  // The page exists only when the route did; a route gone since is a failure of the save.
  if (latest === null) throw new Error('The server no longer has site settings');
  return latest;
}

export function storeSavedSiteSettings(
  queryClient: QueryClient,
  saved: ApiResponse<SiteSettings>,
  site = keySite(),
): void {
  queryClient.setQueryData(siteSettingsKeys.detail(site), saved);
}

/** The site settings as the resource editor edits them: `PATCH /settings/site`. */
export const siteSettingsResource: VersionedResource<SiteSettings, SiteSettingsUpdate> = {
  save: ({ changes, etag }) => updateSiteSettings({ changes, etag }),
  fetchLatest: (queryClient) => fetchLatestSiteSettings(queryClient),
  storeSaved: (queryClient, saved) => storeSavedSiteSettings(queryClient, saved),
};
