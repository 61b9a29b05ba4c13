/** Liquid syntax problems of notification fields, shared by PUT, translations and test sends. */
import { checkLiquid, describeLiquidError } from '../../../contract/liquid-check';
import { LIQUID_FIELDS, type LiquidField } from '../../../contract/schemas/notification';
import type { ErrorDetail } from '../../../contract/schemas/error';
import { fieldError } from '../../http/errors';

/**
 * A 422 detail for each of the given Liquid fields that does not parse, with its position; the
 * field is named `prefix` + its name (`translations.nl.` for a translation's).
 */
export function liquidSyntaxProblems(
  sent: Partial<Record<LiquidField, string>>,
  prefix = '',
): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  for (const field of LIQUID_FIELDS) {
    const value = sent[field];
    if (value === undefined) continue;
    const error = checkLiquid(value);
    if (!error) continue;
    problems.push(
      fieldError({
        resource: 'notification',
        field: `${prefix}${field}`,
        code: 'liquid_syntax',
        message: describeLiquidError(error),
        value: { line: error.line, column: error.column, from: error.from, to: error.to },
      }),
    );
  }
  return problems;
}
