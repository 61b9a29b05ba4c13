import type { Diagnostic } from '@codemirror/lint';
import type { TemplateError } from './render-template';
import type { UnknownVariable } from './unknown-variables';

/** What the code editor underlines: the Liquid error, and each variable no sample knows. */
export function diagnosticsOf(
  error: TemplateError | undefined,
  unknown: readonly UnknownVariable[],
): Diagnostic[] {
  const diagnostics: Diagnostic[] = unknown.map(({ path, from, to }) => ({
    from,
    to,
    severity: 'warning',
    message: `Unknown variable ${path}: not in the variables list or the sample, so it prints as nothing.`,
    source: 'Variables',
  }));
  if (error) {
    diagnostics.push({
      from: error.from,
      to: Math.max(error.to, error.from + 1),
      severity: error.kind === 'syntax' ? 'error' : 'warning',
      message: error.message,
      source: 'Liquid',
    });
  }
  return diagnostics;
}
