/**
 * The store half of bench/api.ts: in-process latency (median, p99) of `select 1`, of `queryLogs`
 * (tail, newest-first page, level, job, `q` by search strategy) and of the volume count, on one
 * app of a filled database spanning `startUs`..`endUs`.
 */
import { sql, type Kysely } from 'kysely';
import { HttpError } from '../server/errors';
import { parseLogQuery, parseVolumeQuery, type RawLogQuery } from '../server/routes/app-logs-query';
import { queryLogs } from '../server/store/app-logs';
import { countLogVolume } from '../server/store/app-logs-volume';
import type { Database } from '../server/store/db';
import { int, JOBS, pick, random, USERS } from './log-entries';
import { time, type Stat } from './stats';

const DAY_US = 86_400_000_000;

/** Seconds (as the API takes them) at a random time between two µs times. */
export const randomTime = (fromUs: number, toUs: number) =>
  (fromUs + random() * (toUs - fromUs)) / 1e6;

/**
 * The store's latencies by query. A search past its time budget (400 too_slow) counts with the
 * time it took, and is counted in `timeouts` by scan budget.
 */
export async function measureStore(
  db: Kysely<Database>,
  mainId: number,
  startUs: number,
  endUs: number,
  timeouts: Record<string, number>,
): Promise<Record<string, Stat>> {
  const store = (n: number, build: () => RawLogQuery, scanBudget?: number) =>
    time(n, () =>
      queryLogs(db, mainId, parseLogQuery(build()), { scanBudget }).catch((error: unknown) => {
        if (!(error instanceof HttpError) || error.statusCode !== 400) throw error;
        const key = String(scanBudget ?? 'default');
        timeouts[key] = (timeouts[key] ?? 0) + 1;
      }),
    );
  const searches = ['payment failed', 'timeout', '"card declined"', 'level:error inventory', 'ada'];
  const dbStats: Record<string, Stat> = {
    // The floor under every query: `select 1` (PostgreSQL: one round trip through the pool; on a
    // loaded machine its p99 is the scheduler's, and so is every other p99's).
    round_trip: await time(1000, () => sql`select 1`.execute(db)),
    tail: await store(1000, () => ({
      since: String(randomTime(startUs, endUs - 3_600e6)),
      limit: '200',
    })),
    page: await store(1000, () =>
      random() < 0.5
        ? { limit: '200' }
        : { before: String(randomTime(startUs + DAY_US, endUs)), limit: '200' },
    ),
    level_error: await store(300, () => ({
      level: 'error',
      before: String(randomTime(startUs + DAY_US, endUs)),
      limit: '200',
    })),
    job: await store(300, () => ({
      job: pick(JOBS),
      before: String(randomTime(startUs + DAY_US, endUs)),
      limit: '200',
    })),
  };
  // `q` by strategy: the chosen hybrid (scan budget, then the FTS index), scan only, index only.
  const rare = () => `${pick(USERS)} ${int(100_000)}`;
  const window = () => String(randomTime(startUs + DAY_US, endUs));
  const since7d = String(startUs / 1e6);
  for (const [strategy, budget] of [
    ['', undefined],
    [' budget 5000', 5000],
    [' scan only', Infinity],
    [' fts only', 0],
  ] as const) {
    dbStats[`q_24h${strategy}`] = await store(
      150,
      () => ({ q: pick(searches), before: window(), limit: '200' }),
      budget,
    );
    dbStats[`q_24h_rare${strategy}`] = await store(
      budget === Infinity ? 30 : 100,
      () => ({ q: rare(), before: window(), limit: '200' }),
      budget,
    );
    dbStats[`q_7d_since${strategy}`] = await store(
      budget === 0 ? 30 : 100,
      () => ({ q: pick(searches), since: since7d, limit: '200' }),
      budget,
    );
    dbStats[`q_7d_since_rare${strategy}`] = await store(
      budget === Infinity ? 10 : 50,
      () => ({ q: rare(), since: since7d, limit: '200' }),
      budget,
    );
  }
  // The volume route's count (decision 019): 60 buckets, a random 24 h window or all 7 days.
  const volume = (n: number, build: () => RawLogQuery) =>
    time(n, () =>
      countLogVolume(db, mainId, parseVolumeQuery(build())).catch((error: unknown) => {
        if (!(error instanceof HttpError) || error.statusCode !== 400) throw error;
        timeouts.volume = (timeouts.volume ?? 0) + 1;
      }),
    );
  dbStats.volume_24h = await volume(300, () => ({ before: window() }));
  dbStats.volume_24h_level_error = await volume(300, () => ({
    before: window(),
    level: 'error',
  }));
  dbStats.volume_7d = await volume(50, () => ({ since: since7d, buckets: '168' }));
  dbStats.volume_24h_q = await volume(50, () => ({ before: window(), q: pick(searches) }));
  return dbStats;
}
