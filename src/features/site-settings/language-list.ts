// The pure half of the Site settings page: language names, the searchable list of tags to add,
// moving a language, and which templates lose a translation when a language goes.
import { canonicalLocale } from '../../../contract/schemas/site-settings';
import { languageName } from '../../lib/language-name';

/** Common BCP 47 tags offered when adding a language; any other valid tag can be typed. */
export const COMMON_LANGUAGE_TAGS: readonly string[] = [
  'ar',
  'bg',
  'ca',
  'cs',
  'da',
  'de',
  'de-AT',
  'de-CH',
  'el',
  'en',
  'en-AU',
  'en-CA',
  'en-GB',
  'en-US',
  'es',
  'es-419',
  'es-MX',
  'et',
  'eu',
  'fa',
  'fi',
  'fr',
  'fr-BE',
  'fr-CA',
  'fr-CH',
  'ga',
  'gl',
  'he',
  'hi',
  'hr',
  'hu',
  'id',
  'is',
  'it',
  'ja',
  'ko',
  'lt',
  'lv',
  'ms',
  'mt',
  'nb',
  'nl',
  'nl-BE',
  'nn',
  'pl',
  'pt',
  'pt-BR',
  'pt-PT',
  'ro',
  'ru',
  'sk',
  'sl',
  'sr',
  'sv',
  'th',
  'tr',
  'uk',
  'vi',
  'zh-Hans',
  'zh-Hant',
];

// Moved to lib: the notification editor names languages too (decision 046).
export { languageName };

/**
 * A typed language tag in canonical form, or undefined. Stricter than BCP 47 on purpose: a
 * primary subtag of 5–8 letters is well-formed but reserved and names no language, and accepting
 * it would turn a typed name ("french") into a tag of its own.
 */
function typedTag(text: string): string | undefined {
  const tag = canonicalLocale(text.trim());
  return tag !== undefined && /^[a-z]{2,3}(-|$)/.test(tag) ? tag : undefined;
}

export interface LanguageOption {
  tag: string;
  name: string | null;
}

/**
 * The tags to offer for `query`: common tags whose name or tag contains it, minus those already
 * on the site, and first the typed text itself when it is a valid tag not in the list. At most
 * `limit`, names in the admin's language, sorted by name.
 */
export function searchLanguages(
  query: string,
  existing: readonly string[],
  displayLocale: string,
  limit = 8,
): LanguageOption[] {
  const taken = new Set(existing.map((tag) => tag.toLowerCase()));
  const needle = query.trim().toLowerCase();
  const matches = COMMON_LANGUAGE_TAGS.filter((tag) => !taken.has(tag.toLowerCase()))
    .map((tag) => ({ tag, name: languageName(tag, displayLocale) }))
    .filter(
      ({ tag, name }) =>
        needle === '' || tag.toLowerCase().includes(needle) || name.toLowerCase().includes(needle),
    )
    .sort((a, b) => a.name.localeCompare(b.name, displayLocale));
  const typed = typedTag(query);
  const typedOption =
    typed !== undefined &&
    !taken.has(typed.toLowerCase()) &&
    !matches.some((option) => option.tag.toLowerCase() === typed.toLowerCase())
      ? [{ tag: typed, name: languageName(typed, displayLocale) }]
      : [];
  return [...typedOption, ...matches].slice(0, limit);
}

/** What typing `text` and pressing Add means: a canonical tag, or why it cannot be added. */
export function parseTypedLanguage(
  text: string,
  existing: readonly string[],
): { tag: string } | { error: string } {
  const tag = typedTag(text);
  if (tag === undefined) {
    return { error: `"${text.trim()}" is not a language tag (such as en, nl or pt-BR)` };
  }
  if (existing.some((other) => other.toLowerCase() === tag.toLowerCase())) {
    return { error: `${tag} is already a language of the site` };
  }
  return { tag };
}

/** The list with the item at `index` moved by `delta` places; unchanged at the ends. */
export function moveItem<T>(items: readonly T[], index: number, delta: -1 | 1): T[] {
  const target = index + delta;
  if (index < 0 || index >= items.length || target < 0 || target >= items.length) {
    return [...items];
  }
  const next = [...items];
  const [item] = next.splice(index, 1) as [T];
  next.splice(target, 0, item);
  return next;
}

interface TranslatedTemplate {
  name: string | null;
  slug: string | null;
  translations?: Readonly<Record<string, unknown>> | null;
}

/** The names of the templates that have a translation in `locale` (and would lose it). */
export function templatesTranslatedInto(
  templates: readonly TranslatedTemplate[],
  locale: string,
): string[] {
  return templates
    .filter((template) => template.translations?.[locale] !== undefined)
    .map((template) => template.name || template.slug || '(unnamed)');
}
