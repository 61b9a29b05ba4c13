import { APP_WRITABLE_FIELDS } from '../../api/schemas/app';
import { sameFieldValue, type AppFormField, type AppFormValues } from './app-form-values';

export type ConflictChoice = 'theirs' | 'yours';

export interface FieldConflict<F extends AppFormField = AppFormField> {
  field: F;
  theirs: AppFormValues[F];
  yours: AppFormValues[F];
}

/**
 * Fields both sides changed (against what the admin loaded) to different values. A field only
 * one side changed is no conflict: that change simply wins.
 */
export function findConflicts(
  base: AppFormValues,
  theirs: AppFormValues,
  yours: AppFormValues,
): FieldConflict[] {
  return APP_WRITABLE_FIELDS.filter(
    (field) =>
      !sameFieldValue(field, base[field], yours[field]) &&
      !sameFieldValue(field, base[field], theirs[field]) &&
      !sameFieldValue(field, theirs[field], yours[field]),
  ).map((field) => ({ field, theirs: theirs[field], yours: yours[field] }) as FieldConflict);
}

/**
 * Three-way merge: the server's values, with each field the admin changed taken from `yours`
 * unless `choice` says `theirs`. Fields only the other person changed keep their value, so
 * "overwrite with yours" never reverts a field the admin did not touch.
 */
export function mergeValues(
  base: AppFormValues,
  theirs: AppFormValues,
  yours: AppFormValues,
  choice: Partial<Record<AppFormField, ConflictChoice>> = {},
): AppFormValues {
  const merged = { ...theirs, install_scopes: [...theirs.install_scopes] };
  for (const field of APP_WRITABLE_FIELDS) {
    const changedByYou = !sameFieldValue(field, base[field], yours[field]);
    if (changedByYou && choice[field] !== 'theirs') {
      (merged as Record<AppFormField, unknown>)[field] = yours[field];
    }
  }
  return merged;
}
