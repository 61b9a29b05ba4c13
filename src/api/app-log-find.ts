/**
 * Finding in an app's log (decision 052): the job names of `GET /apps/{key}/logs/jobs` for the
 * job filter's suggestions, and an entry's neighbours from `GET /apps/{key}/logs/{id}/context`.
 */
import { queryOptions } from '@tanstack/react-query';
import { apiClient, isApiError, type ApiClient } from './client';
import { keySite } from './key-site';
import { appLogKeys } from './app-logs';
import {
  logContextSchema,
  logJobsSchema,
  type LogContext,
  type LogJobs,
} from '../../contract/schemas/app-log-find';

export interface LogJobsQuery {
  contains?: string;
  limit?: number;
}

export async function fetchLogJobs(
  appKey: string,
  query: LogJobsQuery,
  signal?: AbortSignal,
  client: ApiClient = apiClient,
): Promise<LogJobs> {
  const { data } = await client.request({
    path: `/apps/${encodeURIComponent(appKey)}/logs/jobs`,
    query: { ...query },
    schema: logJobsSchema,
    signal,
  });
  return data;
}

export async function fetchLogContext(
  appKey: string,
  id: string,
  counts: { before: number; after: number },
  signal?: AbortSignal,
  client: ApiClient = apiClient,
): Promise<LogContext> {
  const { data } = await client.request({
    path: `/apps/${encodeURIComponent(appKey)}/logs/${encodeURIComponent(id)}/context`,
    query: { ...counts },
    schema: logContextSchema,
    signal,
  });
  return data;
}

export const logFindKeys = {
  jobs: (site: string, appKey: string, query: LogJobsQuery) =>
    [...appLogKeys.all(site, appKey), 'jobs', query] as const,
  context: (site: string, appKey: string, id: string, counts: { before: number; after: number }) =>
    [...appLogKeys.all(site, appKey), 'context', id, counts] as const,
};

/** A 4xx (a server without the route, an app gone) is an answer, not retried. */
const retryServerErrors = (failures: number, error: unknown) =>
  !(isApiError(error) && error.status < 500) && failures < 2;

/** The job suggestions for the typed text; short-lived: jobs start logging at any time. */
export function logJobsQueryOptions(appKey: string, query: LogJobsQuery, site = keySite()) {
  return queryOptions({
    queryKey: logFindKeys.jobs(site, appKey, query),
    queryFn: ({ signal }) => fetchLogJobs(appKey, query, signal),
    staleTime: 10_000,
    retry: retryServerErrors,
  });
}

export function logContextQueryOptions(
  appKey: string,
  id: string,
  counts: { before: number; after: number },
  site = keySite(),
) {
  return queryOptions({
    queryKey: logFindKeys.context(site, appKey, id, counts),
    queryFn: ({ signal }) => fetchLogContext(appKey, id, counts, signal),
    retry: retryServerErrors,
  });
}
