import type { NotificationWritableFields } from '../../api/schemas/notification';
import { WRITABLE_FIELDS } from './draft-store';

type Field = keyof NotificationWritableFields;
export type ConflictChoice = 'mine' | 'theirs';

/**
 * Three-way view of a 412: `base` is the version the edits started from. A field only one side
 * changed merges by itself; only fields both changed, differently, need the admin.
 */
export function conflictingFields(
  base: NotificationWritableFields,
  mine: NotificationWritableFields,
  theirs: NotificationWritableFields,
): Field[] {
  return WRITABLE_FIELDS.filter(
    (field) =>
      mine[field] !== base[field] && theirs[field] !== base[field] && mine[field] !== theirs[field],
  );
}

/** Their version with every field the admin changed, except conflicts resolved as theirs. */
export function mergeVersions(
  base: NotificationWritableFields,
  mine: NotificationWritableFields,
  theirs: NotificationWritableFields,
  choices: Partial<Record<Field, ConflictChoice>>,
): NotificationWritableFields {
  const merged = { ...theirs };
  for (const field of WRITABLE_FIELDS) {
    if (mine[field] === base[field]) continue;
    const both = theirs[field] !== base[field] && theirs[field] !== mine[field];
    if (!both || (choices[field] ?? 'mine') === 'mine') {
      (merged as Record<Field, unknown>)[field] = mine[field];
    }
  }
  return merged;
}
