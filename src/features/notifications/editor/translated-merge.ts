// The 412 merge of an editor whose document is a default's fields plus texts per locale: a
// template's (notification-conflict.ts) and a layout's (layouts/layout-conflict.ts). The
// translations merge per field per locale (decision 046): each locale's text is a field of its
// own, `translations.<locale>.<field>`, absent while the locale has none.
import type { ConflictDialogField } from '../../../components/resource-editor/conflict-dialog';
import type { ConflictMerge } from '../../../components/resource-editor/use-resource-editor';
import { languageName, displayLocale } from '../../../lib/language-name';
import {
  findConflicts,
  mergeThreeWay,
  type ConflictChoice,
  type ConflictChoices,
} from '../../../lib/three-way-merge';

/** Optional values: a locale one side lacks has no keys there. */
type FlatTranslations = Partial<Record<string, string>>;
type TranslationsOf<F extends string> = Record<string, Record<F, string>>;
const PREFIX = 'translations.';

/** `{ nl: { subject } }` → `{ 'translations.nl.subject': … }`: one merge field per text. */
export function flattenTranslations<F extends string>(
  map: TranslationsOf<F>,
  fields: readonly F[],
): FlatTranslations {
  const flat: FlatTranslations = {};
  for (const [locale, texts] of Object.entries(map)) {
    for (const field of fields) flat[`${PREFIX}${locale}.${field}`] = texts[field];
  }
  return flat;
}

/** Back from the flat form; a locale left with some of its fields gets the others empty. */
export function unflattenTranslations<F extends string>(
  flat: FlatTranslations,
  fields: readonly F[],
): TranslationsOf<F> {
  const map: TranslationsOf<F> = {};
  for (const [key, value] of Object.entries(flat)) {
    if (value === undefined) continue;
    const rest = key.slice(PREFIX.length);
    const dot = rest.lastIndexOf('.');
    const locale = rest.slice(0, dot);
    const field = rest.slice(dot + 1);
    map[locale] ??= Object.fromEntries(fields.map((name) => [name, ''])) as Record<F, string>;
    Object.assign(map[locale], { [field]: value });
  }
  return map;
}

/** "HTML version (Dutch)": a translation's field as dialogs name it. */
export function translationFieldLabel(key: string, label: (field: string) => string): string {
  const rest = key.slice(PREFIX.length);
  const dot = rest.lastIndexOf('.');
  return `${label(rest.slice(dot + 1))} (${languageName(rest.slice(0, dot), displayLocale())})`;
}

export interface TranslatedMergeSpec<D extends object, F extends string> {
  /** The default's fields, in the order the dialog lists their conflicts. */
  fields: readonly (keyof D & string)[];
  /** A default's field as the conflict dialog names it. */
  label: (field: keyof D & string) => string;
  /** A default's value as the conflict dialog shows it. */
  shown: (value: D[keyof D]) => string;
  /** Code and templates show in monospace. */
  mono: (field: keyof D & string) => boolean;
  /** Each translation's fields. */
  translated: readonly F[];
  /** A translated field's name in the dialog ("HTML version"), before its language. */
  translatedLabel: (field: string) => string;
}

/** The merge and the conflict dialog's fields of a document with translations per locale. */
export function translatedConflictMerge<D extends object, F extends string>(
  spec: TranslatedMergeSpec<D, F>,
): ConflictMerge<D & { translations: TranslationsOf<F> }> {
  const options = { fields: spec.fields };
  const flat = (values: { translations: TranslationsOf<F> }) =>
    flattenTranslations(values.translations, spec.translated);
  return {
    conflicts: (base, theirs, yours) => [
      ...findConflicts<D>(base, theirs, yours, options).map(
        ({ field, theirs, yours }): ConflictDialogField => ({
          id: field as string,
          label: spec.label(field as keyof D & string),
          theirs: spec.shown(theirs),
          yours: spec.shown(yours),
          mono: spec.mono(field as keyof D & string),
        }),
      ),
      ...findConflicts(flat(base), flat(theirs), flat(yours)).map(({ field, theirs, yours }) => ({
        id: field,
        label: translationFieldLabel(field, spec.translatedLabel),
        // A side that removed the translation has no text there.
        theirs: theirs ?? '(translation removed)',
        yours: yours ?? '(translation removed)',
        mono: true,
      })),
    ],
    // The dialog's field ids are the values' paths, so its choices apply as they are.
    merge: (base, theirs, yours, choices) => {
      const own: ConflictChoices<D> = {};
      const translationChoices: Record<string, ConflictChoice> = {};
      for (const [id, choice] of Object.entries(choices)) {
        if (id.startsWith(PREFIX)) translationChoices[id] = choice;
        else Object.assign(own, { [id]: choice });
      }
      return {
        ...mergeThreeWay<D>(base, theirs, yours, own, options),
        translations: unflattenTranslations(
          mergeThreeWay(flat(base), flat(theirs), flat(yours), translationChoices),
          spec.translated,
        ),
      };
    },
  };
}
