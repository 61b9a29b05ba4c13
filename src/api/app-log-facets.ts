/**
 * `GET /apps/{key}/logs/facets` (issue 30, our extension): the data's field names and a field's
 * top values in the log query's window. Only our service has it: a 404 is an answer (no panel).
 */
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient, isApiError } from './client';
import { keySite } from './key-site';
import type { LogVolumeQuery } from '../../contract/schemas/app-log-volume';

const countSchema = z.looseObject({ value: z.string(), count: z.number() });
const logFacetsWireSchema = z.looseObject({
  field: z.string().nullable().catch(null),
  scanned: z.number(),
  capped: z.boolean().catch(false),
  fields: z.array(countSchema).catch([]),
  values: z.array(countSchema).catch([]),
});
export type LogFacetsWire = z.output<typeof logFacetsWireSchema>;

export type LogFacetsQuery = Omit<LogVolumeQuery, 'buckets'> & { field?: string };

export const logFacetKeys = {
  facets: (site: string, appKey: string, query: LogFacetsQuery) =>
    [site, 'apps', appKey, 'logs', 'facets', query] as const,
};

export function logFacetsQueryOptions(appKey: string, query: LogFacetsQuery, site = keySite()) {
  return queryOptions({
    queryKey: logFacetKeys.facets(site, appKey, query),
    queryFn: async ({ signal }) =>
      (
        await apiClient.request({
          path: `/apps/${encodeURIComponent(appKey)}/logs/facets`,
          query: { ...query },
          schema: logFacetsWireSchema,
          signal,
        })
      ).data,
    retry: (failures, error) => !(isApiError(error) && error.status < 500) && failures < 2,
  });
}
