/**
 * "Show context" (decision 052): an entry and its neighbours in the app's whole log, whatever
 * filter found it. Times are unique per app (the (app_id, time_us) index is unique, decision
 * 004), so time order is a total order and the neighbours are two ranges of that index, each read
 * for at most `count + 1` rows (the one more says whether there are more).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../database/schema';
import { pageEntryOf } from './app-logs-page';

const COLUMNS = ['id', 'level', 'data', 'context', 'created_at', 'time_us'] as const;

/** An entry id as the API writes it (formatLogId) → the row id, or null for no possible id. */
export function parseLogId(text: string): number | null {
  if (!/^\d{1,16}$/.test(text)) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The context as JSON text (built from the stored JSON, as a page is), or null: no such entry. */
export async function logContextJson(
  db: Kysely<Database>,
  appId: number,
  id: number,
  counts: { before: number; after: number },
): Promise<string | null> {
  const entry = await db
    .selectFrom('app_logs')
    .select(COLUMNS)
    .where('id', '=', id)
    .where('app_id', '=', appId)
    .executeTakeFirst();
  if (!entry) return null;
  const older = await db
    .selectFrom('app_logs')
    .select(COLUMNS)
    .where('app_id', '=', appId)
    .where('time_us', '<', entry.time_us)
    .orderBy('time_us', 'desc')
    .limit(counts.before + 1)
    .execute();
  const newer = await db
    .selectFrom('app_logs')
    .select(COLUMNS)
    .where('app_id', '=', appId)
    .where('time_us', '>', entry.time_us)
    .orderBy('time_us', 'asc')
    .limit(counts.after + 1)
    .execute();
  const list = (rows: typeof older) => `[${rows.map((row) => pageEntryOf(row).json).join(',')}]`;
  return (
    `{"entry":${pageEntryOf(entry).json},` +
    `"before":${list(older.slice(0, counts.before).reverse())},` +
    `"after":${list(newer.slice(0, counts.after))},` +
    `"has_more_before":${String(older.length > counts.before)},` +
    `"has_more_after":${String(newer.length > counts.after)}}`
  );
}
