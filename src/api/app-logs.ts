/**
 * App logs resource: query keys and one page of `GET /apps/{key}/logs`.
 *
 * The log viewer does not cache pages in React Query: the tail engine owns the cursor and the
 * buffer, and gets `fetchAppLogsPage` as its `fetchPage`. The keys exist so anything that does
 * query logs (e.g. a "recent errors" count) shares one naming.
 */
import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiClient, isApiError, type ApiClient } from './client';
import { keySite } from './key-site';
import {
  LOG_FIELD_SCAN_ROWS,
  LOG_LIMIT_DEFAULT,
  LOG_PAGE_CUT_HEADER,
  LOG_SCANNED_UNTIL_HEADER,
  type AppLogEntry,
  type AppLogQuery,
  type LogIngestBody,
} from '../../contract/schemas/app-log';
import { appLogListWireSchema } from '../../contract/wire/app-log';
import { nextUp } from './log-time';
import {
  logVolumeSchema,
  type LogVolume,
  type LogVolumeQuery,
} from '../../contract/schemas/app-log-volume';

/**
 * Most windows of LOG_FIELD_SCAN_ROWS rows one page with field conditions follows: past them
 * (a value rarer than 1 in 200,000 entries) the page is an error that says to narrow the range,
 * as the service's own search budget does, never a short page read as "no older entries".
 */
export const LOG_SCAN_FOLLOW_MAX = 20;

/**
 * One page of an app's logs. Parsing is tolerant (the wire schema): any level casing or alias,
 * `data` as a string, `context` or `created_at` missing; unknown fields are kept. `time` is passed through as
 * the number JSON gave, so the engine can send it back as `since` exactly.
 *
 * With field conditions the service reads a bounded window and names where it stopped
 * (LOG_SCANNED_UNTIL_HEADER, decision 076); the page goes on from there until it is full, so the
 * tail engine, which reads a short page as the end of the range, gets what an unbounded read gives.
 * A page the service cut by bytes (LOG_PAGE_CUT_HEADER: entries of up to 1 MiB, 8 MiB a page) goes
 * on the same way from its last entry (issue 42): the next request's bound takes in that entry's
 * time again (entries may share a time) and the entries already read are dropped by id.
 */
export async function fetchAppLogsPage(
  appKey: string,
  query: AppLogQuery,
  signal?: AbortSignal,
  client: ApiClient = apiClient,
): Promise<AppLogEntry[]> {
  const limit = query.limit ?? LOG_LIMIT_DEFAULT;
  const entries: AppLogEntry[] = [];
  const held = new Set<string>();
  let next = query;
  for (let windows = 0; ;) {
    const { data, headers } = await client.request({
      path: `/apps/${encodeURIComponent(appKey)}/logs`,
      query: { ...next },
      schema: appLogListWireSchema,
      signal,
    });
    const fresh = data.filter((entry) => !held.has(entry.id));
    for (const entry of fresh) held.add(entry.id);
    entries.push(...fresh);
    if (entries.length >= limit) return entries.slice(0, limit);
    const last = data.at(-1);
    if (headers?.get(LOG_PAGE_CUT_HEADER) && last && fresh.length > 0) {
      next = continueAfter(query, last.time);
      continue;
    }
    const scannedUntil = headers?.get(LOG_SCANNED_UNTIL_HEADER);
    if (!scannedUntil) return entries;
    windows += 1;
    if (windows === LOG_SCAN_FOLLOW_MAX) throw tooRare();
    next =
      query.since === undefined
        ? { ...query, before: scannedUntil }
        : { ...query, since: scannedUntil };
  }
}

/**
 * The query for the rest of a page cut after an entry at `time`: older entries down to and with
 * that time (`before` is exclusive), or with `since`, newer ones from that time on (inclusive).
 */
function continueAfter(query: AppLogQuery, time: number): AppLogQuery {
  return query.since === undefined ? { ...query, before: nextUp(time) } : { ...query, since: time };
}

function tooRare(): ApiError {
  const rows = (LOG_SCAN_FOLLOW_MAX * LOG_FIELD_SCAN_ROWS).toLocaleString('en');
  const message = `The field conditions match too few of the ${rows} entries read for this page: narrow the time range or the conditions`;
  return new ApiError(503, { code: 503, message, errors: [] });
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
