// A language's name for people, shared by the Site settings page and the notification editor.

/** A tag's name in the admin's language ("Dutch" for nl); the tag itself when unknown. */
export function languageName(tag: string, displayLocale: string): string {
  try {
    return new Intl.DisplayNames([displayLocale], { type: 'language' }).of(tag) ?? tag;
  } catch {
    return tag;
  }
}

/** The language the dashboard names languages in: the browser's. */
export function displayLocale(): string {
  return typeof navigator === 'undefined' ? 'en' : navigator.language || 'en';
}
