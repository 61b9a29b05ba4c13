/**
 * The `translations` of `PUT /notifications/:slug` merged into the stored ones (issue 28,
 * decision 045). Partial: each named locale is changed field by field, or removed with null;
 * the others are left as they are. Every field saved in a translation sets its `based_on` to the
 * default's content as it is after the same PUT (so `outdated` turns false), and a new
 * translation's fields not sent start empty. Problems land on `translations.<locale>` (or
 * `translations.<locale>.<field>`): the default locale, a locale the site does not have, null
 * for a translation that does not exist, two keys naming one locale, an empty subject, Liquid
 * that does not parse.
 */
import { canonicalLocale } from '../../../contract/schemas/site-settings';
import type { TranslationsUpdate, TranslationUpdate } from '../../../contract/schemas/notification';
import type { ErrorDetail } from '../../../contract/schemas/error';
import { fieldError } from '../../http/errors';
import type { SiteLanguages } from '../store/locale-change';
import type { NotificationContent } from '../store/notifications';
import type { TranslationContent } from '../store/notification-translations';
import { sameJson } from '../../http/common';
import { liquidSyntaxProblems } from './notification-problems';

function problem(field: string, code: string, message: string, value: unknown): ErrorDetail {
  return fieldError({ resource: 'notification', field, code, message, value });
}

/**
 * A translation sent back as it was answered (a GET-modify-PUT round trip): the same texts and the
 * same `based_on`. Left as it is, so a round trip does not mark outdated translations current.
 */
function isEcho(change: TranslationUpdate, stored: TranslationContent): boolean {
  return (
    change.based_on !== undefined &&
    sameJson(change.based_on, stored.based_on) &&
    (change.subject ?? stored.subject) === stored.subject &&
    (change.text ?? stored.text) === stored.text &&
    (change.html ?? stored.html) === stored.html
  );
}

/** `next` is the notification's content with this PUT's default fields already merged. */
export function mergeTranslations(
  next: NotificationContent,
  sent: TranslationsUpdate,
  languages: SiteLanguages,
): { translations: Record<string, TranslationContent>; problems: ErrorDetail[] } {
  let translations = { ...next.translations };
  const problems: ErrorDetail[] = [];
  const basis = { subject: next.subject, text: next.text, html: next.html };
  const seen = new Set<string>();
  for (const [key, change] of Object.entries(sent)) {
    const field = `translations.${key}`;
    const locale = canonicalLocale(key) ?? key;
    if (seen.has(locale)) {
      problems.push(problem(field, 'duplicate', `${locale} is named twice`, key));
      continue;
    }
    seen.add(locale);
    if (locale === languages.default_locale) {
      problems.push(
        problem(
          field,
          'default_locale',
          `${locale} is the site's default language: change subject, text and html instead`,
          key,
        ),
      );
    } else if (!languages.locales.includes(locale)) {
      problems.push(
        problem(
          field,
          'unknown_locale',
          `${key} is not one of the site's languages (${languages.locales.join(', ')})`,
          key,
        ),
      );
    } else if (change === null) {
      if (translations[locale]) {
        const { [locale]: _removed, ...rest } = translations;
        translations = rest;
      } else problems.push(problem(field, 'not_found', `There is no ${locale} translation`, null));
    } else {
      const stored = translations[locale];
      if (stored && isEcho(change, stored)) continue;
      const before = stored ?? { subject: '', text: '', html: '' };
      const merged: TranslationContent = {
        subject: change.subject ?? before.subject,
        text: change.text ?? before.text,
        html: change.html ?? before.html,
        based_on: basis,
      };
      if (merged.subject.trim() === '') {
        problems.push(
          problem(`${field}.subject`, 'required', 'Subject is required', merged.subject),
        );
      }
      problems.push(...liquidSyntaxProblems(change, `${field}.`));
      translations[locale] = merged;
    }
  }
  return { translations, problems };
}
