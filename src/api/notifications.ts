/**
 * Notifications resource: query keys, query options and the update mutation.
 *
 * Like apps: the detail query holds `{ data, etag }` (the ETag is needed for `If-Match`), the
 * list holds the notifications alone. After a save, `storeSavedNotification` puts the answer into
 * both caches so the editor shows the saved version at once, with no refetch.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiClient, type ApiResponse } from './client';
import type { NotificationUpdate } from '../../contract/schemas/notification';
import {
  notificationListWireSchema,
  notificationRef,
  notificationWireSchema,
  type Notification,
} from '../../contract/wire/notification';
import { keySite } from './key-site';
import type { VersionedResource } from './versioned-resource';

/** Every key starts with the site (decision 042). */
export const notificationKeys = {
  all: (site: string) => [site, 'notifications'] as const,
  lists: (site: string) => [...notificationKeys.all(site), 'list'] as const,
  list: (site: string) => [...notificationKeys.lists(site)] as const,
  details: (site: string) => [...notificationKeys.all(site), 'detail'] as const,
  detail: (site: string, slug: string) => [...notificationKeys.details(site), slug] as const,
};

function notificationPath(slug: string): string {
  return `/notifications/${encodeURIComponent(slug)}`;
}

/** The list is filtered on the client: a site has a handful of templates, not thousands. */
export function notificationsQueryOptions(site = keySite()) {
  return queryOptions({
    queryKey: notificationKeys.list(site),
    queryFn: async ({ signal }): Promise<Notification[]> =>
      (
        await apiClient.request({
          path: '/notifications',
          schema: notificationListWireSchema,
          signal,
        })
      ).data,
  });
}

export function notificationQueryOptions(slug: string, site = keySite()) {
  return queryOptions({
    queryKey: notificationKeys.detail(site, slug),
    queryFn: ({ signal }): Promise<ApiResponse<Notification>> =>
      apiClient.request({ path: notificationPath(slug), schema: notificationWireSchema, signal }),
  });
}

export interface UpdateNotificationInput {
  slug: string;
  changes: NotificationUpdate;
  /** ETag of the version the changes are based on; the service answers 412 if it moved on. */
  etag: string | null;
}

/** `PUT /notifications/{slug}` with the changed fields. Never retried by itself. */
export function updateNotification({
  slug,
  changes,
  etag,
}: UpdateNotificationInput): Promise<ApiResponse<Notification>> {
  return apiClient.request({
    method: 'PUT',
    path: notificationPath(slug),
    body: changes,
    ifMatch: etag ?? undefined,
    schema: notificationWireSchema,
  });
}

/** Reads the notification as the server has it now (for the conflict dialog), and caches it. */
export function fetchLatestNotification(
  queryClient: QueryClient,
  slug: string,
): Promise<ApiResponse<Notification>> {
  return queryClient.query({ ...notificationQueryOptions(slug), staleTime: 0 });
}

/** The saved notification replaces the cached one in the detail and the list. */
export function storeSavedNotification(
  queryClient: QueryClient,
  saved: ApiResponse<Notification>,
  site = keySite(),
): void {
  const ref = notificationRef(saved.data);
  queryClient.setQueryData(notificationKeys.detail(site, ref), saved);
  queryClient.setQueryData(notificationKeys.list(site), (list: Notification[] | undefined) =>
    list?.map((item) => (notificationRef(item) === ref ? saved.data : item)),
  );
}

/** Notifications as the resource editor edits them: `PUT /notifications/{slug}`. */
export const notificationResource: VersionedResource<Notification, NotificationUpdate> = {
  save: ({ current, changes, etag }) =>
    updateNotification({ slug: notificationRef(current), changes, etag }),
  fetchLatest: (queryClient, current) =>
    fetchLatestNotification(queryClient, notificationRef(current)),
  storeSaved: storeSavedNotification,
};
