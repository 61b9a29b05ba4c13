/**
 * Liquid checks of one field in one locale (issue 39): variables no sample defines, and the
 * errors liquidjs gives when it renders (a snippet or layout that is missing among them).
 */
import { formatPath, hasPath } from '../../../contract/sample-path';
import type { CheckFinding } from '../../../contract/schemas/notification-checks';
import { liquidReferences, type LiquidReference } from './template-inspection.js';

type Finding = Omit<CheckFinding, 'locale' | 'field'>;

/**
 * References to outside variables that none of `samples` defines. Loop variables, `assign` and
 * `capture` are the template's own (liquidjs calls them locals). A source that does not parse
 * reports nothing here: its error is a `liquid_error`.
 */
export function unknownVariableFindings(
  source: string,
  samples: readonly { name: string; data: unknown }[],
): Finding[] {
  if (samples.length === 0) return [];
  return unknownReferenceFindings(liquidReferences(source), samples);
}

/** The same, from the references the render worker read (template-inspection.js). */
export function unknownReferenceFindings(
  references: readonly LiquidReference[] | null,
  samples: readonly { name: string; data: unknown }[],
): Finding[] {
  if (samples.length === 0 || references === null) return [];
  const findings: Finding[] = [];
  for (const reference of references) {
    const { segments } = reference;
    if (samples.some((sample) => hasPath(sample.data, segments))) continue;
    findings.push({
      check: 'unknown_variable',
      severity: 'warning',
      line: reference.line,
      column: reference.column,
      message: `${formatPath(segments)} is in no sample: it prints nothing`,
    });
  }
  return findings.sort((a, b) => a.line - b.line || a.column - b.column);
}

/** A liquidjs message (`… , line:3, col:5`) as a finding on its line. */
export function liquidErrorFinding(message: string, line?: number, column?: number): Finding {
  const place = /line:(\d+), col:(\d+)/.exec(message);
  return {
    check: 'liquid_error',
    severity: 'error',
    line: line ?? Number(place?.[1] ?? 1),
    column: column ?? Number(place?.[2] ?? 1),
    message: message.replace(/,? line:\d+, col:\d+.*$/s, ''),
  };
}
