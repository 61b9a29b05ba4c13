import fc from 'fast-check';
import { CompiledQuery } from 'kysely';
import { describe, expect, it } from 'vitest';
import { LOG_LEVELS } from '../../../contract/schemas/app-log';
import type { LogVolumeCounts } from '../../../contract/schemas/app-log-volume';
import type { Db } from '../../database/schema';
import { toLogRow } from './app-logs-rows';
import { placeLogRows, pruneLogs } from './app-logs-write';
import { ensureDayPartition } from '../../database/postgres-partitions';
import { countLogVolume, selectRolledUpVolume, type LogVolumeFilter } from './app-logs-volume';
import { createLogApp, useLogStoreDatabase } from './log-store-database.test-helper';
import { testEngine } from '../../database/test-database.test-helper';

let db: Db;
useLogStoreDatabase((opened) => (db = opened.db));

const MINUTE_US = 60_000_000;
const DAY_US = 86_400_000_000;
/** 20 minutes around the end of a UTC day: on PostgreSQL the first half is a day partition. */
const DAY_END_US = 1_763_769_600_000_000; // 2025-11-22T00:00:00Z
const BASE_US = DAY_END_US - 10 * MINUTE_US;
const SPAN_US = 20 * MINUTE_US;
/** Jobs of the entries; null is no job, '' a job whose name is empty. */
const JOBS = [null, '', 'sync', 'mail'] as const;

interface Stored {
  timeUs: number;
  level: number;
  job: string | null;
}

/** A time of the span: sometimes on a minute, often near one (where boundaries split them). */
const timeArb = fc.oneof(
  fc.integer({ min: BASE_US - MINUTE_US, max: BASE_US + SPAN_US + MINUTE_US }),
  fc
    .tuple(fc.integer({ min: -1, max: 21 }), fc.integer({ min: -3, max: 3 }))
    .map(([minute, us]) => BASE_US + minute * MINUTE_US + us),
);

const entriesArb = fc.uniqueArray(
  fc.record({
    timeUs: fc.integer({ min: BASE_US, max: BASE_US + SPAN_US }),
    level: fc.nat(LOG_LEVELS.length - 1),
    job: fc.constantFrom(...JOBS),
  }),
  { maxLength: 150, selector: (entry) => entry.timeUs },
);

const filterArb: fc.Arbitrary<LogVolumeFilter> = fc
  .record({
    a: timeArb,
    b: timeArb,
    buckets: fc.oneof(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 240 })),
    minLevel: fc.option(fc.nat(LOG_LEVELS.length - 1), { nil: undefined }),
    job: fc.constantFrom(undefined, undefined, 'sync', 'mail', ''),
  })
  .filter(({ a, b }) => a !== b)
  .map(({ a, b, buckets, minLevel, job }) => ({
    sinceUs: Math.min(a, b),
    beforeUs: Math.max(a, b),
    buckets,
    ...(minLevel === undefined ? {} : { minLevel }),
    ...(job === undefined ? {} : { job }),
  }));

/** The counts per bucket, by counting the stored entries here. */
function reference(entries: readonly Stored[], filter: LogVolumeFilter): LogVolumeCounts[] {
  const rangeUs = filter.beforeUs - filter.sinceUs;
  const widthUs = Math.ceil(rangeUs / Math.max(1, Math.min(filter.buckets, rangeUs)));
  const buckets = Array.from({ length: Math.ceil(rangeUs / widthUs) }, () =>
    Object.fromEntries(LOG_LEVELS.map((level) => [level, 0])),
  );
  for (const entry of entries) {
    if (entry.timeUs < filter.sinceUs || entry.timeUs >= filter.beforeUs) continue;
    if (filter.minLevel !== undefined && entry.level < filter.minLevel) continue;
    if (filter.job !== undefined && entry.job !== filter.job) continue;
    const bucket = buckets[Math.floor((entry.timeUs - filter.sinceUs) / widthUs)];
    const level = LOG_LEVELS[entry.level];
    if (bucket && level) bucket[level] = (bucket[level] ?? 0) + 1;
  }
  return buckets as LogVolumeCounts[];
}

describe('countLogVolume', () => {
  it('answers from the rollup exactly what counting the rows answers, also after pruning', async () => {
    await fc.assert(
      fc.asyncProperty(
        entriesArb,
        fc.nat(2),
        fc.option(timeArb, { nil: undefined }),
        fc.array(filterArb, { minLength: 1, maxLength: 4 }),
        async (generated, splits, cutoffUs, filters) => {
          if (testEngine === 'postgres') await ensureDayPartition(db, DAY_END_US - DAY_US);
          const appId = await createLogApp(db);
          const entries = [...generated].sort((x, y) => x.timeUs - y.timeUs);
          // Several batches: the rollup's upsert adds to minutes an earlier batch wrote.
          const size = Math.ceil(entries.length / (splits + 1));
          for (let from = 0; from < entries.length; from += size) {
            const batch = entries.slice(from, from + size).map(({ timeUs, level, job }) =>
              toLogRow(
                appId,
                {
                  level: LOG_LEVELS[level] ?? 'unknown',
                  data: 'entry',
                  context: job === null ? null : { job: { name: job } },
                },
                timeUs,
              ),
            );
            await placeLogRows(db, batch);
          }
          let kept: Stored[] = entries;
          if (cutoffUs !== undefined) {
            await pruneLogs(db, cutoffUs / 1e6);
            kept = entries.filter((entry) => entry.timeUs >= cutoffUs);
          }
          for (const filter of filters) {
            const expected = reference(kept, filter);
            const rolledUp = await countLogVolume(db, appId, filter);
            expect(rolledUp.buckets.map((bucket) => bucket.counts)).toEqual(expected);
            const fromRows = await countLogVolume(db, appId, filter, { fromRows: true });
            expect(fromRows.buckets.map((bucket) => bucket.counts)).toEqual(expected);
          }
        },
      ),
      { numRuns: testEngine === 'postgres' ? 40 : 80 },
    );
    // Dozens of PostgreSQL round trips per run: past the default 20 s on a loaded machine.
  }, 120_000);
});

describe.skipIf(testEngine !== 'sqlite')('the rollup volume query plan', () => {
  it('reads the rollup by its key and each split minute from the (app, time, level) index, unsorted', async () => {
    const filter: LogVolumeFilter = {
      sinceUs: BASE_US + 1,
      beforeUs: BASE_US + DAY_US + 1,
      buckets: 60,
      minLevel: 3,
    };
    const compiled = selectRolledUpVolume(1, filter, DAY_US / 60).compile(db);
    const result = await db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`EXPLAIN QUERY PLAN ${compiled.sql}`, [...compiled.parameters]),
    );
    const detail = result.rows.map((planRow) => planRow.detail).join('\n');
    expect(detail).toMatch(
      /SEARCH app_log_minutes USING PRIMARY KEY \(app_id=\? AND job_key=\? AND minute_us>\? AND minute_us<\?\)/,
    );
    expect(detail).toMatch(
      /SEARCH app_logs USING COVERING INDEX app_logs_app_time_level \(app_id=\? AND time_us>\? AND time_us<\?\)/,
    );
    expect(detail).not.toMatch(/\bSCAN app_logs\b/);
    // One row per split minute, no sort; only the rollup's buckets are grouped.
    expect(detail.match(/TEMP B-TREE/g)).toHaveLength(1);
  });
});
