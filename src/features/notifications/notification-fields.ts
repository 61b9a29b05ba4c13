// The fields an admin edits on a notification, written once: their order, their labels, how a
// saved notification becomes form values, which of them an edit changed, and what is checked.
import type { Resolver } from 'react-hook-form';
import {
  notificationWritableFieldsSchema,
  type LiquidField,
  type NotificationUpdate,
  type NotificationWritableFields,
} from '../../api/schemas/notification';
import { notificationRef, type Notification } from '../../api/wire/notification';
import { changedFieldsResolver } from '../../lib/changed-fields-resolver';

export type NotificationField = keyof NotificationWritableFields;

/** In form order. */
export const WRITABLE_FIELDS: readonly NotificationField[] =
  notificationWritableFieldsSchema.keyof().options;

export const FIELD_LABELS: Record<NotificationField, string> = {
  name: 'Name',
  description: 'Description',
  subject: 'Subject',
  text: 'Text version',
  html: 'HTML version',
  html_enabled: 'HTML version on',
};

/** The Liquid fields' short names, as messages and the variables panel say them. */
export const FIELD_NAMES: Record<LiquidField, string> = {
  subject: 'Subject',
  text: 'Text',
  html: 'HTML',
};

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

/** Fields whose value differs between two versions, in form order. */
export function changedFields(
  before: NotificationWritableFields,
  after: NotificationWritableFields,
): NotificationField[] {
  return WRITABLE_FIELDS.filter((field) => before[field] !== after[field]);
}

/** The editor's resolver: only the fields that will be sent (those changed) are checked. */
export function notificationResolver(
  saved: NotificationWritableFields,
): Resolver<NotificationWritableFields> {
  return changedFieldsResolver(notificationWritableFieldsSchema.partial(), (values) =>
    changedFields(saved, values),
  );
}

/** The body of `PUT /notifications/{slug}`: only the fields that changed. */
export function updateOf(
  before: NotificationWritableFields,
  after: NotificationWritableFields,
): NotificationUpdate {
  const update: NotificationUpdate = {};
  for (const field of changedFields(before, after))
    Object.assign(update, { [field]: after[field] });
  return update;
}

/** A value as the review and conflict dialogs show it. */
export function shownValue(value: string | boolean): string {
  return typeof value === 'boolean' ? (value ? 'on' : 'off') : value;
}
