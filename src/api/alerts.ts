/**
 * Alerts on the logs (issue 41): `GET/POST /alerts`, `GET/PUT/DELETE /alerts/{id}` (ETag,
 * If-Match, 412), `POST /alerts/simulate` and `GET /alerts/{id}/events`. Loaded with the Alerts
 * pages only; the nav's probe is alerts-available.ts. The list holds null on a server without
 * alerts (404/405), the events null on a server that does not evaluate them yet.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient, isApiError, type ApiResponse } from './client';
import { keySite } from './key-site';
import type { VersionedResource } from './versioned-resource';
import {
  alertEventPageSchema,
  alertSchema,
  alertSimulationSchema,
  alertStatusSchema,
  type AlertEventPage,
  type AlertRuleInput,
  type AlertSimulation,
} from '../../contract/schemas/alert';

/**
 * What the dashboard accepts of an alert: the contract's shape, with a `status` it cannot read
 * dropped (an evaluator newer than this dashboard) instead of the whole alert failing.
 */
const alertWireSchema = alertSchema.extend({
  status: alertStatusSchema.optional().catch(undefined),
});
export type AlertWire = z.output<typeof alertWireSchema>;

/** A list item that does not read is left out, as other lists do (decision 014). */
const alertListWireSchema = z.array(z.unknown()).transform((items): AlertWire[] =>
  items.flatMap((item) => {
    const parsed = alertWireSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  }),
);

/** Every key starts with the site (decision 042). */
export const alertKeys = {
  all: (site: string) => [site, 'alerts'] as const,
  list: (site: string) => [...alertKeys.all(site), 'list'] as const,
  detail: (site: string, id: number) => [...alertKeys.all(site), 'detail', id] as const,
  events: (site: string, id: number) => [...alertKeys.all(site), 'events', id] as const,
};

function isMissingRoute(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 405);
}

export function alertsQueryOptions(site = keySite()) {
  return queryOptions({
    queryKey: alertKeys.list(site),
    queryFn: async ({ signal }): Promise<AlertWire[] | null> => {
      try {
        return (await apiClient.request({ path: '/alerts', schema: alertListWireSchema, signal }))
          .data;
      } catch (error) {
        if (isMissingRoute(error)) return null;
        throw error;
      }
    },
  });
}

export function alertQueryOptions(id: number, site = keySite()) {
  return queryOptions({
    queryKey: alertKeys.detail(site, id),
    queryFn: ({ signal }): Promise<ApiResponse<AlertWire>> =>
      apiClient.request({ path: `/alerts/${String(id)}`, schema: alertWireSchema, signal }),
  });
}

/**
 * The newest state changes of an alert (one page of `GET /alerts/{id}/events`), or null where
 * the server does not evaluate alerts (no such route).
 */
export function alertEventsQueryOptions(id: number, site = keySite()) {
  return queryOptions({
    queryKey: alertKeys.events(site, id),
    queryFn: async ({ signal }): Promise<AlertEventPage | null> => {
      try {
        return (
          await apiClient.request({
            path: `/alerts/${String(id)}/events`,
            query: { limit: 100 },
            schema: alertEventPageSchema,
            signal,
          })
        ).data;
      } catch (error) {
        if (isMissingRoute(error)) return null;
        throw error;
      }
    },
  });
}

/** `POST /alerts`: 422 on the field (an unknown app, a non-member, the 51st alert). */
export function createAlert(rule: AlertRuleInput): Promise<ApiResponse<AlertWire>> {
  return apiClient.request({
    method: 'POST',
    path: '/alerts',
    body: rule,
    schema: alertWireSchema,
  });
}

/** `PUT /alerts/{id}`: the whole rule again, with If-Match (412 when it moved on). */
export function updateAlert(
  id: number,
  rule: AlertRuleInput,
  etag: string | null,
): Promise<ApiResponse<AlertWire>> {
  return apiClient.request({
    method: 'PUT',
    path: `/alerts/${String(id)}`,
    body: rule,
    ifMatch: etag ?? undefined,
    schema: alertWireSchema,
  });
}

/** `DELETE /alerts/{id}` with If-Match. */
export async function deleteAlert(id: number, etag: string | null): Promise<void> {
  await apiClient.request({
    method: 'DELETE',
    path: `/alerts/${String(id)}`,
    ifMatch: etag ?? undefined,
    schema: z.unknown(),
  });
}

/** `POST /alerts/simulate`: the rule's windows over the last 24 h; writes nothing. */
export async function simulateAlert(rule: AlertRuleInput): Promise<AlertSimulation> {
  return (
    await apiClient.request({
      method: 'POST',
      path: '/alerts/simulate',
      body: rule,
      schema: alertSimulationSchema,
    })
  ).data;
}

export function storeSavedAlert(
  queryClient: QueryClient,
  saved: ApiResponse<AlertWire>,
  site = keySite(),
): void {
  queryClient.setQueryData(alertKeys.detail(site, saved.data.id), saved);
  void queryClient.invalidateQueries({ queryKey: alertKeys.list(site) });
}

/** PUT takes the whole rule: the change is the rule, or nothing (`{}`) when nothing differs. */
export interface AlertChanges {
  rule?: AlertRuleInput;
}

/** For the one resource editor (it never saves an empty change). */
export const alertResource: VersionedResource<AlertWire, AlertChanges> = {
  save: ({ current, changes, etag }) =>
    changes.rule
      ? updateAlert(current.id, changes.rule, etag)
      : Promise.reject(new Error('Nothing to save')),
  fetchLatest: (queryClient, current) =>
    queryClient.query({ ...alertQueryOptions(current.id), staleTime: 0 }),
  storeSaved: storeSavedAlert,
};
