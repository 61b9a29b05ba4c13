/**
 * Field conditions (decision 055) on a committed row, in memory: what a waiting tail checks
 * before it sends a row, by the rule the SQL of app-logs-field-conditions.ts follows. A committed
 * row carries its entry as JSON text only, so `data` is parsed here, once per row whatever the
 * number of tails that ask.
 */
import {
  matchesFieldCondition,
  type LogFieldCondition,
} from '../../../contract/schemas/log-field-condition';

/** What the matcher reads of a row (a PageEntry of app-logs-page.ts, which imports this module). */
interface EntryJson {
  readonly json: string;
}

const parsedData = new WeakMap<EntryJson, unknown>();

function dataOf(row: EntryJson): unknown {
  if (parsedData.has(row)) return parsedData.get(row);
  const data = (JSON.parse(row.json) as { data?: unknown }).data;
  parsedData.set(row, data);
  return data;
}

export function matchesFieldConditions(
  row: EntryJson,
  conditions: readonly LogFieldCondition[],
): boolean {
  if (conditions.length === 0) return true;
  const data = dataOf(row);
  return conditions.every((condition) => matchesFieldCondition(data, condition));
}
