// What the Checks panel shows of a check result (issue 39), as plain functions: names, counts,
// filters, the locales × checks matrix and where a finding is in the template. A check this
// dashboard does not know (a newer service's) shows with a name made from its id.
import type { CheckFindingWire, WireSeverity } from '../../../../contract/wire/notification-checks';

export type Finding = CheckFindingWire;
export type Severity = WireSeverity;
export const SEVERITY_ORDER: readonly Severity[] = ['error', 'warning', 'info'];

const CHECK_LABELS: Record<string, string> = {
  link_empty: 'Empty link',
  link_unsafe: 'Unsafe link',
  link_insecure: 'Link over http:',
  link_renders_empty: 'Link renders empty',
  mailto_without_address: 'mailto: without an address',
  link_differs_between_locales: 'Link differs between languages',
  image_without_alt: 'Image without alt',
  image_insecure: 'Image over http:',
  image_without_width: 'Image without width',
  unknown_variable: 'Unknown variable',
  liquid_error: 'Liquid error',
  gmail_clipping: 'Clipped by Gmail',
  text_missing: 'No text version',
  subject_empty: 'Empty subject',
  subject_too_long: 'Subject too long',
  preheader_missing: 'No preheader',
  colour_without_background: 'Invisible in dark mode',
  spam_score: 'Spam score',
  client_support: 'Client support',
};

/** A person's name for a check: ours, or its id made readable ("text_older_than_html" → "Text older than html"). */
export function checkLabel(check: string): string {
  const known = CHECK_LABELS[check];
  if (known) return known;
  const words = check.replace(/[_-]+/g, ' ').trim();
  return words === '' ? 'Other' : words.charAt(0).toUpperCase() + words.slice(1);
}

export type Counts = Record<Severity, number>;

export function countBySeverity(findings: readonly Finding[]): Counts {
  const counts: Counts = { error: 0, warning: 0, info: 0 };
  for (const finding of findings) counts[finding.severity] += 1;
  return counts;
}

export interface FindingFilter {
  /** null: every locale. */
  locale: string | null;
  /** null: every client. A finding that names no client concerns all of them. */
  client: string | null;
}

export function filterFindings(findings: readonly Finding[], filter: FindingFilter): Finding[] {
  return findings.filter(
    (finding) =>
      (filter.locale === null || finding.locale === filter.locale) &&
      (filter.client === null ||
        finding.clients.length === 0 ||
        finding.clients.includes(filter.client)),
  );
}

/** Every client any finding names, sorted. */
export function clientsOf(findings: readonly Finding[]): string[] {
  return [...new Set(findings.flatMap((finding) => finding.clients))].sort((a, b) =>
    a.localeCompare(b),
  );
}

/** The findings by severity, errors first; within one, by locale, field and line. */
export function groupBySeverity(
  findings: readonly Finding[],
): Array<{ severity: Severity; findings: Finding[] }> {
  return SEVERITY_ORDER.map((severity) => ({
    severity,
    findings: findings
      .filter((finding) => finding.severity === severity)
      .sort(
        (a, b) =>
          (a.locale ?? '').localeCompare(b.locale ?? '') ||
          (a.field ?? '').localeCompare(b.field ?? '') ||
          (a.line ?? 0) - (b.line ?? 0) ||
          (a.column ?? 0) - (b.column ?? 0),
      ),
  })).filter((group) => group.findings.length > 0);
}

export interface MatrixCell {
  count: number;
  /** The worst severity among the cell's findings; null when it has none. */
  worst: Severity | null;
}

export interface Matrix {
  locales: string[];
  checks: string[];
  cell: (locale: string, check: string) => MatrixCell;
}

/**
 * Locales × checks for the whole template: every check the service runs (and any a finding
 * names beside them), each locale checked, with the count and the worst severity in each cell.
 */
export function checksMatrix(
  locales: readonly string[],
  checks: readonly string[],
  findings: readonly Finding[],
): Matrix {
  const allChecks = [...new Set([...checks, ...findings.map((finding) => finding.check)])];
  const allLocales = [
    ...new Set([...locales, ...findings.flatMap((finding) => finding.locale ?? [])]),
  ];
  const cells = new Map<string, MatrixCell>();
  for (const finding of findings) {
    const key = `${finding.locale ?? ''}\u0000${finding.check}`;
    const cell = cells.get(key) ?? { count: 0, worst: null };
    cell.count += 1;
    if (
      cell.worst === null ||
      SEVERITY_ORDER.indexOf(finding.severity) < SEVERITY_ORDER.indexOf(cell.worst)
    ) {
      cell.worst = finding.severity;
    }
    cells.set(key, cell);
  }
  return {
    locales: allLocales,
    checks: allChecks,
    cell: (locale, check) => cells.get(`${locale}\u0000${check}`) ?? { count: 0, worst: null },
  };
}

/** What the line before a save or a test send says; null when the checks found nothing to say. */
export function warningLine(counts: Counts): string | null {
  const parts: string[] = [];
  if (counts.error > 0)
    parts.push(`${String(counts.error)} ${counts.error === 1 ? 'error' : 'errors'}`);
  if (counts.warning > 0) {
    parts.push(`${String(counts.warning)} ${counts.warning === 1 ? 'warning' : 'warnings'}`);
  }
  return parts.length === 0 ? null : `The checks found ${parts.join(' and ')}: see Checks.`;
}
