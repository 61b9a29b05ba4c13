/**
 * Notifications resource: query keys, query options and the update mutation.
 *
 * Like apps: the detail query holds `{ data, etag }` (the ETag is needed for `If-Match`), the
 * list holds the notifications alone. After a save, `storeSavedNotification` puts the answer into
 * both caches so the editor shows the saved version at once, with no refetch.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiClient, type ApiResponse } from './client';
import type { NotificationUpdate } from './schemas/notification';
import {
  notificationListWireSchema,
  notificationRef,
  notificationWireSchema,
  type Notification,
} from './wire/notification';
import type { VersionedResource } from './versioned-resource';

export const notificationKeys = {
  all: ['notifications'] as const,
  lists: () => [...notificationKeys.all, 'list'] as const,
  list: () => [...notificationKeys.lists()] as const,
  details: () => [...notificationKeys.all, 'detail'] as const,
  detail: (slug: string) => [...notificationKeys.details(), slug] as const,
};

function notificationPath(slug: string): string {
  return `/notifications/${encodeURIComponent(slug)}`;
}

/** The list is filtered on the client: a site has a handful of templates, not thousands. */
export function notificationsQueryOptions() {
  return queryOptions({
    queryKey: notificationKeys.list(),
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

export function notificationQueryOptions(slug: string) {
  return queryOptions({
    queryKey: notificationKeys.detail(slug),
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
): void {
  const ref = notificationRef(saved.data);
  queryClient.setQueryData(notificationKeys.detail(ref), saved);
  queryClient.setQueryData(notificationKeys.list(), (list: Notification[] | undefined) =>
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
