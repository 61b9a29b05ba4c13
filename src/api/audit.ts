/**
 * Revisions (issue 29): the site's activity feed (`GET /audit`, paged by `before`), a
 * notification's versions (`GET /notifications/{slug}/revisions`) and one version
 * (`GET /notifications/{slug}/revisions/{id}`, the whole notification as it was). Loaded with the
 * Activity page and the History panel, never in the entry chunk (audit-available.ts is).
 */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { apiClient } from './client';
import { keySite } from './key-site';
import { revisionListWireSchema, type Revision } from '../../contract/wire/audit';
import { notificationWireSchema, type Notification } from '../../contract/wire/notification';

/** What the feed is filtered by (the Activity page's search params). */
export interface AuditFilters {
  actor?: string;
  resource?: string;
  resource_id?: string;
}

export const AUDIT_PAGE_SIZE = 50;

/** Every key starts with the site (decision 042). */
export const auditKeys = {
  all: (site: string) => [site, 'audit'] as const,
  feed: (site: string, filters: AuditFilters) => [...auditKeys.all(site), 'feed', filters] as const,
  notification: (site: string, slug: string) =>
    [...auditKeys.all(site), 'notification', slug] as const,
  version: (site: string, slug: string, id: number) =>
    [...auditKeys.notification(site, slug), id] as const,
};

function notificationPath(slug: string): string {
  return `/notifications/${encodeURIComponent(slug)}`;
}

/** The feed, newest first; each page asks for the revisions before the last one seen. */
export function auditFeedQueryOptions(filters: AuditFilters, site = keySite()) {
  return infiniteQueryOptions({
    queryKey: auditKeys.feed(site, filters),
    initialPageParam: undefined as number | undefined,
    queryFn: async ({ pageParam, signal }): Promise<Revision[]> =>
      (
        await apiClient.request({
          path: '/audit',
          query: { ...filters, before: pageParam, limit: AUDIT_PAGE_SIZE },
          schema: revisionListWireSchema,
          signal,
        })
      ).data,
    // A short page is the last one.
    getNextPageParam: (page) => (page.length < AUDIT_PAGE_SIZE ? undefined : page.at(-1)?.id),
  });
}

/** A notification's versions, newest first (the last 200: the panel pages no further). */
export function notificationRevisionsQueryOptions(slug: string, site = keySite()) {
  return queryOptions({
    queryKey: auditKeys.notification(site, slug),
    queryFn: async ({ signal }): Promise<Revision[]> =>
      (
        await apiClient.request({
          path: `${notificationPath(slug)}/revisions`,
          query: { limit: 200 },
          schema: revisionListWireSchema,
          signal,
        })
      ).data,
  });
}

/** The notification as it was after revision `id`; a version never changes, so never stale. */
export function notificationVersionQueryOptions(slug: string, id: number, site = keySite()) {
  return queryOptions({
    queryKey: auditKeys.version(site, slug, id),
    queryFn: async ({ signal }): Promise<Notification> =>
      (
        await apiClient.request({
          path: `${notificationPath(slug)}/revisions/${id}`,
          schema: notificationWireSchema,
          signal,
        })
      ).data,
    staleTime: Infinity,
  });
}
