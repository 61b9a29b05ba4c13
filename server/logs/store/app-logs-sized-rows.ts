/**
 * A page's walk reads only the small rows' values (issue 42): a `level` walk reads up to `limit`
 * rows per level, about 5 × 200 rows, and entries of up to 1 MiB would have put ~1 GB of values
 * in memory before the page was cut to its 8 MiB answer. Here a walk step's statement selects a
 * row's `data` and `context` only when their stored length together is at most
 * INLINE_VALUE_LENGTH, and the stored bytes of the others (`octet_length`); the page is cut from
 * the entries and those sizes, and a second statement reads the values of the deferred rows
 * inside the cut, by (app_id, time_us). So a step holds at most limit × INLINE_VALUE_LENGTH
 * (one default page) of values, and the rows read afterwards at most the page plus its first row.
 *
 * The length is the one each engine knows without reading the value: SQLite's `length()`
 * (characters; `octet_length` cost more per row in the guard), PostgreSQL's `octet_length` (from
 * the TOAST header; its `length` would decompress). Ordinary entries, far under the bound, come
 * in the step's one statement as before, measured once (bench:guard, BENCHMARKS.md).
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { LOG_LIMIT_MAX, LOG_PAGE_BYTES_MAX } from '../../../contract/schemas/app-log';
import { engineOf } from '../../database/engine';
import type { Database } from '../../database/schema';
import { pageEntryOf, type PageEntry, type StoredLogRow } from './app-logs-page';

/**
 * The longest `data` and `context` (together, in the engine's stored length) a walk step reads
 * with its row: LOG_LIMIT_MAX such rows are one default page (8 MiB / 200 = 41,943).
 */
export const INLINE_VALUE_LENGTH = Math.floor(LOG_PAGE_BYTES_MAX / LOG_LIMIT_MAX);

/** A walk row; `data` is null when its values were left for later, `value_bytes` then set. */
export interface SizedLogRow {
  id: number;
  level: number;
  data: string | null;
  context: string | null;
  created_at: string;
  time_us: number;
  /**
   * Of a deferred row: the UTF-8 bytes of `data` and of `context`, or 4 for a null context (the
   * `null` of its entry's text). Null for a row whose values came with it.
   */
  value_bytes: number | null;
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

/** `column`'s stored length as the engine knows it without reading the value (see above). */
function lengthOf(db: Kysely<Database>, column: RawBuilder<unknown>): RawBuilder<number> {
  return engineOf(db) === 'postgres'
    ? sql<number>`octet_length(${column}::text)`
    : sql<number>`length(${column})`;
}

/** `column`'s UTF-8 bytes (PostgreSQL's json column as its text, a binary-coercible cast). */
function bytesOf(db: Kysely<Database>, column: RawBuilder<unknown>): RawBuilder<number> {
  return engineOf(db) === 'postgres'
    ? sql<number>`octet_length(${column}::text)`
    : sql<number>`octet_length(${column})`;
}

/** The sized columns' expressions over `table` (an alias, or the table itself). */
function sizedParts(db: Kysely<Database>, table: string) {
  const data = sql.ref(`${table}.data`);
  const context = sql.ref(`${table}.context`);
  // The bound is a literal, so a compiled walk step binds the same values as without it
  // (app-logs-walk-sql.ts checks them).
  const length = sql`${lengthOf(db, data)} + coalesce(${lengthOf(db, context)}, 0)`;
  const inline = sql`${length} <= ${sql.lit(INLINE_VALUE_LENGTH)}`;
  return {
    data: sql<string | null>`case when ${inline} then ${data} end`,
    context: sql<string | null>`case when ${inline} then ${context} end`,
    valueBytes: sql<number | null>`case when not (${inline})
      then ${bytesOf(db, data)} + coalesce(${bytesOf(db, context)}, 4) end`,
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
    parts.valueBytes.as('value_bytes'),
  ] as const;
}

/** A sized walk row's select list as SQL text, for `table` (a statement written out). */
export function sizedColumns(db: Kysely<Database>, table: string): RawBuilder<unknown> {
  const parts = sizedParts(db, table);
  const t = sql.ref(table);
  return sql`${t}.id, ${t}.level, ${t}.created_at, ${t}.time_us, ${parts.data} as data,
    ${parts.context} as context, ${parts.valueBytes} as value_bytes`;
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
  const built: Array<PageEntry | SizedLogRow> = [];
  let bytes = 2;
  for (const row of rows) {
    let entry: PageEntry | SizedLogRow;
    let size: number;
    if (row.data !== null) {
      // The row has the columns of a stored one (no copy: this is per row of every page).
      entry = pageEntryOf(row as StoredLogRow);
      size = Buffer.byteLength(entry.json);
    } else {
      // The entry's text without its values (all ASCII), and their stored bytes.
      entry = row;
      size = pageEntryOf({ ...row, data: '', context: '' }).json.length + (row.value_bytes ?? 0);
    }
    bytes += size + (built.length > 0 ? 1 : 0);
    if (built.length > 0 && bytes > maxBytes) break;
    built.push(entry);
  }
  const deferred = built.filter((entry): entry is SizedLogRow => 'data' in entry);
  const values = new Map<number, { data: string; context: string | null }>();
  if (deferred.length > 0) {
    const read = await db
      .selectFrom('app_logs')
      .select(['time_us', 'data', 'context'])
      .where('app_id', '=', appId)
      .where(
        'time_us',
        'in',
        deferred.map((row) => row.time_us),
      )
      .execute();
    countValuesRead(read);
    for (const row of read) values.set(row.time_us, row);
  }
  const entries: PageEntry[] = [];
  for (const entry of built) {
    if (!('data' in entry)) entries.push(entry);
    else {
      const value = values.get(entry.time_us);
      // Retention may have deleted it between the two statements: the page goes without it.
      if (value !== undefined) entries.push(pageEntryOf({ ...entry, ...value }));
    }
  }
  return { entries, cut: built.length < rows.length };
}
