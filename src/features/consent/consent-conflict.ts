// The privacy policy wired into the shared three-way merge: each URL language is its own field,
// so two admins editing different languages never conflict.
import type { ConflictDialogField } from '../../components/resource-editor/conflict-dialog';
import { findConflicts, mergeThreeWay, type ConflictChoice } from '../../lib/three-way-merge';
import type { ConflictMerge } from '../../components/resource-editor/use-resource-editor';
import type { PrivacyPolicyFormValues } from './privacy-policy-form-values';

/**
 * The privacy policy as separate fields, so a conflict can be settled per field: the kind, the
 * page id and one field per URL language (`url:nl`). A missing value is null.
 */
type FlatPolicy = Record<string, string | null>;

function flatten(values: PrivacyPolicyFormValues): FlatPolicy {
  const flat: FlatPolicy = {
    kind: values.privacy_policy_kind,
    page_id: values.privacy_policy_page_id.trim() || null,
  };
  for (const row of values.privacy_policy_url) {
    const language = row.language.trim();
    if (language !== '') flat[`url:${language}`] = row.url.trim();
  }
  return flat;
}

function unflatten(flat: FlatPolicy, order: readonly string[]): PrivacyPolicyFormValues {
  const languages = Object.keys(flat)
    .filter((key) => key.startsWith('url:') && flat[key] !== null)
    .map((key) => key.slice(4))
    // Keep the languages in the order the admin sees them.
    .sort((a, b) => {
      const ia = order.indexOf(a);
      const ib = order.indexOf(b);
      return (ia === -1 ? Infinity : ia) - (ib === -1 ? Infinity : ib);
    });
  return {
    privacy_policy_kind: (flat.kind ?? 'none') as PrivacyPolicyFormValues['privacy_policy_kind'],
    privacy_policy_url: languages.map((language) => ({
      language,
      url: flat[`url:${language}`] ?? '',
    })),
    privacy_policy_page_id: flat.page_id ?? '',
  };
}

export interface PolicyConflict {
  /** `kind`, `page_id` or `url:<language>`. */
  field: string;
  label: string;
  theirs: string | null;
  yours: string | null;
}

export function conflictLabel(field: string): string {
  if (field === 'kind') return 'Kind';
  if (field === 'page_id') return 'Page id';
  return `URL (${field.slice(4)})`;
}

/** Fields both the admin and someone else changed since loading, to different values. */
export function findPolicyConflicts(
  base: PrivacyPolicyFormValues,
  theirs: PrivacyPolicyFormValues,
  yours: PrivacyPolicyFormValues,
): PolicyConflict[] {
  return findConflicts(flatten(base), flatten(theirs), flatten(yours)).map((conflict) => ({
    field: conflict.field,
    label: conflictLabel(conflict.field),
    theirs: conflict.theirs ?? null,
    yours: conflict.yours ?? null,
  }));
}

/**
 * Three-way merge: the server's values, with each field the admin changed taken from `yours`
 * unless the conflict's choice says `theirs`. A language the admin removed is removed.
 */
export function mergePolicy(
  base: PrivacyPolicyFormValues,
  theirs: PrivacyPolicyFormValues,
  yours: PrivacyPolicyFormValues,
  choice: Readonly<Record<string, ConflictChoice>> = {},
): PrivacyPolicyFormValues {
  const merged = mergeThreeWay(flatten(base), flatten(theirs), flatten(yours), choice);
  const order = [...yours.privacy_policy_url, ...theirs.privacy_policy_url].map((row) =>
    row.language.trim(),
  );
  return unflatten(merged, order);
}

function policyConflictDialogFields(conflicts: PolicyConflict[]): ConflictDialogField[] {
  return conflicts.map(({ field, label, theirs, yours }) => ({
    id: field,
    label,
    theirs,
    yours,
    absentText: field.startsWith('url:') ? 'removed' : 'none',
    mono: field !== 'kind',
  }));
}

export const policyConflictMerge: ConflictMerge<PrivacyPolicyFormValues> = {
  conflicts: (base, theirs, yours) =>
    policyConflictDialogFields(findPolicyConflicts(base, theirs, yours)),
  merge: mergePolicy,
};
