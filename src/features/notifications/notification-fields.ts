// The fields an admin edits on a notification, written once: their order, their labels, how a
// saved notification becomes form values, and which of them an edit changed.
import {
  notificationWritableFieldsSchema,
  type LiquidField,
  type Notification,
  type NotificationUpdate,
  type NotificationWritableFields,
} from '../../api/schemas/notification';

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

export function writableFieldsOf(notification: Notification): NotificationWritableFields {
  const { name, description, subject, text, html, html_enabled } = notification;
  return { name, description, subject, text, html, html_enabled };
}

/** Fields whose value differs between two versions, in form order. */
export function changedFields(
  before: NotificationWritableFields,
  after: NotificationWritableFields,
): NotificationField[] {
  return WRITABLE_FIELDS.filter((field) => before[field] !== after[field]);
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
