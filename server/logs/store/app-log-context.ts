/**
 * "Show context" (decision 052): an entry and its neighbours in the app's whole log, whatever
 * filter found it. Times are unique per app (the (app_id, time_us) index is unique, decision
 * 004), so time order is a total order and the neighbours are two ranges of that index.
 *
 * Bounded in bytes and time (issue 42, decision 059): each side is read a few rows per statement,
 * nearest first, with a turn of the event loop between statements, and stops before the entry
 * that would take it past half of LOG_CONTEXT_BYTES_MAX (`has_more_*` then says so); the whole
 * read has the walk's time budget (503 `too_slow` past it).
 */
import type { Kysely } from 'kysely';
import { LOG_CONTEXT_BYTES_MAX } from '../../../contract/schemas/app-log-find';
import type { Database } from '../../database/schema';
import { pageEntryOf, type PageEntry } from './app-logs-page';
import { walkTooSlow, WALK_TIME_BUDGET_MS } from './app-logs-walk';
import { outOfTime, workSlices, type WorkSlices } from './work-slices';
import { nextStepSize, type StepBounds } from './bounded-steps';

const COLUMNS = ['id', 'level', 'data', 'context', 'created_at', 'time_us'] as const;

/**
 * Rows one statement reads, each at most an entry's size (the 1 MiB body): at most 8, so a few
 * MB. The first statement reads one row and the next sizes follow how long the last one took
 * (bounded-steps.ts), so wide entries are read one per turn of the event loop: 8 entries of
 * 50,000 keys in one statement held it for ~80 ms of a quiet machine's time (issue 42).
 */
const CONTEXT_STEPS: StepBounds = { maxRows: 8, minRows: 1, stepMs: 20 };

/** An entry id as the API writes it (formatLogId) → the row id, or null for no possible id. */
export function parseLogId(text: string): number | null {
  if (!/^\d{1,16}$/.test(text)) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

interface Side {
  entries: PageEntry[];
  hasMore: boolean;
}

/** The nearest `count` entries on one side of `timeUs`, nearest first, within `maxBytes`. */
async function readSide(
  db: Kysely<Database>,
  appId: number,
  timeUs: number,
  older: boolean,
  count: number,
  maxBytes: number,
  slices: WorkSlices,
  deadline: number,
): Promise<Side> {
  const entries: PageEntry[] = [];
  let bytes = 0;
  let edge = timeUs;
  let rowsPerStatement = CONTEXT_STEPS.minRows;
  for (;;) {
    const want = Math.min(rowsPerStatement, count - entries.length);
    const started = performance.now();
    const rows = await db
      .selectFrom('app_logs')
      .select(COLUMNS)
      .where('app_id', '=', appId)
      .where('time_us', older ? '<' : '>', edge)
      .orderBy('time_us', older ? 'desc' : 'asc')
      .limit(want + 1)
      .execute();
    for (const row of rows.slice(0, want)) {
      const entry = pageEntryOf(row);
      const size = Buffer.byteLength(entry.json);
      if (bytes + size > maxBytes) return { entries, hasMore: true };
      bytes += size;
      entries.push(entry);
      edge = row.time_us;
    }
    rowsPerStatement = nextStepSize(rowsPerStatement, performance.now() - started, CONTEXT_STEPS);
    if (rows.length <= want) return { entries, hasMore: false };
    if (entries.length >= count) return { entries, hasMore: true };
    await slices.turn(deadline);
  }
}

/**
 * The context as JSON text (built from the stored JSON, as a page is), or null: no such entry.
 * `timeBudgetMs`: the read's, from the log read limits (the walk's).
 */
export async function logContextJson(
  db: Kysely<Database>,
  appId: number,
  id: number,
  counts: { before: number; after: number },
  timeBudgetMs = WALK_TIME_BUDGET_MS,
): Promise<string | null> {
  const deadline = Date.now() + timeBudgetMs;
  const entry = await db
    .selectFrom('app_logs')
    .select(COLUMNS)
    .where('id', '=', id)
    .where('app_id', '=', appId)
    .executeTakeFirst();
  if (!entry) return null;
  const sideBytes = LOG_CONTEXT_BYTES_MAX / 2;
  let older: Side;
  let newer: Side;
  const slices = workSlices();
  try {
    older = await readSide(
      db,
      appId,
      entry.time_us,
      true,
      counts.before,
      sideBytes,
      slices,
      deadline,
    );
    // A side may have read a few MB: the other side starts on a turn of its own.
    await slices.turn(deadline);
    newer = await readSide(
      db,
      appId,
      entry.time_us,
      false,
      counts.after,
      sideBytes,
      slices,
      deadline,
    );
  } catch (error) {
    if (outOfTime(db, error)) throw walkTooSlow({}, timeBudgetMs);
    throw error;
  }
  const list = (entries: PageEntry[]) => `[${entries.map((item) => item.json).join(',')}]`;
  return (
    `{"entry":${pageEntryOf(entry).json},` +
    `"before":${list(older.entries.reverse())},` +
    `"after":${list(newer.entries)},` +
    `"has_more_before":${String(older.hasMore)},` +
    `"has_more_after":${String(newer.hasMore)}}`
  );
}
