/**
 * A page's walk reads only the small rows' values (issue 42): a `level` walk reads up to `limit`
 * rows per level, about 5 × 200 rows, and entries of up to 1 MiB would have put ~1 GB of values
 * in memory before the page was cut to its 8 MiB answer. Here a walk step's statement selects a
 * row's `data` and `context` only when their stored bytes together are at most
 * INLINE_VALUE_LENGTH, and the stored bytes of the others (`octet_length`); the page is cut from
 * the entries and those sizes, and a second statement reads the values of the deferred rows
 * inside the cut, by (app_id, time_us). So a step holds at most limit × INLINE_VALUE_LENGTH
 * (one default page) of values, and the rows read afterwards at most the page plus its first row.
 *
 * The bound is on the stored bytes, which each engine knows without reading the value: SQLite's
 * `octet_length()` (from the record header; its `length()` counts the characters of a text, read
 * whole: 0.88× the statement's CPU in one process, issue 43), PostgreSQL's `octet_length` (from
 * the TOAST header; its `length` would decompress). Ordinary entries, far under the bound, come
 * in the step's one statement as before, measured once (bench:guard, BENCHMARKS.md).
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { LOG_LIMIT_MAX, LOG_PAGE_BYTES_MAX } from '../../../contract/schemas/app-log';
import { LOG_FACETS_BYTES_MAX } from '../../../contract/schemas/app-log-facets';
import { engineOf } from '../../database/engine';
import type { Database } from '../../database/schema';
import { CHUNK_ROWS_MAX } from './app-logs-chunked-read';
import {
  entryJson,
  STORED_LOG_COLUMNS,
  walkEntryOf,
  walkEntryOfColumns,
  type PageEntry,
  type StoredLogRow,
  type WalkEntry,
} from './app-logs-page';

/**
 * The most bytes of `data` and `context` (together, as stored) a walk step reads with its row:
 * LOG_LIMIT_MAX such rows are one default page (8 MiB / 200 = 41,943).
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
 * A sized walk row's columns in the order a page's walk selects them: a stored row's
 * (STORED_LOG_COLUMNS, so a row read as an array is made into its entry as a tail's is), then
 * `value_bytes`.
 */
export const SIZED_LOG_COLUMNS = [
  ...STORED_LOG_COLUMNS,
  'value_bytes',
] as const satisfies ReadonlyArray<keyof SizedLogRow>;

/** A walk row whose values were left for later (SizedLogRow with `data` null). */
export interface DeferredLogRow {
  readonly id: number;
  readonly level: number;
  readonly created_at: string;
  readonly time_us: number;
  /** The UTF-8 bytes its values will take in its entry (SizedLogRow.value_bytes). */
  readonly value_bytes: number;
}

/**
 * What a walk step answers per row (LogStore.runWalk): the page's entry when its values came with
 * it, else the row to read them for once the page is cut (cutSizedRows).
 */
export type WalkItem = WalkEntry | DeferredLogRow;

/**
 * Characters of `data` and `context` the page walks and facets have read into memory, in this
 * process (a test's observable: the bound above holds when it grows by at most a page).
 */
let valueCharsRead = 0;

export function walkValueCharsRead(): number {
  return valueCharsRead;
}

/** Counts the values of rows a statement returned. */
export function countValuesRead(
  rows: ReadonlyArray<{ data: string | null; context: string | null }>,
) {
  for (const row of rows) valueCharsRead += (row.data?.length ?? 0) + (row.context?.length ?? 0);
}

/**
 * A walk's item from a row of SIZED_LOG_COLUMNS read as an array (SQLite's raw rows, issue 43).
 * Indexed, not destructured: this runs per row of every page.
 */
export function walkItemOfColumns(columns: readonly unknown[]): WalkItem {
  const valueBytes = columns[6] as number | null;
  if (valueBytes === null) {
    const context = columns[3] as string | null;
    valueCharsRead += (columns[2] as string).length + (context?.length ?? 0);
    return walkEntryOfColumns(columns);
  }
  return {
    id: columns[0] as number,
    level: columns[1] as number,
    created_at: columns[4] as string,
    time_us: columns[5] as number,
    value_bytes: valueBytes,
  };
}

/** A walk's item from a row read as an object (PostgreSQL's, SQLite's chunked reads). */
export function walkItemOf(row: SizedLogRow): WalkItem {
  if (row.data === null) {
    // A sized row's `value_bytes` is set exactly when its `data` is left out (sizedParts).
    const { id, level, created_at, time_us } = row;
    return { id, level, created_at, time_us, value_bytes: row.value_bytes ?? 0 };
  }
  valueCharsRead += row.data.length + (row.context?.length ?? 0);
  // Its `data` is there: the stored row's columns, and `value_bytes` (null) unread.
  return walkEntryOf(row as StoredLogRow);
}

/**
 * `column`'s UTF-8 bytes (PostgreSQL's json column as its text, a binary-coercible cast), which
 * both engines answer without reading the value (see above).
 */
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
  const length = sql`${bytesOf(db, data)} + coalesce(${bytesOf(db, context)}, 0)`;
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
  // SIZED_LOG_COLUMNS' order (a row read as an array is indexed by it).
  return [
    'id',
    'level',
    parts.data.as('data'),
    parts.context.as('context'),
    'created_at',
    'time_us',
    parts.valueBytes.as('value_bytes'),
  ] as const;
}

/** A sized walk row's select list as SQL text, for `table` (a statement written out). */
export function sizedColumns(db: Kysely<Database>, table: string): RawBuilder<unknown> {
  const parts = sizedParts(db, table);
  const t = sql.ref(table);
  return sql`${t}.id, ${t}.level, ${parts.data} as data, ${parts.context} as context,
    ${t}.created_at, ${t}.time_us, ${parts.valueBytes} as value_bytes`;
}

/**
 * The longest `data` a chunk of facets' rows (app-logs-facet-sample.ts) reads with its row: a
 * chunk's statement of CHUNK_ROWS_MAX such rows holds at most the sample's LOG_FACETS_BYTES_MAX
 * (8 MiB / 512 = 16,384, in stored bytes as above).
 */
export const FACET_INLINE_DATA_LENGTH = Math.floor(LOG_FACETS_BYTES_MAX / CHUNK_ROWS_MAX);

/** A facets row: `data` when short, else null and its UTF-8 bytes. Facets count `data` only. */
export interface SizedDataRow {
  time_us: number;
  data: string | null;
  /** Of a row whose `data` was left for later: its UTF-8 bytes; else null. */
  data_bytes: number | null;
}

/** A facets row's select list (SizedDataRow), for a statement Kysely builds (selectLogs'). */
export function sizedDataSelection(db: Kysely<Database>) {
  const data = sql.ref('app_logs.data');
  const inline = sql`${bytesOf(db, data)} <= ${sql.lit(FACET_INLINE_DATA_LENGTH)}`;
  return [
    'time_us',
    sql<string | null>`case when ${inline} then ${data} end`.as('data'),
    sql<number | null>`case when not (${inline}) then ${bytesOf(db, data)} end`.as('data_bytes'),
  ] as const;
}

/** The `data` texts of an app's rows at `times` (facets' rows left for later), by time. */
export async function readDataAt(
  db: Kysely<Database>,
  appId: number,
  times: readonly number[],
): Promise<Map<number, string>> {
  if (times.length === 0) return new Map();
  const rows = await db
    .selectFrom('app_logs')
    .select(['time_us', 'data'])
    .where('app_id', '=', appId)
    .where('time_us', 'in', [...times])
    .execute();
  countValuesRead(rows.map((row) => ({ data: row.data, context: null })));
  return new Map(rows.map((row) => [row.time_us, row.data]));
}

/**
 * Whether the items' entries are within `maxBytes` without measuring each: UTF-8 takes at most 3
 * bytes per UTF-16 code unit (4 for a surrogate pair's 2), and a page's characters are known for
 * free. An ordinary page (200 entries of a few hundred characters against 8 MiB) is; measuring
 * each entry's bytes was ~5 % of its CPU (issue 43). Rows left for the cut are large: measured.
 */
function surelyWithin(items: readonly WalkItem[], maxBytes: number): boolean {
  // Brackets and a comma after every entry: one byte more than the page's.
  let most = 2 + items.length;
  for (const item of items) {
    if (!('json' in item)) return false;
    most += 3 * item.json.length;
  }
  return most <= maxBytes;
}

/** How many of the items' entries, in order, are within `maxBytes` (the first whatever it is). */
function keptWithin(items: readonly WalkItem[], maxBytes: number): number {
  let kept = 0;
  let bytes = 2;
  for (const item of items) {
    const size =
      'json' in item
        ? Buffer.byteLength(item.json)
        : // The entry's text without its values (all ASCII), and their stored bytes.
          entryJson(item.id, item.level, '', '', item.created_at, item.time_us).length +
          item.value_bytes;
    bytes += size + (kept > 0 ? 1 : 0);
    if (kept > 0 && bytes > maxBytes) break;
    kept += 1;
  }
  return kept;
}

/** A page's entries within its bytes, and whether entries were left out (LogPage.cut). */
export interface CutEntries {
  entries: PageEntry[];
  cut: boolean;
}

/**
 * A walk's items in answer order → the page's entries, cut as pageOfEntries (app-logs-page.ts)
 * cuts them (the first entry whatever its size, then each while the page stays within
 * `maxBytes`), with the deferred rows' values read for the entries inside the cut only.
 */
export async function cutSizedRows(
  db: Kysely<Database>,
  appId: number,
  items: readonly WalkItem[],
  maxBytes: number,
): Promise<CutEntries> {
  const kept = surelyWithin(items, maxBytes) ? items.length : keptWithin(items, maxBytes);
  const inside = kept === items.length ? items : items.slice(0, kept);
  const deferred = inside.filter((item): item is DeferredLogRow => !('json' in item));
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
  const cut = kept < items.length;
  // Ordinary pages: every row came with its values, and its entry is built already.
  if (deferred.length === 0) return { entries: inside as WalkEntry[], cut };
  const entries: PageEntry[] = [];
  for (const item of inside) {
    if ('json' in item) entries.push(item);
    else {
      const value = values.get(item.time_us);
      // Retention may have deleted it between the two statements: the page goes without it.
      if (value !== undefined) {
        const json = entryJson(
          item.id,
          item.level,
          value.data,
          value.context,
          item.created_at,
          item.time_us,
        );
        entries.push({ timeUs: item.time_us, json });
      }
    }
  }
  return { entries, cut };
}

/** An entry's time, level and the first characters of its `data` (an alert's line, issue 42). */
export interface ValueHead {
  timeUs: number;
  level: number;
  /** The first `chars` characters (code points) of the entry's `data` JSON text. */
  data: string;
  /** Whether `data` is the whole text. */
  whole: boolean;
}

/**
 * The first `chars` characters of each walk item's `data` JSON text, in the items' order, cut in
 * SQL (both engines' `substr` counts characters): an alert's line shows 512 characters of an
 * entry, and reading its whole 1 MiB value for them held a page of such values per alert.
 */
export async function readValueHeads(
  db: Kysely<Database>,
  appId: number,
  items: readonly WalkItem[],
  chars: number,
): Promise<ValueHead[]> {
  if (items.length === 0) return [];
  const data = engineOf(db) === 'postgres' ? sql`data::text` : sql.ref('data');
  // One character more than asked: it tells a text of exactly `chars` from a longer one.
  const rows = await db
    .selectFrom('app_logs')
    .select(['time_us', 'level', sql<string>`substr(${data}, 1, ${chars + 1})`.as('head')])
    .where('app_id', '=', appId)
    .where(
      'time_us',
      'in',
      items.map((item) => item.time_us),
    )
    .execute();
  countValuesRead(rows.map((row) => ({ data: row.head, context: null })));
  const byTime = new Map(rows.map((row) => [row.time_us, row]));
  const heads: ValueHead[] = [];
  for (const item of items) {
    const row = byTime.get(item.time_us);
    // Retention may have deleted it between the two statements: the lines go without it.
    if (row === undefined) continue;
    const characters = Array.from(row.head);
    const whole = characters.length <= chars;
    const head = whole ? row.head : characters.slice(0, chars).join('');
    heads.push({ timeUs: row.time_us, level: row.level, data: head, whole });
  }
  return heads;
}
