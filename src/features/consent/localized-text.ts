import type { LocalizedText } from '../../../contract/schemas/common';
import type { ConsentApplication, ConsentPurpose } from '../../../contract/wire/consent';

/** The language consent tools fall back to when the chosen one has no text. */
export const FALLBACK_LANGUAGE = 'en';

export interface ResolvedText {
  /** The text to show; empty when no language has any. */
  text: string;
  /** The language the text came from; null when there is none. */
  language: string | null;
  /** True when the text is not in the chosen language. */
  isFallback: boolean;
}

/** Blank strings count as missing: a consent banner would show nothing. */
export function hasText(text: LocalizedText | undefined, language: string): boolean {
  return (text?.[language] ?? '').trim() !== '';
}

/** The text in `language` if it is not blank. */
export function textIn(text: LocalizedText | undefined, language: string): string | undefined {
  const value = text?.[language];
  return value !== undefined && value.trim() !== '' ? value : undefined;
}

/** Localized text in `language`, else `en`, else the first language that has text. */
export function resolveLocalized(text: LocalizedText | undefined, language: string): ResolvedText {
  const own = textIn(text, language);
  if (own !== undefined) return { text: own, language, isFallback: false };
  const fallback = textIn(text, FALLBACK_LANGUAGE);
  if (fallback !== undefined) {
    return { text: fallback, language: FALLBACK_LANGUAGE, isFallback: true };
  }
  for (const candidate of Object.keys(text ?? {})) {
    const found = textIn(text, candidate);
    if (found !== undefined) return { text: found, language: candidate, isFallback: true };
  }
  return { text: '', language: null, isFallback: false };
}

/** `en` first (the fallback), then alphabetical; duplicates removed. */
export function sortLanguages(languages: Iterable<string>): string[] {
  return [...new Set(languages)].sort((a, b) => {
    if (a === b) return 0;
    if (a === FALLBACK_LANGUAGE) return -1;
    if (b === FALLBACK_LANGUAGE) return 1;
    return a.localeCompare(b);
  });
}

export interface LocalizedSources {
  privacy_policy_url: LocalizedText;
  purposes: readonly Pick<ConsentPurpose, 'description'>[];
  applications: readonly Pick<
    ConsentApplication,
    'title' | 'description' | 'placeholder_message' | 'placeholder_action'
  >[];
}

/** Every language any localized text of the configuration has a key for. */
export function languagesInUse(sources: LocalizedSources): string[] {
  const texts: LocalizedText[] = [sources.privacy_policy_url];
  for (const purpose of sources.purposes) texts.push(purpose.description);
  for (const app of sources.applications) {
    texts.push(app.title, app.description, app.placeholder_message, app.placeholder_action);
  }
  return sortLanguages(texts.flatMap((text) => Object.keys(text)));
}
