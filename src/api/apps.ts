/**
 * Apps resource: query keys, query options and the update mutation.
 *
 * Detail queries hold `{ data, etag }` (the ETag is needed for `If-Match`); the list holds the
 * apps alone. After a save, `storeSavedApp` puts the answer into both caches so the form shows
 * the saved app at once with no refetch.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiClient, type ApiResponse } from './client';
import {
  appListWireSchema,
  appWireSchema,
  type App,
  type AppChanges,
} from '../../contract/wire/app';
import { keySite } from './key-site';
import type { VersionedResource } from './versioned-resource';

/** Every key starts with the site (decision 042): one site's apps are never shown for another. */
export const appKeys = {
  all: (site: string) => [site, 'apps'] as const,
  lists: (site: string) => [...appKeys.all(site), 'list'] as const,
  list: (site: string) => [...appKeys.lists(site)] as const,
  details: (site: string) => [...appKeys.all(site), 'detail'] as const,
  detail: (site: string, key: string) => [...appKeys.details(site), key] as const,
};

export function appsQueryOptions(site = keySite()) {
  return queryOptions({
    queryKey: appKeys.list(site),
    queryFn: async ({ signal }): Promise<App[]> =>
      (await apiClient.request({ path: '/apps', schema: appListWireSchema, signal })).data,
  });
}

export function appQueryOptions(key: string, site = keySite()) {
  return queryOptions({
    queryKey: appKeys.detail(site, key),
    queryFn: ({ signal }): Promise<ApiResponse<App>> =>
      apiClient.request({
        path: `/apps/${encodeURIComponent(key)}`,
        schema: appWireSchema,
        signal,
      }),
  });
}

export interface UpdateAppInput {
  key: string;
  changes: AppChanges;
  /** ETag of the app the changes are based on; the service answers 412 if it moved on. */
  etag: string | null;
}

/** `PATCH /apps/{key}` with only the changed fields. Never retried by itself. */
export function updateApp({ key, changes, etag }: UpdateAppInput): Promise<ApiResponse<App>> {
  return apiClient.request({
    method: 'PATCH',
    path: `/apps/${encodeURIComponent(key)}`,
    body: changes,
    ifMatch: etag ?? undefined,
    schema: appWireSchema,
  });
}

/** Reads the app as the server has it now (for the conflict dialog), and caches it. */
export async function fetchLatestApp(
  queryClient: QueryClient,
  key: string,
): Promise<ApiResponse<App>> {
  return queryClient.query({ ...appQueryOptions(key), staleTime: 0 });
}

/** The saved app replaces the cached one in the detail and the list: no refetch flash. */
export function storeSavedApp(
  queryClient: QueryClient,
  saved: ApiResponse<App>,
  site = keySite(),
): void {
  queryClient.setQueryData(appKeys.detail(site, saved.data.key), saved);
  queryClient.setQueryData(appKeys.list(site), (apps: App[] | undefined) =>
    apps?.map((app) => (app.key === saved.data.key ? saved.data : app)),
  );
}

/** Apps as the resource editor edits them: `PATCH /apps/{key}`. */
export const appResource: VersionedResource<App, AppChanges> = {
  save: ({ current, changes, etag }) => updateApp({ key: current.key, changes, etag }),
  fetchLatest: (queryClient, current) => fetchLatestApp(queryClient, current.key),
  storeSaved: storeSavedApp,
};
