/**
 * SQLite-only SQL of the log store, kept in this one file so a PostgreSQL dialect only has to
 * replace what is here.
 *
 * - The text search is a plain scan of the rows that the (app_id, time_us) index already
 *   narrowed to the window, with `instr` on the pre-lowered `search` column (PostgreSQL:
 *   `strpos(search, $1) > 0`). Measured against an FTS5 trigram index in bench/api.ts; see
 *   docs/decisions/002-log-storage-and-search.md.
 * - Batch inserts skip Kysely's query compiler, which costs more than SQLite itself for a
 *   500-row insert: the statement text is built once per batch size, with `?` placeholders.
 */
import {
  CompiledQuery,
  sql,
  type Expression,
  type Insertable,
  type Kysely,
  type SqlBool,
} from 'kysely';
import type { AppLogsTable } from './app-logs-table';
import type { Database } from './db';

/** True when the row's lower-cased search text contains `term` (already lower-cased). */
export function searchContains(term: string): Expression<SqlBool> {
  return sql<SqlBool>`instr(search, ${term}) > 0`;
}

const INSERT_COLUMNS = [
  'app_id',
  'time_us',
  'level',
  'job',
  'data',
  'context',
  'created_at',
  'search',
] as const satisfies ReadonlyArray<keyof AppLogsTable>;

const insertSqlBySize = new Map<number, string>();

function insertSql(rows: number): string {
  let text = insertSqlBySize.get(rows);
  if (text === undefined) {
    const tuple = `(${INSERT_COLUMNS.map(() => '?').join(',')})`;
    text =
      `insert into "app_logs" (${INSERT_COLUMNS.map((c) => `"${c}"`).join(',')}) values ` +
      `${Array.from({ length: rows }, () => tuple).join(',')} returning "id", "time_us"`;
    insertSqlBySize.set(rows, text);
  }
  return text;
}

/** Inserts rows (at most 4000: SQLite's 32766 bound parameters) and returns their ids. */
export async function insertLogRows(
  db: Kysely<Database>,
  rows: ReadonlyArray<Insertable<AppLogsTable>>,
): Promise<Array<{ id: number; time_us: number }>> {
  const parameters: unknown[] = [];
  for (const row of rows) {
    for (const column of INSERT_COLUMNS) parameters.push(row[column] ?? null);
  }
  const result = await db.executeQuery<{ id: number; time_us: number }>(
    CompiledQuery.raw(insertSql(rows.length), parameters),
  );
  return result.rows;
}
