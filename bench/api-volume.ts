/**
 * The volume route's part of `npm run bench:api` (decisions 019, 024): the count from the minute
 * rollup beside the count from the rows (the query before the rollup, still the one with `q`),
 * timed in pairs on the same filter, their order alternating, so both see the same load; then
 * the count with `q`, which has one path.
 */
import { performance } from 'node:perf_hooks';
import { parseVolumeQuery, type RawLogQuery } from '../server/logs/routes/log-query-params';
import { HttpError } from '../server/http/errors';
import { countLogVolume } from '../server/logs/store/app-logs-volume';
import type { Db } from '../server/database/schema';
import { stat, time, type Stat } from './stats';

export interface VolumeCases {
  /** A random `before` (seconds) with 24 h of entries before it. */
  randomBefore: () => number;
  /** The first second of the stored span. */
  spanStart: number;
  job: () => string;
  search: () => string;
  /** Samples per case (the row count is slow: at 1M entries in 24 h about a second each). */
  samples: number;
}

const MINUTE = 60;

/** Rollup and row count of the same filters, in pairs. */
async function paired(
  db: Db,
  appId: number,
  n: number,
  build: () => RawLogQuery,
): Promise<{ rollup: Stat; rows: Stat }> {
  const rollup: number[] = [];
  const rows: number[] = [];
  const run = async (filter: ReturnType<typeof parseVolumeQuery>, fromRows: boolean) => {
    const start = performance.now();
    await countLogVolume(db, appId, filter, { fromRows });
    (fromRows ? rows : rollup).push(performance.now() - start);
  };
  for (let i = 0; i < Math.min(5, n); i += 1) {
    await countLogVolume(db, appId, parseVolumeQuery(build()));
    await countLogVolume(db, appId, parseVolumeQuery(build()), { fromRows: true });
  }
  for (let i = 0; i < n; i += 1) {
    const filter = parseVolumeQuery(build());
    for (const fromRows of i % 2 === 0 ? [false, true] : [true, false]) await run(filter, fromRows);
  }
  return { rollup: stat(rollup), rows: stat(rows) };
}

/** Every case: `<case> rollup` and `<case> rows` stats, and `<case> q` for the search. */
export async function benchVolumeStore(
  db: Db,
  appId: number,
  cases: VolumeCases,
  timeouts: Record<string, number>,
): Promise<Record<string, Stat>> {
  const n = cases.samples;
  const before = () => String(cases.randomBefore());
  const onMinute = () => String(Math.floor(cases.randomBefore() / MINUTE) * MINUTE);
  const builds: Record<string, [number, () => RawLogQuery]> = {
    volume_24h: [n, () => ({ before: before() })],
    'volume_24h on a minute': [n, () => ({ before: onMinute() })],
    'volume_24h 240 buckets': [n, () => ({ before: before(), buckets: '240' })],
    volume_24h_level_error: [n, () => ({ before: before(), level: 'error' })],
    volume_24h_job: [n, () => ({ before: before(), job: cases.job() })],
    'volume whole span 168': [
      Math.ceil(n / 5),
      () => ({ since: String(cases.spanStart), buckets: '168' }),
    ],
  };
  const stats: Record<string, Stat> = {};
  for (const [name, [samples, build]] of Object.entries(builds)) {
    const { rollup, rows } = await paired(db, appId, samples, build);
    stats[`${name} rollup`] = rollup;
    stats[`${name} rows`] = rows;
    console.log(
      `${name}: rows ÷ rollup median ${(rows.median / rollup.median).toFixed(1)}×, p99 ${(rows.p99 / rollup.p99).toFixed(1)}×`,
    );
  }
  stats['volume_24h q'] = await time(Math.ceil(n / 2), () =>
    countLogVolume(db, appId, parseVolumeQuery({ before: before(), q: cases.search() })).catch(
      (error: unknown) => {
        if (!(error instanceof HttpError) || error.statusCode !== 400) throw error;
        timeouts.volume = (timeouts.volume ?? 0) + 1;
      },
    ),
  );
  return stats;
}
