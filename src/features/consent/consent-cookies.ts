// Cookie names as the checks and the export read them: which cookies a configuration has (its
// own plus those only an application lists), and whether a name is a `^` pattern that compiles.
import type { ConsentApplication, ConsentCookie } from '../../../contract/wire/consent';
import type { CheckedCookie } from './consent-check-model';

const str = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * The configuration's cookies plus any that only an application lists (those belong to that
 * application), without duplicates by id.
 */
export function collectCookies(
  cookies: readonly ConsentCookie[],
  applications: readonly ConsentApplication[],
): CheckedCookie[] {
  const result: CheckedCookie[] = cookies.map(({ id, name, path, domain, application }) => ({
    id,
    name,
    path,
    domain,
    application,
  }));
  const seen = new Set(result.map((cookie) => cookie.id));
  for (const app of applications) {
    app.cookies.forEach((raw, index) => {
      const id = str(raw.id) || `${app.name}#${index}`;
      if (seen.has(id) || str(raw.name) === '') return;
      seen.add(id);
      result.push({
        id,
        name: str(raw.name),
        path: str(raw.path),
        domain: str(raw.domain),
        application: str(raw.application) || app.name,
      });
    });
  }
  return result;
}

/** Characters that make a pattern of a name; a name with them but no leading `^` is literal. */
export const REGEX_CHARACTERS = /[*+?()[\]{}|\\$^]/;

export function isRegexCookieName(name: string): boolean {
  return name.startsWith('^');
}

/** The compile error of a `^` pattern, or null when it compiles. */
export function cookiePatternError(name: string): string | null {
  try {
    new RegExp(name);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
