/**
 * A page's walk reads each row's size and only the small rows' values (issue 42): a `level` walk
 * reads up to `limit` rows per level, about 5 × 200 rows, and entries of up to 1 MiB would have
 * put ~1 GB of values in memory before the page was cut to its 8 MiB answer. Here a walk step's
 * statement selects every row's stored bytes (`octet_length`, which neither engine answers by
 * reading the value: SQLite from the record header, PostgreSQL from the TOAST header) and its
 * `data` and `context` only when together they are at most INLINE_VALUE_BYTES; the page is cut
 * from the sizes, and a second statement reads the values of the deferred rows inside the cut,
 * by (app_id, time_us). So a step holds at most limit × INLINE_VALUE_BYTES ≤ the default page's
 * bytes of values, and the rows read afterwards at most the page's bytes plus its first row.
 * Ordinary entries (well under the bound) come in the step's one statement, as before.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { LOG_LIMIT_MAX, LOG_PAGE_BYTES_MAX } from '../../../contract/schemas/app-log';
import { engineOf } from '../../database/engine';
import type { Database } from '../../database/schema';
import { pageEntryOf, type PageEntry } from './app-logs-page';

/**
 * The most bytes of `data` and `context` a walk step reads with its row: LOG_LIMIT_MAX such rows
 * are one default page (8 MiB / 200 = 41,943 bytes).
 */
export const INLINE_VALUE_BYTES = Math.floor(LOG_PAGE_BYTES_MAX / LOG_LIMIT_MAX);

/** A walk row with its values' sizes; `data` is null when the values were left for later. */
export interface SizedLogRow {
  id: number;
  level: number;
  data: string | null;
  context: string | null;
  created_at: string;
  time_us: number;
  /** Stored UTF-8 bytes of `data`. */
  data_bytes: number;
  /** Stored UTF-8 bytes of `context`; null when the entry has none. */
  context_bytes: number | null;
}

/**
 * Characters of `data` and `context` the page walks have read into memory, in this process (a
 * test's observable: the bound above holds when it grows by at most a page).
 */
let valueCharsRead = 0;

export function walkValueCharsRead(): number {
  return valueCharsRead;
}

/** Counts the values of rows a walk statement returned. */
export function countValuesRead(
  rows: ReadonlyArray<{ data: string | null; context: string | null }>,
) {
  for (const row of rows) valueCharsRead += (row.data?.length ?? 0) + (row.context?.length ?? 0);
}

/** `column`'s stored bytes: PostgreSQL's json column as its text (a binary-coercible cast). */
function bytesOf(db: Kysely<Database>, column: string): RawBuilder<number> {
  const ref = sql.ref(column);
  return engineOf(db) === 'postgres'
    ? sql<number>`octet_length(${ref}::text)`
    : sql<number>`octet_length(${ref})`;
}

/** The sized columns' expressions over `table` (an alias, or the table itself). */
function sizedParts(db: Kysely<Database>, table: string) {
  const dataBytes = bytesOf(db, `${table}.data`);
  const contextBytes = bytesOf(db, `${table}.context`);
  // The bound is a literal, so a compiled walk step binds the same values as without it
  // (app-logs-walk-sql.ts checks them).
  const inline = sql`${dataBytes} + coalesce(${contextBytes}, 0) <= ${sql.lit(INLINE_VALUE_BYTES)}`;
  return {
    data: sql<string | null>`case when ${inline} then ${sql.ref(`${table}.data`)} end`,
    context: sql<string | null>`case when ${inline} then ${sql.ref(`${table}.context`)} end`,
    dataBytes,
    contextBytes: sql<number | null>`${contextBytes}`,
  };
}

/** A sized walk row's select list, for a statement Kysely builds (selectLogs' columns). */
export function sizedSelection(db: Kysely<Database>) {
  const parts = sizedParts(db, 'app_logs');
  return [
    'id',
    'level',
    'created_at',
    'time_us',
    parts.data.as('data'),
    parts.context.as('context'),
    parts.dataBytes.as('data_bytes'),
    parts.contextBytes.as('context_bytes'),
  ] as const;
}

/** A sized walk row's select list as SQL text, for `table` (a statement written out). */
export function sizedColumns(db: Kysely<Database>, table: string): RawBuilder<unknown> {
  const parts = sizedParts(db, table);
  const t = sql.ref(table);
  return sql`${t}.id, ${t}.level, ${t}.created_at, ${t}.time_us, ${parts.data} as data,
    ${parts.context} as context, ${parts.dataBytes} as data_bytes,
    ${parts.contextBytes} as context_bytes`;
}

/** The page entry's UTF-8 bytes (pageEntryOf's text), from the row's sizes. */
function entryBytes(row: SizedLogRow): number {
  const frame = pageEntryOf({ ...row, data: '', context: row.context_bytes === null ? null : '' });
  return Buffer.byteLength(frame.json) + row.data_bytes + (row.context_bytes ?? 0);
}

/** A page's entries within its bytes, and whether entries were left out (LogPage.cut). */
export interface CutEntries {
  entries: PageEntry[];
  cut: boolean;
}

/**
 * The rows in answer order → the page's entries, cut as pageOfEntries (app-logs-page.ts) cuts
 * them (the first entry whatever its size, then each while the page stays within `maxBytes`),
 * with the deferred rows' values read for the entries inside the cut only.
 */
export async function cutSizedRows(
  db: Kysely<Database>,
  appId: number,
  rows: readonly SizedLogRow[],
  maxBytes: number,
): Promise<CutEntries> {
  let bytes = 2;
  let kept = 0;
  for (const row of rows) {
    bytes += entryBytes(row) + (kept > 0 ? 1 : 0);
    if (kept > 0 && bytes > maxBytes) break;
    kept += 1;
  }
  const inside = rows.slice(0, kept);
  const deferred = inside.filter((row) => row.data === null).map((row) => row.time_us);
  const values = new Map<number, { data: string; context: string | null }>();
  if (deferred.length > 0) {
    const read = await db
      .selectFrom('app_logs')
      .select(['time_us', 'data', 'context'])
      .where('app_id', '=', appId)
      .where('time_us', 'in', deferred)
      .execute();
    countValuesRead(read);
    for (const row of read) values.set(row.time_us, row);
  }
  const entries = inside.map((row) => {
    if (row.data !== null) return pageEntryOf({ ...row, data: row.data });
    const value = values.get(row.time_us);
    // Retention may have deleted it between the two statements: the page goes without it.
    return value === undefined ? undefined : pageEntryOf({ ...row, ...value });
  });
  return {
    entries: entries.filter((entry): entry is PageEntry => entry !== undefined),
    cut: kept < rows.length,
  };
}
