/**
 * The SQL of an exact field condition (`where` / `where_not`, decision 055) on `app_logs.data`,
 * on each engine, following `matchesFieldCondition` (contract/schemas/log-field-condition.ts),
 * the rule the in-memory matcher of waiting tails applies: the top-level key's value, read as
 * the facets route writes it, equals the condition's text.
 *
 * Rather than turning each row's value into text (where the engines disagree with JavaScript on
 * numbers: SQLite writes 1e21 as `1.0e+21`, PostgreSQL as `1000000000000000000000`), the text is
 * turned into the JSON values it is the text of (a string always; a number when JSON writes that
 * number so; `true`, `false`, `null`), and the row's value is compared with those by type.
 */
import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { LogFieldCondition } from '../../../contract/schemas/log-field-condition';
import { engineOf } from '../../database/engine';
import type { Database } from '../../database/schema';

/** The JSON values whose condition text is `value`. */
export interface ConditionValues {
  text: string;
  /** The number JSON writes as `value` exactly, if there is one. */
  number?: number;
  /** `true`, `false` or `null` when `value` is that word. */
  literal?: 'true' | 'false' | 'null';
}

export function conditionValues(value: string): ConditionValues {
  const values: ConditionValues = { text: value };
  const number = Number(value);
  if (value.trim() !== '' && Number.isFinite(number) && JSON.stringify(number) === value) {
    values.number = number;
  }
  if (value === 'true' || value === 'false' || value === 'null') values.literal = value;
  return values;
}

/** SQLite: a `json_each` row of the top-level key, whose type and atom equal one of the values. */
function sqliteMatch(condition: LogFieldCondition): RawBuilder<SqlBool> {
  const { text, number, literal } = conditionValues(condition.value);
  const alternatives = [sql`(f.type = 'text' and f.atom = ${text})`];
  if (number !== undefined) {
    alternatives.push(sql`(f.type in ('integer', 'real') and f.atom = ${number})`);
  }
  if (literal !== undefined) alternatives.push(sql`f.type = ${literal}`);
  // json_each reads any key exactly (a JSON path would need its quotes escaped); on data that is
  // not an object its keys are null or numbers, never equal to a text key.
  return sql<SqlBool>`exists (select 1 from json_each("app_logs"."data") as f where f.key = ${condition.key} and (${sql.join(alternatives, sql` or `)}))`;
}

/** PostgreSQL: the key's jsonb value (null when absent or not an object) is one of the values. */
function postgresMatch(condition: LogFieldCondition): RawBuilder<SqlBool> {
  const { text, number, literal } = conditionValues(condition.value);
  const values = [sql`to_jsonb(${text}::text)`];
  // jsonb compares numbers as numbers: 500 and 500.0 are equal, as they are in JavaScript.
  if (number !== undefined) values.push(sql`${JSON.stringify(number)}::jsonb`);
  if (literal !== undefined) values.push(sql`${literal}::jsonb`);
  return sql<SqlBool>`coalesce((("app_logs"."data"::jsonb) -> ${condition.key}) in (${sql.join(values)}), false)`;
}

/** The condition as a WHERE term: true or false for every row, never null. */
export function fieldConditionSql(
  db: Kysely<Database>,
  condition: LogFieldCondition,
): Expression<SqlBool> {
  const match = engineOf(db) === 'sqlite' ? sqliteMatch(condition) : postgresMatch(condition);
  return condition.exclude ? sql<SqlBool>`not ${match}` : match;
}
