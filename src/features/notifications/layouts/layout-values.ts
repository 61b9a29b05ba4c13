// What the layout's editor edits (issue 38): the default's html and text and each site locale's
// own, as a form's values; the PUT body of what changed (translations partial, as the service
// merges them); and the `{{ content }}` rule checked before the review, on the field that breaks it.
import { contentPlaceholders } from '../../../../contract/render-document';
import type { Layout, LayoutUpdate } from '../../../../contract/schemas/layout';

export interface LayoutTexts {
  html: string;
  text: string;
}

export interface LayoutValues extends LayoutTexts {
  /** Each non-default locale that has its own texts. */
  translations: Record<string, LayoutTexts>;
}

export type LayoutField = keyof LayoutTexts;
export const LAYOUT_FIELDS: readonly LayoutField[] = ['html', 'text'];

export function layoutValuesOf(
  layout: Pick<Layout, 'html' | 'text' | 'translations'>,
): LayoutValues {
  return {
    html: layout.html,
    text: layout.text,
    translations: Object.fromEntries(
      Object.entries(layout.translations).map(([locale, { html, text }]) => [
        locale,
        { html, text },
      ]),
    ),
  };
}

/** The path of a field as the service names it in its errors: `html`, `translations.nl.html`. */
export function layoutFieldPath(locale: string | null, field: LayoutField): string {
  return locale === null ? field : `translations.${locale}.${field}`;
}

/** The texts a locale shows: its own, or (a missing translation) the default's. */
export function shownLayoutTexts(values: LayoutValues, locale: string | null): LayoutTexts {
  if (locale === null) return { html: values.html, text: values.text };
  return values.translations[locale] ?? { html: values.html, text: values.text };
}

/** `values` with one locale's field set (a missing translation starts from the default's). */
export function withLayoutText(
  values: LayoutValues,
  locale: string | null,
  field: LayoutField,
  value: string,
): LayoutValues {
  if (locale === null) return { ...values, [field]: value };
  const before = shownLayoutTexts(values, locale);
  return {
    ...values,
    translations: { ...values.translations, [locale]: { ...before, [field]: value } },
  };
}

/** The PUT body that turns `saved` into `values`: the changed fields, translations partial. */
export function layoutChanges(saved: LayoutValues, values: LayoutValues): LayoutUpdate {
  const update: LayoutUpdate = {};
  for (const field of LAYOUT_FIELDS) {
    if (values[field] !== saved[field]) update[field] = values[field];
  }
  const translations: NonNullable<LayoutUpdate['translations']> = {};
  for (const [locale, texts] of Object.entries(values.translations)) {
    const before = saved.translations[locale];
    const changed: Partial<LayoutTexts> = {};
    for (const field of LAYOUT_FIELDS) {
      if (!before || before[field] !== texts[field]) changed[field] = texts[field];
    }
    if (Object.keys(changed).length > 0) translations[locale] = changed;
  }
  for (const locale of Object.keys(saved.translations)) {
    if (!Object.hasOwn(values.translations, locale)) translations[locale] = null;
  }
  if (Object.keys(translations).length > 0) update.translations = translations;
  return update;
}

export function isLayoutChanged(saved: LayoutValues, values: LayoutValues): boolean {
  return Object.keys(layoutChanges(saved, values)).length > 0;
}

export const CONTENT_MISSING =
  'A layout needs one {{ content }}, where each e-mail goes: put it back before saving';

/**
 * The service's rule, said before the review: every html this save sends keeps its
 * `{{ content }}` (the Code view can delete it; the Visual one cannot). Errors by field path.
 */
export function contentErrors(saved: LayoutValues, values: LayoutValues): Record<string, string> {
  const errors: Record<string, string> = {};
  const sent = layoutChanges(saved, values);
  if (sent.html !== undefined && contentPlaceholders(sent.html).length === 0) {
    errors[layoutFieldPath(null, 'html')] = CONTENT_MISSING;
  }
  for (const [locale, change] of Object.entries(sent.translations ?? {})) {
    const html = change?.html;
    if (html !== undefined && contentPlaceholders(html).length === 0) {
      errors[layoutFieldPath(locale, 'html')] = CONTENT_MISSING;
    }
  }
  return errors;
}
