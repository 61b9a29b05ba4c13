// The fields an admin edits on a notification, written once: their order, their labels, how a
// saved notification becomes form values, which of them an edit changed, and what is checked.
import type { FieldErrors, Resolver } from 'react-hook-form';
import {
  notificationWritableFieldsSchema,
  type LiquidField,
  type NotificationUpdate,
  type NotificationWritableFields,
} from '../../../../contract/schemas/notification';
import { notificationRef, type Notification } from '../../../../contract/wire/notification';
import { changedFieldsResolver } from '../../../lib/changed-fields-resolver';
import {
  changedTranslationFields,
  translationsUpdate,
  translationValues,
  type NotificationFormValues,
} from '../translations/translation-fields';

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
  layout: 'Layout',
};

/** The Liquid fields' short names, as messages and the variables panel say them. */
export const FIELD_NAMES: Record<LiquidField, string> = {
  subject: 'Subject',
  text: 'Text',
  html: 'HTML',
};

/** The editor's values for a notification; what the server did not send starts empty (or off). */
export function notificationFormValues(notification: Notification): NotificationFormValues {
  return {
    translations: translationValues(notification),
    name: notification.name ?? '',
    description: notification.description ?? '',
    subject: notification.subject ?? '',
    text: notification.text ?? '',
    html: notification.html ?? '',
    html_enabled: notification.html_enabled ?? false,
    // A server without layouts (issue 38) sends none: null, never sent back unless changed.
    layout: notification.layout ?? null,
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

const translationRules = notificationWritableFieldsSchema
  .pick({ subject: true, text: true, html: true })
  .partial();

/**
 * The editor's resolver: only the fields that will be sent (those changed) are checked, the
 * translations' too, whose errors land on `translations.<locale>.<field>`.
 */
export function notificationResolver(
  saved: NotificationFormValues,
): Resolver<NotificationFormValues> {
  const defaults = changedFieldsResolver<NotificationWritableFields>(
    notificationWritableFieldsSchema.partial(),
    (values) => changedFields(saved, values),
  );
  return async (values, context, options) => {
    // The default's fields: the shared resolver, over the form without its translations.
    const { translations, ...own } = values;
    const result = await defaults(own, context, {
      ...options,
      fields: {},
      names: undefined,
    });
    const errors: FieldErrors<NotificationFormValues> = { ...result.errors };
    const translationErrors: Record<string, Record<string, { type: string; message: string }>> = {};
    for (const [locale, fields] of Object.entries(translations)) {
      const old = Object.hasOwn(saved.translations, locale)
        ? saved.translations[locale]
        : undefined;
      const changed = changedTranslationFields(old, fields);
      const parsed = translationRules.safeParse(
        Object.fromEntries(changed.map((field) => [field, fields[field]])),
      );
      if (parsed.success) continue;
      const own: Record<string, { type: string; message: string }> = {};
      for (const issue of parsed.error.issues) {
        own[String(issue.path[0])] ??= { type: issue.code, message: issue.message };
      }
      translationErrors[locale] = own;
    }
    if (Object.keys(translationErrors).length > 0) {
      Object.assign(errors, { translations: translationErrors });
    }
    if (Object.keys(errors).length > 0) return { values: {}, errors };
    return { values: { ...values, ...result.values, translations }, errors: {} };
  };
}

/** The body of `PUT /notifications/{slug}`: only the fields that changed, translations too. */
export function updateOf(
  before: NotificationFormValues,
  after: NotificationFormValues,
): NotificationUpdate {
  const update: NotificationUpdate = {};
  for (const field of changedFields(before, after))
    Object.assign(update, { [field]: after[field] });
  const translations = translationsUpdate(before.translations, after.translations);
  if (translations) update.translations = translations;
  return update;
}

/** A value as the review and conflict dialogs show it. */
export function shownValue(value: string | boolean | null): string {
  return typeof value === 'boolean' ? (value ? 'on' : 'off') : (value ?? 'none');
}
