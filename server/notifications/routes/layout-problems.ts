/**
 * The rules of layouts and snippets that their schemas cannot see (issue 38, decision 062): a
 * layout's html holds exactly one `{{ content }}` and its text at most one; every field parses as
 * Liquid; a snippet may not render itself through others; translations name the site's other
 * languages only (merged as notifications' are, field by field, null removing one).
 */
import { checkLiquid, describeLiquidError } from '../../../contract/liquid-check';
import { contentPlaceholders, snippetCycle } from '../../../contract/render-document';
import { canonicalLocale } from '../../../contract/schemas/site-settings';
import type { ErrorDetail } from '../../../contract/schemas/error';
import { fieldError } from '../../http/errors';
import type { SiteLanguages } from '../store/locale-change';

type Resource = 'layout' | 'snippet';

function problem(
  resource: Resource,
  field: string,
  code: string,
  message: string,
  value: unknown,
): ErrorDetail {
  return fieldError({ resource, field, code, message, value });
}

/** A 422 detail when the Liquid of `field` does not parse, with its position. */
export function liquidProblem(resource: Resource, field: string, source: string): ErrorDetail[] {
  const error = checkLiquid(source);
  if (!error) return [];
  return [
    problem(resource, field, 'liquid_syntax', describeLiquidError(error), {
      line: error.line,
      column: error.column,
      from: error.from,
      to: error.to,
    }),
  ];
}

/**
 * `{{ content }}` of a layout's field: html needs exactly one, text at most one. The detail's
 * value holds the line (the second one's when there are two).
 */
export function contentProblems(
  field: string,
  kind: 'html' | 'text',
  source: string,
): ErrorDetail[] {
  const places = contentPlaceholders(source);
  if (kind === 'html' && places.length === 0) {
    return [
      problem(
        'layout',
        field,
        'content_missing',
        'A layout needs one {{ content }}, where the e-mail goes',
        {
          line: source.split('\n').length,
        },
      ),
    ];
  }
  const second = places[1];
  if (second) {
    return [
      problem(
        'layout',
        field,
        'content_twice',
        `A layout has one {{ content }}; this one has ${places.length} (the second on line ${second.line})`,
        { line: second.line, column: second.column, from: second.from, to: second.to },
      ),
    ];
  }
  return [];
}

/** The html and text problems of a layout's field set (the default's, or a translation's). */
export function layoutFieldProblems(
  prefix: string,
  fields: { html?: string | undefined; text?: string | undefined },
): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  for (const kind of ['html', 'text'] as const) {
    const source = fields[kind];
    if (source === undefined) continue;
    const syntax = liquidProblem('layout', `${prefix}${kind}`, source);
    problems.push(
      ...(syntax.length > 0 ? syntax : contentProblems(`${prefix}${kind}`, kind, source)),
    );
  }
  return problems;
}

/** A snippet's body that would render itself, through others or not: its path. */
export function cycleProblem(
  field: string,
  name: string,
  bodies: Record<string, string>,
): ErrorDetail[] {
  const cycle = snippetCycle(`{% render '${name}' %}`, bodies);
  if (!cycle) return [];
  return [
    problem(
      'snippet',
      field,
      'snippet_cycle',
      `Snippets would render each other in a circle: ${cycle.join(' → ')}`,
      cycle,
    ),
  ];
}

/**
 * Translations sent in a PUT merged into the stored ones: each named locale changed field by field
 * (a new one starts from the default's fields), or removed with null. Problems land on
 * `translations.<locale>`: the default locale, a locale the site lacks, two keys for one locale,
 * null for one that does not exist.
 */
export function mergeAssetTranslations<T extends Record<string, string>>(
  resource: Resource,
  stored: Record<string, T>,
  sent: Record<string, Partial<T> | null>,
  defaults: T,
  languages: SiteLanguages,
): {
  translations: Record<string, T>;
  problems: ErrorDetail[];
  changed: Record<string, Partial<T>>;
} {
  let translations = { ...stored };
  const problems: ErrorDetail[] = [];
  const changed: Record<string, Partial<T>> = {};
  const seen = new Set<string>();
  for (const [key, change] of Object.entries(sent)) {
    const field = `translations.${key}`;
    const locale = canonicalLocale(key) ?? key;
    if (seen.has(locale)) {
      problems.push(problem(resource, field, 'duplicate', `${locale} is named twice`, key));
      continue;
    }
    seen.add(locale);
    if (locale === languages.default_locale) {
      problems.push(
        problem(
          resource,
          field,
          'default_locale',
          `${locale} is the site's default language: change the fields themselves`,
          key,
        ),
      );
    } else if (!languages.locales.includes(locale)) {
      problems.push(
        problem(
          resource,
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
      } else
        problems.push(
          problem(resource, field, 'not_found', `There is no ${locale} translation`, null),
        );
    } else {
      const before = translations[locale] ?? defaults;
      const next = { ...before };
      const own: Partial<T> = {};
      for (const name of Object.keys(defaults) as (keyof T)[]) {
        const value = change[name];
        if (value !== undefined) {
          next[name] = value;
          own[name] = value;
        }
      }
      changed[locale] = own;
      translations[locale] = next;
    }
  }
  return { translations, problems, changed };
}
