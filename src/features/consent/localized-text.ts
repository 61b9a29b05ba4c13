import type { LocalizedText } from '../../api/schemas/common';
import type { ConsentApplication, ConsentPurpose } from '../../api/wire/consent';

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

/** Localized text in `language`, else `en`, else the first language that has text. */
export function resolveLocalized(text: LocalizedText | undefined, language: string): ResolvedText {
  if (hasText(text, language)) {
    return { text: text![language]!, language, isFallback: false };
  }
  if (hasText(text, FALLBACK_LANGUAGE)) {
    return { text: text![FALLBACK_LANGUAGE]!, language: FALLBACK_LANGUAGE, isFallback: true };
  }
  const first = Object.keys(text ?? {}).find((candidate) => hasText(text, candidate));
  if (first === undefined) return { text: '', language: null, isFallback: false };
  return { text: text![first]!, language: first, isFallback: true };
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
  return sortLanguages(texts.flatMap((text) => Object.keys(text ?? {})));
}
