/**
 * The entries facets count (issue 42): the newest `cap` matching rows of a window, or fewer when
 * their `data` reaches `maxBytes`. The rows come a chunk at a time (app-logs-chunked-read.ts, up
 * to CHUNK_ROWS_MAX a statement), and a chunk read whole held every large entry in it: 512
 * entries of 1 MiB were half a gigabyte in memory before the 8 MiB check. Here a chunk's
 * statement reads a row's `data` only when it is short (FACET_INLINE_DATA_LENGTH, so a chunk
 * holds at most the sample's bytes), and the UTF-8 bytes of the others; their values are read
 * afterwards by (app_id, time_us), only for the rows inside the sample: at most its bytes and the
 * one entry that reaches them. `context` is never read (facets count `data`).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../database/schema';
import type { LogFilter } from './app-logs-filter';
import { chunkQueries } from './app-logs-page-walk';
import { matchingRowsInChunks, type ChunkRange } from './app-logs-chunked-read';
import { countValuesRead, readDataAt, type SizedDataRow } from './app-logs-sized-rows';

export interface FacetSampleLimits {
  /** Entries the sample takes at most. */
  cap: number;
  /** The sample ends with the entry whose `data` takes it to this many bytes. */
  maxBytes: number;
}

/** The sample's size, and whether the window may hold more than it (LogFacets.capped). */
export interface FacetSample {
  scanned: number;
  capped: boolean;
}

/**
 * Calls `visit` with each sampled entry's `data` JSON text, newest first, and awaits it before
 * the next. Past `deadline`, a StatementDeadlineError (app-logs-chunked-read.ts).
 */
export async function visitFacetSample(
  db: Kysely<Database>,
  appId: number,
  filter: LogFilter,
  range: ChunkRange,
  limits: FacetSampleLimits,
  deadline: number,
  visit: (data: string) => Promise<void>,
): Promise<FacetSample> {
  let scanned = 0;
  let bytes = 0;
  const full = () => scanned >= limits.cap || bytes >= limits.maxBytes;
  const take = async (data: string) => {
    await visit(data);
    scanned += 1;
    bytes += Buffer.byteLength(data);
  };
  const chunks = matchingRowsInChunks(
    chunkQueries<SizedDataRow>(db, appId, filter, { sized: 'facets' }, deadline),
    range,
    deadline,
  );
  for await (const rows of chunks) {
    countValuesRead(rows.map((row) => ({ data: row.data, context: null })));
    let at = 0;
    while (at < rows.length) {
      // A row past the cap or the bytes: the window holds more than the sample.
      if (full()) return { scanned, capped: true };
      const row = rows[at] as SizedDataRow;
      if (row.data !== null) {
        await take(row.data);
        at += 1;
        continue;
      }
      // The rows left for later that the sample takes, by their sizes (exact: each of them is
      // taken), their values read in one statement.
      let end = at;
      let planned = bytes;
      while (end < rows.length && scanned + (end - at) < limits.cap && planned < limits.maxBytes) {
        const next = rows[end] as SizedDataRow;
        if (next.data !== null) break;
        planned += next.data_bytes ?? 0;
        end += 1;
      }
      const later = rows.slice(at, end);
      const values = await readDataAt(
        db,
        appId,
        later.map((laterRow) => laterRow.time_us),
      );
      for (const laterRow of later) {
        const data = values.get(laterRow.time_us);
        // Retention may have deleted it between the two statements: the sample goes without it.
        if (data !== undefined) await take(data);
      }
      at = end;
    }
    // A full sample: more may follow, and looking for them is not worth the time.
    if (full()) return { scanned, capped: true };
  }
  return { scanned, capped: false };
}
