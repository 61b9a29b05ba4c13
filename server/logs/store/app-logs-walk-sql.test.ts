/**
 * A plain walk step's statement is compiled once per shape (app-logs-walk-sql.ts): for every shape
 * a page without `q` can have, and values other than the first compile's, the text and values it
 * runs are the ones Kysely compiles for that step (`selectLogs`, sized), on this engine.
 */
import { describe, expect, it } from 'vitest';
import type { Db } from '../../database/schema';
import type { LogFilter } from './app-logs-filter';
import { selectLogs } from './app-logs-select';
import { sizedSelection } from './app-logs-sized-rows';
import { plainWalkStepQuery, type PlainWalkStep } from './app-logs-walk-sql';
import { useLogStoreDatabase } from './log-store-database.test-helper';

let db: Db;
useLogStoreDatabase((opened) => (db = opened.db));

/** Every shape of a plain step, with values that differ by `seed`. */
function steps(seed: number): PlainWalkStep[] {
  const all: PlainWalkStep[] = [];
  for (const lowUs of [undefined, 1_000 + seed]) {
    for (const highUs of [undefined, 9_000_000 + seed]) {
      for (const levels of [{}, { minLevel: 1 + (seed % 3) }, { step: 2 + (seed % 4) }]) {
        for (const job of [undefined, `job-${String(seed)}`]) {
          for (const ascending of [false, true]) {
            const filter: LogFilter = { limit: 50 + seed };
            if (ascending) filter.sinceUs = lowUs ?? 1;
            if ('minLevel' in levels) filter.minLevel = levels.minLevel;
            if (job !== undefined) filter.job = job;
            const level = 'step' in levels ? levels.step : undefined;
            all.push({ appId: 7 + seed, filter, level, lowUs, highUs });
          }
        }
      }
    }
  }
  return all;
}

/** The step's statement as Kysely compiles it: a page's walk's, with its rows sized (issue 42). */
function compiledByKysely(step: PlainWalkStep) {
  const range = { lowUs: step.lowUs, highUs: step.highUs };
  return selectLogs(db, step.appId, step.filter, { level: step.level, range })
    .clearSelect()
    .select(sizedSelection(db))
    .compile();
}

describe('a plain walk step compiled once per shape', () => {
  it('refuses a first compile whose placeholders are not in its order', () => {
    const step: PlainWalkStep = {
      appId: 3,
      filter: { limit: 10, job: 'nightly' },
      level: 4,
      lowUs: 5,
      highUs: undefined,
    };
    // A builder for another step of the same shape: its values are not this step's. First in
    // the file: the shape's text is not kept yet (the test after this one compiles every shape).
    const other = { ...step, appId: 4 };
    expect(() => plainWalkStepQuery(db, step, () => compiledByKysely(other))).toThrow(/binds/);
    expect(plainWalkStepQuery(db, step, () => compiledByKysely(step)).parameters).toEqual(
      compiledByKysely(step).parameters,
    );
  });

  it('runs the text and values Kysely compiles, for every shape, after its first compile', () => {
    for (const seed of [0, 1, 2]) {
      for (const step of steps(seed)) {
        const expected = compiledByKysely(step);
        const query = plainWalkStepQuery(db, step, () => compiledByKysely(step));
        expect(query.sql).toBe(expected.sql);
        expect(query.parameters).toEqual(expected.parameters);
      }
    }
  });
});
