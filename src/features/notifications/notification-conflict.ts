// A notification's fields wired into the shared three-way merge and the conflict dialog.
import type { NotificationWritableFields } from '../../api/schemas/notification';
import { findConflicts, mergeThreeWay, type ThreeWayOptions } from '../../lib/three-way-merge';
import type { ConflictMerge } from '../../components/resource-editor/use-resource-editor';
import { FIELD_LABELS, shownValue, WRITABLE_FIELDS } from './notification-fields';

const options: ThreeWayOptions<NotificationWritableFields> = { fields: WRITABLE_FIELDS };

export const notificationConflictMerge: ConflictMerge<NotificationWritableFields> = {
  conflicts: (base, theirs, yours) =>
    findConflicts(base, theirs, yours, options).map(({ field, theirs, yours }) => ({
      id: field,
      label: FIELD_LABELS[field],
      theirs: shownValue(theirs),
      yours: shownValue(yours),
      mono: field === 'subject' || field === 'text' || field === 'html',
    })),
  // The dialog's field ids are the form's field names, so its choices apply as they are.
  merge: (base, theirs, yours, choices) => mergeThreeWay(base, theirs, yours, choices, options),
};
