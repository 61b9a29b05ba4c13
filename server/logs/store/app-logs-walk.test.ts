/**
 * The walk's time budget when its statements carry no per-row deadline (a plain page's steps read
 * at most `limit` rows of an index range): the clock is read after each step, so a walk whose
 * reads end past the budget answers 503 too_slow, as one stopped inside a statement does.
 */
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../http/errors';
import { parseLogQuery } from '../routes/log-query-params';
import { walkLogs, type WalkRow, type WalkStep } from './app-logs-walk';

/** Never a deadline error: these reads finish their statement whatever the clock says. */
const neverTimedOut = () => false;

/** A step's read that returns its rows once the clock has reached the walk's deadline. */
function readPastDeadline(rows: WalkRow[], deadline: number): Promise<WalkRow[]> {
  while (Date.now() < deadline) {
    // A statement still working: the walk gets no turn in between (better-sqlite3 is synchronous).
  }
  return Promise.resolve(rows);
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
}

describe('a walk without a per-row deadline', () => {
  it('answers 503 too_slow when a step ends past the budget, though it returned its rows', async () => {
    for (const raw of [{}, { level: 'warn' }, { job: 'sync' }]) {
      const filter = parseLogQuery(raw);
      const error = await rejection(
        walkLogs(
          filter,
          (_step, deadline) => readPastDeadline([{ time_us: 1 }], deadline),
          neverTimedOut,
          20,
        ),
      );
      expect(error).toBeInstanceOf(HttpError);
      const httpError = error as HttpError;
      expect(httpError.statusCode).toBe(503);
      expect(httpError.headers['Retry-After']).toBe('1');
      expect(httpError.details[0]).toMatchObject({ resource: 'log', code: 'too_slow' });
    }
  });

  it('stops at the first step past the budget: the steps after it are not read', async () => {
    const filter = parseLogQuery({ level: 'warn' });
    const read: WalkStep[] = [];
    const error = await rejection(
      walkLogs(
        filter,
        (step, deadline) => {
          read.push(step);
          return readPastDeadline([{ time_us: read.length }], deadline);
        },
        neverTimedOut,
        20,
      ),
    );
    expect((error as HttpError).statusCode).toBe(503);
    expect(read).toHaveLength(1);
  });

  it('answers the rows of steps that end within the budget', async () => {
    const filter = parseLogQuery({ level: 'warn' });
    const rows = await walkLogs(
      filter,
      (step) => Promise.resolve([{ time_us: step.level ?? 0 }]),
      neverTimedOut,
      60_000,
    );
    expect(rows.map((row) => row.time_us)).toEqual([5, 4, 3, 2]);
  });
});
