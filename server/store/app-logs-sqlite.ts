/**
 * SQLite-only SQL of the log store, kept in this one file so a PostgreSQL dialect only has to
 * replace what is here (there: `strpos(search, $1) > 0`, or a pg_trgm index for long ranges).
 *
 * The text search is a plain scan of the rows that the (app_id, time_us) index already narrowed
 * to the window, with `instr` on the pre-lowered `search` column: measured faster than an FTS5
 * trigram index inside the 24 h window (see docs/decisions/002-log-storage-and-search.md).
 */
import { sql, type Expression, type SqlBool } from 'kysely';

/** True when the row's lower-cased search text contains `term` (already lower-cased). */
export function searchContains(term: string): Expression<SqlBool> {
  return sql<SqlBool>`instr(search, ${term}) > 0`;
}
