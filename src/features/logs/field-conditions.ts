/**
 * The Logs page's exact field conditions (issue 30, decision 055): `where` (keep) and `where_not`
 * (filter out) in the address, each a list of `key:value` texts as the service reads them
 * (read from the URL by search-params.ts).
 */
import {
  fieldConditionText,
  isConditionKey,
  LOG_FIELD_CONDITIONS_MAX,
  LOG_FIELD_VALUE_MAX,
  splitFieldCondition,
  type LogFieldCondition,
} from '../../../contract/schemas/log-field-condition';

export interface FieldConditionSearch {
  where?: string[] | undefined;
  where_not?: string[] | undefined;
}

/** A search patch that sets both lists (undefined: the list leaves the address). */
export interface FieldConditionPatch {
  where: string[] | undefined;
  where_not: string[] | undefined;
}

/** The conditions of the address, kept ones first. */
export function fieldConditionsOf(search: FieldConditionSearch): LogFieldCondition[] {
  const read = (texts: readonly string[] | undefined, exclude: boolean) =>
    (texts ?? []).flatMap((text) => {
      const parts = splitFieldCondition(text);
      return parts ? [{ ...parts, exclude }] : [];
    });
  return [...read(search.where, false), ...read(search.where_not, true)];
}

/** The address's two lists for `conditions` (undefined for an empty one, so it leaves the URL). */
export function fieldConditionSearch(
  conditions: readonly LogFieldCondition[],
): FieldConditionPatch {
  const list = (exclude: boolean) => {
    const texts = conditions.filter((c) => c.exclude === exclude).map(fieldConditionText);
    return texts.length > 0 ? texts : undefined;
  };
  return { where: list(false), where_not: list(true) };
}

const sameCondition = (a: LogFieldCondition, b: LogFieldCondition) =>
  a.key === b.key && a.value === b.value;

/**
 * The search with `condition` added. A condition on the same key and value replaces the other
 * ("filter out" after "filter by" flips it); past the service's bound the oldest goes.
 */
export function withFieldCondition(
  search: FieldConditionSearch,
  condition: LogFieldCondition,
): FieldConditionPatch {
  const others = fieldConditionsOf(search).filter((c) => !sameCondition(c, condition));
  return fieldConditionSearch([...others, condition].slice(-LOG_FIELD_CONDITIONS_MAX));
}

/** The search without `condition`. */
export function withoutFieldCondition(
  search: FieldConditionSearch,
  condition: LogFieldCondition,
): FieldConditionPatch {
  return fieldConditionSearch(
    fieldConditionsOf(search).filter(
      (c) => !(sameCondition(c, condition) && c.exclude === condition.exclude),
    ),
  );
}

/** "status = 500" / "status ≠ 500": a chip's text. */
export function fieldConditionLabel(condition: LogFieldCondition): string {
  return `${condition.key} ${condition.exclude ? '≠' : '='} ${condition.value}`;
}

/**
 * True when a facet's value can become a condition: a top-level field (the facets take dots as
 * nested paths, conditions only look at the top level) and a whole value (the facets shorten
 * long ones with "…", and the shortened text equals no entry's value).
 */
export function canFilterOnFacet(field: string, value: string, shortenedAt: number): boolean {
  if (field.includes('.') || !isConditionKey(field)) return false;
  if (value.length > LOG_FIELD_VALUE_MAX) return false;
  return !(value.length === shortenedAt + 1 && value.endsWith('…'));
}
