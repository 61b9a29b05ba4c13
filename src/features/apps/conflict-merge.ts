// The app form's fields wired into the shared three-way merge: the writable fields in form order,
// install scopes compared as sets, and how each value reads in the conflict dialog.
import { APP_WRITABLE_FIELDS } from '../../../contract/schemas/app';
import type { ConflictDialogField } from '../../components/resource-editor/conflict-dialog';
import type { ConflictMerge } from '../../components/resource-editor/use-resource-editor';
import {
  findConflicts as findFieldConflicts,
  mergeThreeWay,
  type ConflictChoices,
  type FieldConflict,
  type ThreeWayOptions,
} from '../../lib/three-way-merge';
import {
  APP_FIELD_LABELS,
  sameFieldValue,
  type AppFormField,
  type AppFormValues,
} from './app-form-values';

export type AppConflict = FieldConflict<AppFormValues>;

const options: ThreeWayOptions<AppFormValues> = {
  fields: APP_WRITABLE_FIELDS,
  equals: {
    install_scopes: (a, b) => sameFieldValue('install_scopes', a, b),
  },
};

/** Fields both sides changed (against what the admin loaded) to different values. */
export function findConflicts(
  base: AppFormValues,
  theirs: AppFormValues,
  yours: AppFormValues,
): AppConflict[] {
  return findFieldConflicts(base, theirs, yours, options);
}

/** Theirs, with each field the admin changed taken from yours unless the conflict chose theirs. */
export function mergeValues(
  base: AppFormValues,
  theirs: AppFormValues,
  yours: AppFormValues,
  choices: ConflictChoices<AppFormValues> = {},
): AppFormValues {
  return mergeThreeWay(base, theirs, yours, choices, options);
}

function shown(field: AppFormField, value: unknown): string | null {
  if (field === 'internal') return value ? 'Internal' : 'External';
  if (field === 'install_scopes') {
    const scopes = [...new Set(value as string[])].sort();
    return scopes.length === 0 ? null : scopes.join(', ');
  }
  return String(value);
}

function conflictDialogFields(conflicts: AppConflict[]): ConflictDialogField[] {
  return conflicts.map(({ field, theirs, yours }) => ({
    id: field,
    label: APP_FIELD_LABELS[field],
    theirs: shown(field, theirs),
    yours: shown(field, yours),
    absentText: 'none',
    mono: field === 'install_scopes',
  }));
}

export const appConflictMerge: ConflictMerge<AppFormValues> = {
  conflicts: (base, theirs, yours) => conflictDialogFields(findConflicts(base, theirs, yours)),
  merge: mergeValues,
};
