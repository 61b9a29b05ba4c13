// The translations half of the editor's form (issue 28, decision 046): the form holds the
// default's fields and a map locale → { subject, text, html }; this file says how that map is
// made from a notification, which part of it a PUT sends, and what state each locale is in.
import type {
  LiquidField,
  NotificationWritableFields,
  TranslationsUpdate,
} from '../../../../contract/schemas/notification';
import type { Notification } from '../../../../contract/wire/notification';
import type { FieldErrors } from 'react-hook-form';

/** One locale's texts as the form holds them. */
export type TranslationFields = Record<LiquidField, string>;
export type TranslationMap = Record<string, TranslationFields>;

/** The editor's values: the default's fields plus every translation the form holds. */
export type NotificationFormValues = NotificationWritableFields & { translations: TranslationMap };

export const TRANSLATED_FIELDS: readonly LiquidField[] = ['subject', 'text', 'html'];

/** The form's translations for a notification; none for a server that sends none. */
export function translationValues(notification: Notification): TranslationMap {
  const map: TranslationMap = {};
  for (const [locale, translation] of Object.entries(notification.translations ?? {})) {
    map[locale] = { subject: translation.subject, text: translation.text, html: translation.html };
  }
  return map;
}

/** The changed fields of one translation, in form order. */
export function changedTranslationFields(
  before: TranslationFields | undefined,
  after: TranslationFields | undefined,
): LiquidField[] {
  if (!after) return [];
  return TRANSLATED_FIELDS.filter((field) => before?.[field] !== after[field]);
}

/**
 * The partial `translations` of a PUT (decision 045): a removed locale is null, a new one sends
 * its three texts, a changed one only its changed fields; undefined when nothing changed.
 */
export function translationsUpdate(
  before: TranslationMap,
  after: TranslationMap,
): TranslationsUpdate | undefined {
  const update: TranslationsUpdate = {};
  for (const locale of Object.keys(before)) {
    if (!Object.hasOwn(after, locale)) update[locale] = null;
  }
  for (const [locale, fields] of Object.entries(after)) {
    const old = Object.hasOwn(before, locale) ? before[locale] : undefined;
    const changed = old ? changedTranslationFields(old, fields) : TRANSLATED_FIELDS;
    if (changed.length === 0) continue;
    update[locale] = Object.fromEntries(changed.map((field) => [field, fields[field]]));
  }
  return Object.keys(update).length > 0 ? update : undefined;
}

/** Locales whose translation the edits change (added, edited or removed), in `locales` order. */
export function editedLocales(
  before: TranslationMap,
  after: TranslationMap,
  locales: readonly string[],
): string[] {
  const update = translationsUpdate(before, after) ?? {};
  return locales.filter((locale) => Object.hasOwn(update, locale));
}

export type LocaleStatus = 'default' | 'translated' | 'missing' | 'outdated';

export interface LocaleState {
  locale: string;
  status: LocaleStatus;
  /** It has unsaved changes. */
  edited: boolean;
}

/**
 * Each locale of the site, the default first, with its state: missing when the form holds no
 * translation for it; outdated when the server says so and the edits have not touched it (saving
 * any field of a translation bases it on the default again, decision 045).
 */
export function localeStates(options: {
  defaultLocale: string;
  locales: readonly string[];
  notification: Notification;
  saved: NotificationFormValues;
  values: NotificationFormValues;
}): LocaleState[] {
  const { defaultLocale, locales, notification, saved, values } = options;
  const edited = new Set(editedLocales(saved.translations, values.translations, locales));
  const defaultEdited =
    saved.subject !== values.subject || saved.text !== values.text || saved.html !== values.html;
  const others = locales.filter((locale) => locale !== defaultLocale);
  return [
    { locale: defaultLocale, status: 'default', edited: defaultEdited },
    ...others.map((locale): LocaleState => {
      const has = Object.hasOwn(values.translations, locale);
      const outdated =
        notification.translations?.[locale]?.outdated === true &&
        Object.hasOwn(saved.translations, locale) &&
        !edited.has(locale);
      return {
        locale,
        status: !has ? 'missing' : outdated ? 'outdated' : 'translated',
        edited: edited.has(locale),
      };
    }),
  ];
}

/** The form path of a Liquid field in a locale (null: the default). */
export type LocaleFieldPath<F extends LiquidField> = F | `translations.${string}.${F}`;

export function localeFieldPath<F extends LiquidField>(
  locale: string | null,
  field: F,
): LocaleFieldPath<F> {
  return locale === null ? field : `translations.${locale}.${field}`;
}

/** The texts shown for a locale (null: the default's), empty while it has none. */
export function shownTexts(
  values: NotificationFormValues,
  locale: string | null,
): TranslationFields {
  if (locale === null) return { subject: values.subject, text: values.text, html: values.html };
  const translation = Object.hasOwn(values.translations, locale)
    ? values.translations[locale]
    : undefined;
  return translation ?? { subject: '', text: '', html: '' };
}

/** A saved notification's translations as the list shows them: each non-default locale's state. */
export function savedLocaleStates(
  notification: Notification,
  defaultLocale: string,
  locales: readonly string[],
): { locale: string; status: Exclude<LocaleStatus, 'default'> }[] {
  const translations = notification.translations ?? {};
  return locales
    .filter((locale) => locale !== defaultLocale)
    .map((locale) => {
      const translation = Object.hasOwn(translations, locale) ? translations[locale] : undefined;
      return {
        locale,
        status: !translation
          ? 'missing'
          : translation.outdated === true
            ? 'outdated'
            : 'translated',
      };
    });
}

/** Locales whose fields carry an error (the default's under its own tag). */
export function localesWithErrors(
  errors: FieldErrors<NotificationFormValues>,
  defaultLocale: string,
  /** The shown locale (null: the default) when its Liquid does not parse. */
  brokenLiquid: string | null | undefined,
): Set<string> {
  const marked = new Set(Object.keys(errors.translations ?? {}));
  if (errors.subject || errors.text || errors.html) marked.add(defaultLocale);
  if (brokenLiquid !== undefined) marked.add(brokenLiquid ?? defaultLocale);
  return marked;
}
