import type { CheckTarget, ConsentCheckInput } from './consent-check-model';
import { REGEX_CHARACTERS, cookiePatternError, isRegexCookieName } from './consent-cookies';
import { languageGrid, type LanguageGrid } from './language-grid';
import { hasText } from './localized-text';

export type Severity = 'error' | 'warning';
export type CheckNumber = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;

const CHECK_TITLES: Record<CheckNumber, string> = {
  1: 'Purposes in use',
  2: 'Unique names',
  3: 'Required or opt-out',
  4: 'Opt-out defaults',
  5: 'Nothing pre-ticked',
  6: 'Cookie names and paths',
  7: 'Texts in every language',
  8: 'Privacy policy',
};

/** The check's name in plain words, shown beside its findings instead of its number. */
export function checkTitle(check: CheckNumber): string {
  return CHECK_TITLES[check];
}

export interface Finding {
  /** Stable and unique within one run. */
  id: string;
  severity: Severity;
  check: CheckNumber;
  target: CheckTarget;
  message: string;
  /** One line: why this matters. */
  why: string;
  /** Check 7: the languages the text is missing in. */
  missingLanguages?: readonly string[];
}

/** A DOM id for the element that shows a target, so the summary can link to it. */
export function targetAnchorId(target: CheckTarget): string {
  const slug = target.name
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '');
  // The hash keeps names that slug alike (`_ga.*` and `_ga_*`) apart.
  let hash = 0;
  for (const char of target.name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return `consent-${target.kind}-${slug || 'x'}-${hash.toString(36)}`;
}

type FindingDraft = Omit<Finding, 'id'>;

function checkPurposes(input: ConsentCheckInput): FindingDraft[] {
  const findings: FindingDraft[] = [];
  const purposeNames = new Set(input.purposes.map((purpose) => purpose.name));
  const used = new Set<string>();
  for (const app of input.applications) {
    if (app.purposes.length === 0) {
      findings.push({
        severity: 'warning',
        check: 1,
        target: { kind: 'application', name: app.name },
        message: `Application "${app.name}" has no purpose`,
        why: 'Visitors consent per purpose; an application without one is listed under none of them.',
      });
    }
    for (const purpose of app.purposes) {
      used.add(purpose);
      if (!purposeNames.has(purpose)) {
        findings.push({
          severity: 'error',
          check: 1,
          target: { kind: 'application', name: app.name },
          message: `Application "${app.name}" refers to purpose "${purpose}", which does not exist`,
          why: 'The banner cannot show or ask consent for a purpose it does not know.',
        });
      }
    }
  }
  for (const purpose of input.purposes) {
    if (!used.has(purpose.name)) {
      findings.push({
        severity: 'warning',
        check: 1,
        target: { kind: 'purpose', name: purpose.name },
        message: `No application uses purpose "${purpose.name}"`,
        why: 'Visitors are asked about a purpose that controls nothing.',
      });
    }
  }
  return findings;
}

function checkDuplicateApplications(input: ConsentCheckInput): FindingDraft[] {
  const counts = new Map<string, number>();
  for (const app of input.applications) counts.set(app.name, (counts.get(app.name) ?? 0) + 1);
  return [...counts]
    .filter(([, count]) => count > 1)
    .map(([name, count]) => ({
      severity: 'error' as const,
      check: 2 as const,
      target: { kind: 'application' as const, name },
      message: `${count} applications are named "${name}"`,
      why: 'Consent is stored by name, so one choice would silently switch both applications.',
    }));
}

function checkApplicationFlags(input: ConsentCheckInput): FindingDraft[] {
  const findings: FindingDraft[] = [];
  for (const app of input.applications) {
    const target = { kind: 'application' as const, name: app.name };
    if (app.required && app.opt_out) {
      findings.push({
        severity: 'warning',
        check: 3,
        target,
        message: `"${app.name}" is required and also opt-out`,
        why: 'A required application is always on anyway; opt-out changes nothing.',
      });
    }
    if (app.opt_out && !app.default) {
      findings.push({
        severity: 'error',
        check: 4,
        target,
        message: `"${app.name}" is opt-out but not on by default`,
        why: 'Opt-out loads an application before a choice only when it is on by default, so this setting has no effect.',
      });
    }
    if (!app.required && (app.default || app.opt_out)) {
      const flags = [app.default && 'on by default', app.opt_out && 'opt-out'].filter(Boolean);
      findings.push({
        severity: 'warning',
        check: 5,
        target,
        message: `"${app.name}" is not required but ${flags.join(' and ')}`,
        why: 'Pre-ticked consent is not valid consent under the GDPR (CJEU Planet49).',
      });
    }
  }
  return findings;
}

function checkCookies(input: ConsentCheckInput): FindingDraft[] {
  const findings: FindingDraft[] = [];
  const appNames = new Set(input.applications.map((app) => app.name));
  for (const cookie of input.cookies) {
    const target = { kind: 'cookie' as const, name: cookie.id };
    if (isRegexCookieName(cookie.name)) {
      const problem = cookiePatternError(cookie.name);
      if (problem !== null) {
        findings.push({
          severity: 'error',
          check: 6,
          target,
          message: `Cookie pattern "${cookie.name}" is not a valid regular expression`,
          why: `Names starting with ^ are regular expressions; this one fails to compile (${problem}), so the cookie is never removed.`,
        });
      }
    } else if (REGEX_CHARACTERS.test(cookie.name)) {
      findings.push({
        severity: 'warning',
        check: 6,
        target,
        message: `Cookie "${cookie.name}" looks like a pattern but has no leading ^`,
        why: `Without ^ the name is matched literally, so only a cookie named exactly "${cookie.name}" is removed.`,
      });
    }
    if (!appNames.has(cookie.application)) {
      findings.push({
        severity: 'error',
        check: 6,
        target,
        message: `Cookie "${cookie.name}" belongs to "${cookie.application}", which does not exist`,
        why: 'No consent choice controls this cookie, so it is never removed when consent is withdrawn.',
      });
    }
    // An empty path is "not set": browsers use the default path.
    if (cookie.path !== '' && !cookie.path.startsWith('/')) {
      findings.push({
        severity: 'error',
        check: 6,
        target,
        message: `Cookie "${cookie.name}" has path "${cookie.path}", which does not start with /`,
        why: 'Browsers ignore such a path, so deleting the cookie with it fails.',
      });
    }
  }
  return findings;
}

function checkLanguages(grid: LanguageGrid): FindingDraft[] {
  const findings: FindingDraft[] = [];
  for (const row of grid.rows) {
    // The privacy policy's gaps are check 8's error; counting them twice would inflate the summary.
    if (row.field === 'privacy_policy_url') continue;
    const missing = grid.languages.filter((language) => row.cells[language]?.hasText !== true);
    if (missing.length === 0) continue;
    const fallbacks = [
      ...new Set(missing.map((language) => row.cells[language]?.fallback ?? null)),
    ];
    const filled =
      fallbacks[0] === null
        ? 'nothing fills the gap'
        : `${fallbacks.filter((language) => language !== null).join(', ')} text is shown instead`;
    findings.push({
      severity: 'warning',
      check: 7,
      target: row.target,
      message: `${row.label} has no text in ${missing.join(', ')}`,
      why: `Visitors reading ${missing.join(', ')} see ${filled}.`,
      missingLanguages: missing,
    });
  }
  return findings;
}

function checkPrivacyPolicy(input: ConsentCheckInput, languages: string[]): FindingDraft[] {
  const target = { kind: 'privacy-policy' as const, name: 'privacy-policy' };
  const urlLanguages = Object.keys(input.privacy_policy_url).filter((language) =>
    hasText(input.privacy_policy_url, language),
  );
  const pageId = input.privacy_policy_page_id?.trim() ?? '';
  switch (input.privacy_policy_kind) {
    case 'url': {
      if (urlLanguages.length === 0) {
        return [
          {
            severity: 'error',
            check: 8,
            target,
            message: 'The privacy policy is a URL per language, but there is no URL',
            why: 'The consent notice has no privacy policy to link to.',
          },
        ];
      }
      const missing = languages.filter((language) => !urlLanguages.includes(language));
      if (missing.length === 0) return [];
      return [
        {
          severity: 'error',
          check: 8,
          target,
          message: `No privacy policy URL for ${missing.join(', ')}`,
          why: `Visitors reading ${missing.join(', ')} get a policy in another language; every language in use needs its own URL.`,
        },
      ];
    }
    case 'page':
      return pageId === ''
        ? [
            {
              severity: 'error',
              check: 8,
              target,
              message: 'The privacy policy is a page of the site, but no page id is set',
              why: 'The consent notice has no privacy policy to link to.',
            },
          ]
        : [];
    case 'none': {
      const leftovers = urlLanguages.length > 0 || pageId !== '';
      return [
        {
          severity: 'warning',
          check: 8,
          target,
          message: leftovers
            ? 'No privacy policy is linked, although URLs or a page id are filled in'
            : 'No privacy policy is linked',
          why: leftovers
            ? 'Kind "none" ignores those fields; visitors must be able to read what they consent to.'
            : 'Visitors must be able to read what they consent to (GDPR Art. 13).',
        },
      ];
    }
    default:
      return [
        {
          severity: 'error',
          check: 8,
          target,
          message: `Unknown privacy policy kind "${input.privacy_policy_kind}"`,
          why: 'Only url, page and none are understood, so no policy is linked.',
        },
      ];
  }
}

const SEVERITY_ORDER: Record<Severity, number> = { error: 0, warning: 1 };

/** Checks 1-8 of the consent configuration, errors first, then by check number. */
export function runConsentChecks(input: ConsentCheckInput): Finding[] {
  const grid = languageGrid(input);
  const drafts = [
    ...checkPurposes(input),
    ...checkDuplicateApplications(input),
    ...checkApplicationFlags(input),
    ...checkCookies(input),
    ...checkLanguages(grid),
    ...checkPrivacyPolicy(input, grid.languages),
  ];
  const used = new Map<string, number>();
  const findings = drafts.map((draft) => {
    const base = `c${draft.check}-${targetAnchorId(draft.target)}`;
    const count = used.get(base) ?? 0;
    used.set(base, count + 1);
    return { ...draft, id: count === 0 ? base : `${base}-${count}` };
  });
  return findings.sort(
    (a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] || a.check - b.check,
  );
}

/** Texts missing in one language, across every field (check 7): one summary line per language. */
export interface MissingTexts {
  language: string;
  count: number;
}

/**
 * The summary's shape: check 7's findings become one line per language (a new language would
 * otherwise add a line per field and push the form down); every other finding stays its own.
 */
export function summarizeFindings(findings: readonly Finding[]): {
  findings: Finding[];
  missingTexts: MissingTexts[];
} {
  const counts = new Map<string, number>();
  const rest: Finding[] = [];
  for (const finding of findings) {
    if (finding.missingLanguages === undefined) {
      rest.push(finding);
      continue;
    }
    for (const language of finding.missingLanguages) {
      counts.set(language, (counts.get(language) ?? 0) + 1);
    }
  }
  return {
    findings: rest,
    missingTexts: [...counts].map(([language, count]) => ({ language, count })),
  };
}

export function countBySeverity(findings: readonly Finding[]): Record<Severity, number> {
  return {
    error: findings.filter((finding) => finding.severity === 'error').length,
    warning: findings.filter((finding) => finding.severity === 'warning').length,
  };
}

export function findingsFor(findings: readonly Finding[], target: CheckTarget): Finding[] {
  return findings.filter(
    (finding) => finding.target.kind === target.kind && finding.target.name === target.name,
  );
}
