/**
 * A filter's rows read a bounded number of index rows per statement (issue 42, decision 059).
 * A condition no index narrows (a field condition reads each row's JSON, `json_each` on SQLite)
 * costs each row's size: one statement over a few dozen entries of 50,000 keys held SQLite, and
 * so the event loop, for seconds. Here each statement reads at most `chunk` rows of the level
 * and job's index range (the time of the chunk's last row is found from the index alone), the
 * event loop gets a turn between two, and a chunk that took longer than a step's bound halves
 * the next (down to one row: an entry's own size, at most the 1 MiB body, is the floor).
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { StatementDeadlineError } from '../../database/sqlite';
import { nextStepSize, type StepBounds } from './bounded-steps';

/** The most rows a chunk's statement reads (facets size their rows' values by it). */
export const CHUNK_ROWS_MAX = 512;

const CHUNK_BOUNDS: StepBounds = { maxRows: CHUNK_ROWS_MAX, minRows: 1, stepMs: 20 };
/** The first chunk is one row: a wide entry's JSON is read before any row count is trusted. */
const FIRST_CHUNK_ROWS = 1;

/** Time range in µs: `lowUs` inclusive, `highUs` exclusive. */
export interface ChunkRange {
  lowUs?: number;
  highUs?: number;
}

/** The two statements of a chunk, built by the caller (app-logs-page-walk.ts's chunkQueries). */
export interface ChunkQueries<R> {
  /** True when the rows come oldest first (a query with `since`). */
  ascending: boolean;
  /** The time of the `offset`-th row (0-based) of `range` by the index alone, in answer order. */
  boundary(range: ChunkRange, offset: number): Promise<number | undefined>;
  /** The rows of `range` that match the whole filter, in answer order. */
  rows(range: ChunkRange): Promise<R[]>;
}

/**
 * The rows of `range` that match, in answer order, a chunk at a time. Past `deadline`, a
 * StatementDeadlineError (each statement also carries it).
 */
export async function* matchingRowsInChunks<R>(
  queries: ChunkQueries<R>,
  range: ChunkRange,
  deadline: number,
): AsyncGenerator<R[]> {
  const { ascending } = queries;
  let rest = range;
  let chunk = FIRST_CHUNK_ROWS;
  for (;;) {
    const edge = await queries.boundary(rest, chunk - 1);
    const part: ChunkRange =
      edge === undefined
        ? rest
        : ascending
          ? { ...rest, highUs: edge + 1 }
          : { ...rest, lowUs: edge };
    const started = performance.now();
    const rows = await queries.rows(part);
    chunk = nextStepSize(chunk, performance.now() - started, CHUNK_BOUNDS);
    yield rows;
    if (edge === undefined) return;
    rest = ascending ? { ...rest, lowUs: edge + 1 } : { ...rest, highUs: edge };
    await nextTurn();
    if (Date.now() >= deadline) {
      throw new StatementDeadlineError('The read ran past its time budget');
    }
  }
}

/** The first `limit` rows of a chunked read. */
export async function firstMatches<R>(chunks: AsyncGenerator<R[]>, limit: number): Promise<R[]> {
  let rows: R[] = [];
  for await (const found of chunks) {
    rows = rows.concat(found);
    if (rows.length >= limit) break;
  }
  return rows.slice(0, limit);
}
