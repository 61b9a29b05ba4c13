// The Site settings form's values, the PATCH body made from them (changed fields only) and the
// merge after a 412: name, default and the ordered list are three fields.
import { z } from 'zod';
import type { SiteSettingsUpdate } from '../../../contract/schemas/site-settings';
import type { SiteSettings } from '../../../contract/wire/site-settings';
import type { ConflictMerge } from '../../components/resource-editor/use-resource-editor';
import { findConflicts, mergeThreeWay } from '../../lib/three-way-merge';

export const siteSettingsFormSchema = z
  .object({
    name: z.string().trim().min(1, 'Name is required').max(200, 'At most 200 characters'),
    default_locale: z.string(),
    locales: z.array(z.string()).min(1, 'A site has at least one language'),
  })
  .refine((values) => values.locales.includes(values.default_locale), {
    message: 'Choose a default language',
    path: ['default_locale'],
  });
export type SiteSettingsFormValues = z.infer<typeof siteSettingsFormSchema>;

export function settingsToFormValues(settings: SiteSettings): SiteSettingsFormValues {
  return {
    name: settings.name ?? '',
    default_locale: settings.default_locale,
    locales: [...settings.locales],
  };
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((tag, index) => tag === b[index]);
}

/** Only what differs from the saved values; the list is sent whole when it changed at all. */
export function toSiteSettingsUpdate(
  saved: SiteSettingsFormValues,
  values: SiteSettingsFormValues,
): SiteSettingsUpdate {
  const update: SiteSettingsUpdate = {};
  if (values.name.trim() !== saved.name.trim()) update.name = values.name.trim();
  if (!sameList(values.locales, saved.locales)) update.locales = [...values.locales];
  if (values.default_locale !== saved.default_locale) update.default_locale = values.default_locale;
  return update;
}

const equals = { locales: sameList };
const LABELS = { name: 'Name', default_locale: 'Default language', locales: 'Languages' } as const;

export const siteSettingsConflictMerge: ConflictMerge<SiteSettingsFormValues> = {
  conflicts: (base, theirs, yours) =>
    findConflicts(base, theirs, yours, { equals }).map((conflict) => ({
      id: conflict.field,
      label: LABELS[conflict.field],
      theirs: Array.isArray(conflict.theirs) ? conflict.theirs.join(', ') : conflict.theirs,
      yours: Array.isArray(conflict.yours) ? conflict.yours.join(', ') : conflict.yours,
      mono: conflict.field !== 'name',
    })),
  merge: (base, theirs, yours, choices) => {
    const merged = mergeThreeWay(base, theirs, yours, choices, { equals });
    // A default that the merged list lost falls back to the list's first language.
    return merged.locales.includes(merged.default_locale)
      ? merged
      : { ...merged, default_locale: merged.locales[0] ?? merged.default_locale };
  },
};
