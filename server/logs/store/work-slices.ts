/**
 * Work on the event loop in slices (issue 42, decision 059): a read that parses or counts in
 * JavaScript (facets, context) gives the event loop a turn whenever it has worked a slice
 * (WORK_SLICE_MS) since the last turn, and stops at its deadline with the error a statement past
 * its deadline throws, so the caller answers both the same way (503 `too_slow`).
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import type { Database } from '../../database/schema';
import { StatementDeadlineError } from '../../database/sqlite';
import { logStoreOf } from './log-store-of';

/** Longest stretch of work between two turns of the event loop, but for one entry's parse. */
export const WORK_SLICE_MS = 10;

export interface WorkSlices {
  /** A turn of the event loop when a slice is spent; past `deadline`, a StatementDeadlineError. */
  turnWhenSpent(deadline: number): Promise<void>;
  /** A turn of the event loop now (between two statements); past `deadline`, the error. */
  turn(deadline: number): Promise<void>;
}

export function workSlices(sliceMs = WORK_SLICE_MS): WorkSlices {
  let sliceStart = performance.now();
  const turn = async (deadline: number) => {
    await nextTurn();
    sliceStart = performance.now();
    if (Date.now() >= deadline)
      throw new StatementDeadlineError('The read ran past its time budget');
  };
  return {
    turn,
    async turnWhenSpent(deadline) {
      if (performance.now() - sliceStart >= sliceMs) await turn(deadline);
    },
  };
}

/** True for a read past its deadline: a slice's error, or a statement the engine stopped. */
export function outOfTime(db: Kysely<Database>, error: unknown): boolean {
  return error instanceof StatementDeadlineError || logStoreOf(db).searchTimedOut(error);
}
