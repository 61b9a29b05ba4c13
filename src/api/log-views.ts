/**
 * The signed-in user's saved log views on the current site (issue 30, decision 053):
 * `GET /log-views?app_id=`, `POST /log-views`, `PUT /log-views/{id}`, `DELETE /log-views/{id}`.
 * The list holds null when the server has no such route (404/405: another server, spec only).
 * What the dashboard accepts is tolerant: a view whose query no longer reads is left out.
 */
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient, isApiError } from './client';
import { keySite } from './key-site';
import {
  logViewQuerySchema,
  type LogViewCreate,
  type LogViewQuery,
} from '../../contract/schemas/log-view';
import { wireTextSchema } from '../../contract/wire/common';

const logViewWireSchema = z.looseObject({
  id: z.number().int(),
  name: wireTextSchema,
  app_id: z.string().nullable().optional().catch(null),
  query: z.unknown(),
});

export interface LogViewWire {
  id: number;
  name: string;
  appId: string | null;
  query: LogViewQuery;
}

const logViewListWireSchema = z.array(z.unknown()).transform((items): LogViewWire[] =>
  items.flatMap((item) => {
    const view = logViewWireSchema.safeParse(item);
    const query = view.success ? logViewQuerySchema.safeParse(view.data.query) : undefined;
    if (!view.success || !query?.success) return [];
    return [
      {
        id: view.data.id,
        name: view.data.name ?? 'Unnamed view',
        appId: view.data.app_id ?? null,
        query: query.data,
      },
    ];
  }),
);

export const logViewKeys = {
  all: (site: string) => [site, 'log-views'] as const,
  list: (site: string, appKey: string) => [...logViewKeys.all(site), 'list', appKey] as const,
};

export function logViewsQueryOptions(appKey: string, site = keySite()) {
  return queryOptions({
    queryKey: logViewKeys.list(site, appKey),
    queryFn: async ({ signal }): Promise<LogViewWire[] | null> => {
      try {
        return (
          await apiClient.request({
            path: `/log-views?app_id=${encodeURIComponent(appKey)}`,
            schema: logViewListWireSchema,
            signal,
          })
        ).data;
      } catch (error) {
        if (isApiError(error) && (error.status === 404 || error.status === 405)) return null;
        throw error;
      }
    },
  });
}

export async function createLogView(input: LogViewCreate): Promise<number> {
  const { data } = await apiClient.request({
    method: 'POST',
    path: '/log-views',
    body: input,
    schema: logViewWireSchema,
  });
  return data.id;
}

/** Rename, or save a new query into the view (the whole view; last write wins: it is yours). */
export async function updateLogView(id: number, input: LogViewCreate): Promise<void> {
  await apiClient.request({
    method: 'PUT',
    path: `/log-views/${String(id)}`,
    body: input,
    schema: z.unknown(),
  });
}

export async function deleteLogView(id: number): Promise<void> {
  await apiClient.request({
    method: 'DELETE',
    path: `/log-views/${String(id)}`,
    schema: z.unknown(),
  });
}
