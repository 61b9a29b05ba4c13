/**
 * A layout's History (issue 38, decision 065): its versions (`GET /layouts/{slug}/revisions`) and
 * one version (`GET /layouts/{slug}/revisions/{id}`, the layout as that write stored it). Loaded
 * with the layout's editor page only.
 */
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from './client';
import { keySite } from './key-site';
import { layoutKeys } from './layouts';
import { revisionListWireSchema, type Revision } from '../../contract/wire/audit';
import { layoutSchema, type Layout } from '../../contract/schemas/layout';

function revisionsPath(slug: string): string {
  return `/layouts/${encodeURIComponent(slug)}/revisions`;
}

/** The layout's versions, newest first (the last 200: the panel pages no further). */
export function layoutRevisionsQueryOptions(slug: string, site = keySite()) {
  return queryOptions({
    queryKey: [...layoutKeys.layout(site, slug), 'revisions'] as const,
    queryFn: async ({ signal }): Promise<Revision[]> =>
      (
        await apiClient.request({
          path: revisionsPath(slug),
          query: { limit: 200 },
          schema: revisionListWireSchema,
          signal,
        })
      ).data,
  });
}

/** The layout as it was after revision `id`; a version never changes, so never stale. */
export function layoutVersionQueryOptions(slug: string, id: number, site = keySite()) {
  return queryOptions({
    queryKey: [...layoutKeys.layout(site, slug), 'revisions', id] as const,
    queryFn: async ({ signal }): Promise<Layout> =>
      (
        await apiClient.request({
          path: `${revisionsPath(slug)}/${id}`,
          schema: layoutSchema,
          signal,
        })
      ).data,
    staleTime: Infinity,
  });
}
