// A notification's fields wired into the shared three-way merge and the conflict dialog. The
// translations merge per field per locale (decision 046): each locale's subject, text and html
// is a field of its own, `translations.<locale>.<field>`, absent while the locale has none.
import type { NotificationWritableFields } from '../../../../contract/schemas/notification';
import { languageName, displayLocale } from '../../../lib/language-name';
import {
  findConflicts,
  mergeThreeWay,
  type ConflictChoice,
  type ThreeWayOptions,
} from '../../../lib/three-way-merge';
import type { ConflictMerge } from '../../../components/resource-editor/use-resource-editor';
import { FIELD_LABELS, shownValue, WRITABLE_FIELDS } from './notification-fields';
import {
  TRANSLATED_FIELDS,
  type NotificationFormValues,
  type TranslationMap,
} from '../translations/translation-fields';

const options: ThreeWayOptions<NotificationWritableFields> = { fields: WRITABLE_FIELDS };

/** Optional values: a locale one side lacks has no keys there. */
type FlatTranslations = Partial<Record<string, string>>;
const PREFIX = 'translations.';

/** `{ nl: { subject } }` → `{ 'translations.nl.subject': … }`: one merge field per text. */
export function flattenTranslations(map: TranslationMap): FlatTranslations {
  const flat: FlatTranslations = {};
  for (const [locale, fields] of Object.entries(map)) {
    for (const field of TRANSLATED_FIELDS) flat[`${PREFIX}${locale}.${field}`] = fields[field];
  }
  return flat;
}

/** Back from the flat form; a locale left with some of its fields gets the others empty. */
export function unflattenTranslations(flat: FlatTranslations): TranslationMap {
  const map: TranslationMap = {};
  for (const [key, value] of Object.entries(flat)) {
    if (value === undefined) continue;
    const rest = key.slice(PREFIX.length);
    const dot = rest.lastIndexOf('.');
    const locale = rest.slice(0, dot);
    const field = rest.slice(dot + 1);
    map[locale] ??= { subject: '', text: '', html: '' };
    Object.assign(map[locale], { [field]: value });
  }
  return map;
}

/** "Subject (Dutch)": a translation's field as dialogs name it. */
export function translationFieldLabel(key: string): string {
  const rest = key.slice(PREFIX.length);
  const dot = rest.lastIndexOf('.');
  const field = rest.slice(dot + 1);
  const label =
    field === 'subject' ? 'Subject' : field === 'text' ? 'Text version' : 'HTML version';
  return `${label} (${languageName(rest.slice(0, dot), displayLocale())})`;
}

function defaultsOf(values: NotificationFormValues): NotificationWritableFields {
  const { translations: _translations, ...own } = values;
  return own;
}

export const notificationConflictMerge: ConflictMerge<NotificationFormValues> = {
  conflicts: (base, theirs, yours) => [
    ...findConflicts(defaultsOf(base), defaultsOf(theirs), defaultsOf(yours), options).map(
      ({ field, theirs, yours }) => ({
        id: field,
        label: FIELD_LABELS[field],
        theirs: shownValue(theirs),
        yours: shownValue(yours),
        mono: field === 'subject' || field === 'text' || field === 'html',
      }),
    ),
    ...findConflicts(
      flattenTranslations(base.translations),
      flattenTranslations(theirs.translations),
      flattenTranslations(yours.translations),
    ).map(({ field, theirs, yours }) => ({
      id: field,
      label: translationFieldLabel(field),
      // A side that removed the translation has no text there.
      theirs: theirs ?? '(translation removed)',
      yours: yours ?? '(translation removed)',
      mono: true,
    })),
  ],
  // The dialog's field ids are the form's field names, so its choices apply as they are.
  merge: (base, theirs, yours, choices) => {
    const translationChoices: Record<string, ConflictChoice> = {};
    for (const [id, choice] of Object.entries(choices)) {
      if (id.startsWith(PREFIX)) translationChoices[id] = choice;
    }
    return {
      ...mergeThreeWay(defaultsOf(base), defaultsOf(theirs), defaultsOf(yours), choices, options),
      translations: unflattenTranslations(
        mergeThreeWay(
          flattenTranslations(base.translations),
          flattenTranslations(theirs.translations),
          flattenTranslations(yours.translations),
          translationChoices,
        ),
      ),
    };
  },
};
