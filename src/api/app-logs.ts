/**
 * App logs resource: query keys and one page of `GET /apps/{key}/logs`.
 *
 * The log viewer does not cache pages in React Query: the tail engine owns the cursor and the
 * buffer, and gets `fetchAppLogsPage` as its `fetchPage`. The keys exist so anything that does
 * query logs (e.g. a "recent errors" count) shares one naming.
 */
import { queryOptions } from '@tanstack/react-query';
import { apiClient, isApiError, type ApiClient } from './client';
import { keySite } from './key-site';
import type { AppLogEntry, AppLogQuery, LogIngestBody } from '../../contract/schemas/app-log';
import { appLogListWireSchema } from '../../contract/wire/app-log';
import {
  logVolumeSchema,
  type LogVolume,
  type LogVolumeQuery,
} from '../../contract/schemas/app-log-volume';

/**
 * One page of an app's logs. Parsing is tolerant (the wire schema): any level casing or alias,
 * `data` as a string, `context` or `created_at` missing; unknown fields are kept. `time` is passed through as
 * the number JSON gave, so the engine can send it back as `since` exactly.
 */
export async function fetchAppLogsPage(
  appKey: string,
  query: AppLogQuery,
  signal?: AbortSignal,
  client: ApiClient = apiClient,
): Promise<AppLogEntry[]> {
  const { data } = await client.request({
    path: `/apps/${encodeURIComponent(appKey)}/logs`,
    query: { ...query },
    schema: appLogListWireSchema,
    signal,
  });
  return data;
}

/** `POST /apps/{key}/logs`: 1 to 1000 entries; the service assigns id and time. */
export async function ingestAppLogs(
  appKey: string,
  body: LogIngestBody,
  client: ApiClient = apiClient,
): Promise<AppLogEntry[]> {
  const { data } = await client.request({
    method: 'POST',
    path: `/apps/${encodeURIComponent(appKey)}/logs`,
    body,
    schema: appLogListWireSchema,
  });
  return data;
}

/**
 * `GET /apps/{key}/logs/volume` (our extension): entries per level in time buckets. Only our
 * service has it; a server without it answers 404, and the viewer then shows no chart.
 */
export async function fetchLogVolume(
  appKey: string,
  query: LogVolumeQuery,
  signal?: AbortSignal,
  client: ApiClient = apiClient,
): Promise<LogVolume> {
  const { data } = await client.request({
    path: `/apps/${encodeURIComponent(appKey)}/logs/volume`,
    query: { ...query },
    schema: logVolumeSchema,
    signal,
  });
  return data;
}

/** Every key starts with the site (decision 042), then follows the app's keys. */
export const appLogKeys = {
  all: (site: string, appKey: string) => [site, 'apps', appKey, 'logs'] as const,
  volume: (site: string, appKey: string, query: LogVolumeQuery) =>
    [...appLogKeys.all(site, appKey), 'volume', query] as const,
};

/** The volume chart's counts; a 404 (a server without the route) is an answer, not retried. */
export function logVolumeQueryOptions(appKey: string, query: LogVolumeQuery, site = keySite()) {
  return queryOptions({
    queryKey: appLogKeys.volume(site, appKey, query),
    queryFn: ({ signal }) => fetchLogVolume(appKey, query, signal),
    retry: (failures, error) => !(isApiError(error) && error.status < 500) && failures < 2,
  });
}
