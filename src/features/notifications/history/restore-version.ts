/**
 * "Restore this version": the version's content goes into the editor as unsaved edits, one
 * field at a time as a restored draft does (the code editors take theirs as one undo step), so
 * saving it is the usual review and PUT with If-Match: a new revision, history never rewritten.
 */
import type { UseFormReturn } from 'react-hook-form';
import type { NotificationWritableFields } from '../../../api/schemas/notification';
import type { Notification } from '../../../api/wire/notification';
import {
  changedFields,
  notificationFormValues,
  type NotificationField,
} from '../notification-fields';
import type { DocumentField } from '../use-notification-editor';

export interface RestoreTarget {
  form: UseFormReturn<NotificationWritableFields>;
  setDocument: (field: DocumentField, value: string, userEvent: string) => void;
}

/** Loads the version into the form; answers the fields that changed. */
export function restoreVersion(target: RestoreTarget, version: Notification): NotificationField[] {
  const values = notificationFormValues(version);
  const fields = changedFields(target.form.getValues(), values);
  for (const field of fields) {
    if (field === 'html' || field === 'text') {
      target.setDocument(field, values[field], 'restore.version');
    } else {
      target.form.setValue(field, values[field], { shouldDirty: true });
    }
  }
  return fields;
}
