import type { Resolver } from 'react-hook-form';
import {
  notificationWritableFieldsSchema,
  type NotificationWritableFields,
} from '../../api/schemas/notification';
import { notificationRef, type Notification } from '../../api/wire/notification';
import { changedFieldsResolver } from '../../lib/changed-fields-resolver';
import { changedFields } from './draft-store';

/** The editor's values for a notification; what the server did not send starts empty (or off). */
export function notificationFormValues(notification: Notification): NotificationWritableFields {
  return {
    name: notification.name ?? '',
    description: notification.description ?? '',
    subject: notification.subject ?? '',
    text: notification.text ?? '',
    html: notification.html ?? '',
    html_enabled: notification.html_enabled ?? false,
  };
}

/** What a notification is called on screen: its name, else its slug or id. */
export function notificationTitle(notification: Notification): string {
  const name = notification.name?.trim();
  return name ? name : notificationRef(notification);
}

/** The editor's resolver: only the fields that will be sent (those changed) are checked. */
export function notificationResolver(
  saved: NotificationWritableFields,
): Resolver<NotificationWritableFields> {
  return changedFieldsResolver(notificationWritableFieldsSchema.partial(), (values) =>
    changedFields(saved, values),
  );
}
