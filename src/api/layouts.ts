/**
 * Layouts and snippets (issue 38, decision 062): `GET /layouts`, `GET /snippets`, their PUTs with
 * If-Match, and the impact preview of a draft. A server without the routes (404/405) has none:
 * the list queries answer null and the dashboard shows nothing of them.
 */
import { queryOptions } from '@tanstack/react-query';
import { apiClient, isApiError, type ApiResponse } from './client';
import { keySite } from './key-site';
import {
  impactSchema,
  layoutListSchema,
  layoutSchema,
  snippetListSchema,
  snippetSchema,
  type Impact,
  type Layout,
  type LayoutUpdate,
  type Snippet,
  type SnippetUpdate,
} from '../../contract/schemas/layout';

/** Every key starts with the site (decision 042). */
export const layoutKeys = {
  layouts: (site: string) => [site, 'layouts'] as const,
  snippets: (site: string) => [site, 'snippets'] as const,
  layout: (site: string, slug: string) => [site, 'layouts', slug] as const,
  snippet: (site: string, name: string) => [site, 'snippets', name] as const,
};

function isMissingRoute(error: unknown): boolean {
  return (
    isApiError(error) && error.kind === 'http' && (error.status === 404 || error.status === 405)
  );
}

export function layoutsQueryOptions(site = keySite()) {
  return queryOptions({
    queryKey: layoutKeys.layouts(site),
    queryFn: async ({ signal }): Promise<Layout[] | null> => {
      try {
        return (await apiClient.request({ path: '/layouts', schema: layoutListSchema, signal }))
          .data;
      } catch (error) {
        if (isMissingRoute(error)) return null;
        throw error;
      }
    },
  });
}

export function snippetsQueryOptions(site = keySite()) {
  return queryOptions({
    queryKey: layoutKeys.snippets(site),
    queryFn: async ({ signal }): Promise<Snippet[] | null> => {
      try {
        return (await apiClient.request({ path: '/snippets', schema: snippetListSchema, signal }))
          .data;
      } catch (error) {
        if (isMissingRoute(error)) return null;
        throw error;
      }
    },
  });
}

export function layoutQueryOptions(slug: string, site = keySite()) {
  return queryOptions({
    queryKey: layoutKeys.layout(site, slug),
    queryFn: ({ signal }) =>
      apiClient.request({
        path: `/layouts/${encodeURIComponent(slug)}`,
        schema: layoutSchema,
        signal,
      }),
  });
}

export function snippetQueryOptions(name: string, site = keySite()) {
  return queryOptions({
    queryKey: layoutKeys.snippet(site, name),
    queryFn: ({ signal }) =>
      apiClient.request({
        path: `/snippets/${encodeURIComponent(name)}`,
        schema: snippetSchema,
        signal,
      }),
  });
}

/** The asset an editor works on: a layout by slug or a snippet by name. */
export type AssetRef = { kind: 'layout'; slug: string } | { kind: 'snippet'; name: string };

function pathOf(ref: AssetRef): string {
  return ref.kind === 'layout'
    ? `/layouts/${encodeURIComponent(ref.slug)}`
    : `/snippets/${encodeURIComponent(ref.name)}`;
}

/** What saving `changes` would change, rendered before and after; nothing is written. */
export async function fetchImpact(
  ref: AssetRef,
  changes: LayoutUpdate | SnippetUpdate,
  samples: Record<string, Record<string, unknown>>,
): Promise<Impact> {
  const response = await apiClient.request({
    method: 'POST',
    path: `${pathOf(ref)}/impact`,
    body: { ...changes, samples },
    schema: impactSchema,
  });
  return response.data;
}

/**
 * The layout as the server has it now (the other side of a 412), read past the cache: the
 * layout's page starts its editor again on a new cached version, and a merge must not.
 */
export function fetchLayout(slug: string): Promise<ApiResponse<Layout>> {
  return apiClient.request({ path: pathOf({ kind: 'layout', slug }), schema: layoutSchema });
}

export function saveLayout(
  slug: string,
  changes: LayoutUpdate,
  etag: string | null,
): Promise<ApiResponse<Layout>> {
  return apiClient.request({
    method: 'PUT',
    path: pathOf({ kind: 'layout', slug }),
    body: changes,
    ifMatch: etag ?? undefined,
    schema: layoutSchema,
  });
}

export function saveSnippet(
  name: string,
  changes: SnippetUpdate,
  etag: string | null,
): Promise<ApiResponse<Snippet>> {
  return apiClient.request({
    method: 'PUT',
    path: pathOf({ kind: 'snippet', name }),
    body: changes,
    ifMatch: etag ?? undefined,
    schema: snippetSchema,
  });
}
