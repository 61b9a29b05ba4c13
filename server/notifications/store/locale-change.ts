/**
 * What a change of a site's languages does to one notification (decision 045), as a pure
 * function over its content:
 *
 * - A new default that the notification has a translation in trades places with the top-level
 *   content: the translation becomes the default's subject, text and html, and the old default's
 *   content becomes the old default's translation, based on the new default (so not outdated).
 *   A notification without one keeps its content, which is now the new default's.
 * - Translations in a locale the site no longer has are removed (after the trade: removing the
 *   old default in the same change drops its content).
 *
 * Other translations keep their `based_on`: they were translated from the old default's text,
 * so once the default's content traded places they show as outdated, with what differs.
 */
import type { NotificationContent } from './notifications';

export interface SiteLanguages {
  default_locale: string;
  locales: readonly string[];
}

export function relocalize(
  content: NotificationContent,
  from: SiteLanguages,
  to: SiteLanguages,
): NotificationContent {
  let next: NotificationContent = { ...content, translations: { ...content.translations } };
  const promoted =
    to.default_locale === from.default_locale ? undefined : next.translations[to.default_locale];
  if (promoted) {
    const basis = { subject: promoted.subject, text: promoted.text, html: promoted.html };
    next = {
      ...next,
      ...basis,
      translations: {
        ...next.translations,
        [from.default_locale]: {
          subject: next.subject,
          text: next.text,
          html: next.html,
          based_on: basis,
        },
      },
    };
  }
  const kept = Object.entries(next.translations).filter(
    ([locale]) => to.locales.includes(locale) && locale !== to.default_locale,
  );
  return { ...next, translations: Object.fromEntries(kept) };
}
