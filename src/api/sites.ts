import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient, isApiError, type ApiClient, type Connection } from './client';
import { siteListWireSchema, type Site } from '../../contract/wire/site';

// Sites the token's user may use. `GET /sites` is our extension of the spec: a foreign server
// that lacks it answers 404 (or 405), and callers then show the current site only.

export const siteKeys = {
  all: ['sites'] as const,
  list: () => [...siteKeys.all, 'list'] as const,
};

interface CallOptions {
  client?: ApiClient;
  connection?: Connection;
  signal?: AbortSignal;
}

/** The user's sites, or null when the server has no `GET /sites`. */
export async function listSites(options: CallOptions = {}): Promise<Site[] | null> {
  const client = options.client ?? apiClient;
  try {
    const { data } = await client.request({
      path: '/sites',
      schema: siteListWireSchema,
      connection: options.connection,
      signal: options.signal,
    });
    return data;
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.status === 405)) return null;
    throw error;
  }
}

export function sitesQueryOptions() {
  return queryOptions({
    queryKey: siteKeys.list(),
    queryFn: ({ signal }) => listSites({ signal }),
    staleTime: 5 * 60_000,
  });
}

/**
 * Checks that the connection may read the site, using a documented route only
 * (`GET /settings/consent/applications`), so that it works against any server of the spec.
 * Throws the ApiError (401 token, 403 site, status 0 network) when it may not.
 */
export async function probeSiteAccess(options: CallOptions & { connection: Connection }) {
  const client = options.client ?? apiClient;
  await client.request({
    path: '/settings/consent/applications',
    // Only the status matters; any JSON will do (an HTML page means the URL is not the API).
    schema: z.unknown(),
    connection: options.connection,
    signal: options.signal,
  });
}
