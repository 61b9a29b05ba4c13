/**
 * "Restore this version": the version's content, every language of it, goes into the editor as
 * unsaved edits as a restored draft does (the code editors take theirs as one undo step), so
 * saving it is the usual review and PUT with If-Match: a new revision, history never rewritten.
 */
import type { Notification } from '../../../../contract/wire/notification';
import { notificationFormValues } from '../editor/notification-fields';
import type { NotificationFormValues } from '../translations/translation-fields';

export interface RestoreTarget {
  loadValues: (values: NotificationFormValues, userEvent: string) => boolean;
}

/** Loads the version into the form; answers whether anything changed. */
export function restoreVersion(target: RestoreTarget, version: Notification): boolean {
  return target.loadValues(notificationFormValues(version), 'restore.version');
}
