/**
 * `where` and `where_not` of the log queries (decision 055): repeatable `key:value` texts →
 * exact field conditions. Bounded (at most LOG_FIELD_CONDITIONS_MAX in all, a key of at most
 * LOG_FIELD_KEY_MAX characters, a value of at most LOG_FIELD_VALUE_MAX); anything else is a 400
 * naming the parameter.
 */
import {
  LOG_FIELD_CONDITIONS_MAX,
  LOG_FIELD_KEY_MAX,
  LOG_FIELD_VALUE_MAX,
  splitFieldCondition,
  type LogFieldCondition,
} from '../../../contract/schemas/log-field-condition';
import { badRequest } from '../../http/errors';

export type FieldParameter = 'where' | 'where_not';

const PARAMETERS: readonly FieldParameter[] = ['where', 'where_not'];

/** A parameter's texts: absent → none; given once → one; repeated → each. */
function textsOf(parameter: FieldParameter, value: unknown): string[] {
  if (value === undefined) return [];
  const values: unknown[] = Array.isArray(value) ? value : [value];
  return values.map((text) => {
    if (typeof text !== 'string') {
      throw badRequest(parameter, `"${parameter}" must be text`, { resource: 'log', value });
    }
    return text;
  });
}

function parseOne(parameter: FieldParameter, text: string): LogFieldCondition {
  const parts = splitFieldCondition(text);
  // PostgreSQL text cannot hold NUL, and no key or value the facets report has one.
  if (parts === null || text.includes('\u0000')) {
    throw badRequest(
      parameter,
      `"${parameter}" must be key:value (a top-level key of data, a colon, the value as text)`,
      { resource: 'log', value: text },
    );
  }
  if (parts.key.length > LOG_FIELD_KEY_MAX) {
    throw badRequest(
      parameter,
      `The key of "${parameter}" may be at most ${String(LOG_FIELD_KEY_MAX)} characters long`,
      { resource: 'log', code: 'too_long', value: text },
    );
  }
  if (parts.value.length > LOG_FIELD_VALUE_MAX) {
    throw badRequest(
      parameter,
      `The value of "${parameter}" may be at most ${String(LOG_FIELD_VALUE_MAX)} characters long`,
      { resource: 'log', code: 'too_long', value: parts.value.length },
    );
  }
  return { ...parts, exclude: parameter === 'where_not' };
}

/** The conditions of a raw query, `where` first; throws a 400 HttpError naming the parameter. */
export function parseFieldConditions(
  raw: Partial<Record<FieldParameter, unknown>>,
): LogFieldCondition[] {
  const conditions: LogFieldCondition[] = [];
  for (const parameter of PARAMETERS) {
    for (const text of textsOf(parameter, raw[parameter])) {
      // An empty parameter counts as absent, as every other parameter of the log query.
      if (text === '') continue;
      conditions.push(parseOne(parameter, text));
      if (conditions.length > LOG_FIELD_CONDITIONS_MAX) {
        throw badRequest(
          parameter,
          `"where" and "where_not" may give at most ${String(LOG_FIELD_CONDITIONS_MAX)} conditions in all`,
          { resource: 'log', code: 'too_many', value: conditions.length },
        );
      }
    }
  }
  return conditions;
}
