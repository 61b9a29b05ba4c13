// A notification's fields wired into the shared three-way merge and the conflict dialog, with
// its translations per field per locale (editor/translated-merge.ts, shared with layouts).
import type { NotificationWritableFields } from '../../../../contract/schemas/notification';
import { FIELD_LABELS, shownValue, WRITABLE_FIELDS } from './notification-fields';
import { translatedConflictMerge, translationFieldLabel as labelOf } from './translated-merge';
import { TRANSLATED_FIELDS, type NotificationFormValues } from '../translations/translation-fields';
import type { ConflictMerge } from '../../../components/resource-editor/use-resource-editor';

const TEXT_FIELDS: ReadonlySet<string> = new Set(['subject', 'text', 'html']);

function translatedLabel(field: string): string {
  return field === 'subject' ? 'Subject' : field === 'text' ? 'Text version' : 'HTML version';
}

/** "Subject (Dutch)": a translation's field as dialogs name it. */
export function translationFieldLabel(key: string): string {
  return labelOf(key, translatedLabel);
}

export const notificationConflictMerge: ConflictMerge<NotificationFormValues> =
  translatedConflictMerge<NotificationWritableFields, (typeof TRANSLATED_FIELDS)[number]>({
    fields: WRITABLE_FIELDS,
    label: (field) => FIELD_LABELS[field],
    shown: shownValue,
    mono: (field) => TEXT_FIELDS.has(field),
    translated: TRANSLATED_FIELDS,
    translatedLabel,
  });
