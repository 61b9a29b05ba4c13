/**
 * `npm run bench:logs:where` (decision 055): a page of 100 (newest first) and the 24 h volume with
 * exact field conditions (`where`, `where_not`) on an app of BENCH_ENTRIES (default 200,000)
 * entries over 7 days, beside the same queries without a condition, in the same run, so the
 * figures are ratios and not this busy machine's speed. A condition has no index: a page tests
 * it row by row along each level's time range, so a rare value reads far more rows than a common
 * one; the volume with a condition counts rows instead of the minute rollup. A query past its
 * budget answers `too_slow` (counted, not timed). On SQLite; with BENCH_DATABASE_URL on PostgreSQL.
 */
import {
  parseLogQuery,
  parseVolumeQuery,
  type RawLogQuery,
} from '../server/logs/routes/log-query-params';
import { queryLogs } from '../server/logs/store/app-logs-read';
import { countLogVolume } from '../server/logs/store/app-logs-volume';
import { openFilledLogs } from './logs-filled';
import { printStats, time, type Stat } from './stats';

const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 200_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 20);
const SPAN_US = 7 * 86_400 * 1_000_000;
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? '';

/** Times `run`, or null when it answered too_slow (its budget ran out). */
async function timed(run: () => Promise<unknown>): Promise<Stat | null> {
  try {
    return await time(SAMPLES, run);
  } catch (error) {
    if (error instanceof Error && /too_slow|time budget|ran past/i.test(error.message)) return null;
    throw error;
  }
}

async function main(): Promise<void> {
  const started = Date.now();
  const { db, appId, close } = await openFilledLogs(ENTRIES, SPAN_US);
  console.log(
    `${POSTGRES_URL ? 'PostgreSQL' : 'SQLite'}: ${String(ENTRIES)} entries filled in ${String(Math.round((Date.now() - started) / 1000))} s`,
  );
  // Shares of the fill (bench/log-entries.ts): status 502 12%, cache 20%, rss_mb=1000 ~0.005%.
  const cases: Record<string, RawLogQuery> = {
    'where=status:502': { where: 'status:502' },
    'where=cache:products': { where: 'cache:products' },
    'where_not=status:502': { where_not: 'status:502' },
    'where=rss_mb:1000 (rare)': { where: 'rss_mb:1000' },
  };
  const stats: Record<string, Stat> = {};
  const ratios: string[] = [];
  try {
    const basePage = await timed(() => queryLogs(db, appId, parseLogQuery({})));
    const baseVolume = await timed(() => countLogVolume(db, appId, parseVolumeQuery({})));
    if (basePage) stats['no condition: page (100)'] = basePage;
    if (baseVolume) stats['no condition: volume 24 h'] = baseVolume;
    for (const [name, raw] of Object.entries(cases)) {
      const page = await timed(() => queryLogs(db, appId, parseLogQuery(raw)));
      const volume = await timed(() => countLogVolume(db, appId, parseVolumeQuery(raw)));
      if (page) stats[`${name}: page`] = page;
      if (volume) stats[`${name}: volume`] = volume;
      const ratio = (s: Stat | null, base: Stat | null) =>
        s && base ? `×${(s.median / base.median).toFixed(1)}` : 'too_slow';
      ratios.push(
        `${name}: page ${ratio(page, basePage)}, volume ${ratio(volume, baseVolume)} (median vs no condition)`,
      );
    }
  } finally {
    await close();
  }
  printStats('case (ms)', stats);
  console.log(`\n${ratios.join('\n')}`);
}

await main();
