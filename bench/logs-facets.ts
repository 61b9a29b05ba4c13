/**
 * `npm run bench:logs:facets` (issue 30, decision 053): the facets of `status` (the top values of
 * a field of the entries' data) on an app of BENCH_ENTRIES (default 1,000,000) entries over 7
 * days, beside the plain list query of the same filters (a page of 100), in the same run, so the
 * figure is a ratio and not this busy machine's speed. The facets read the newest
 * LOG_FACETS_SCAN_CAP (2,000) matching entries of the window and count them; the list reads 100.
 * On SQLite; with BENCH_DATABASE_URL on PostgreSQL (a database of its own, dropped at the end).
 */
import { LOG_FACETS_SCAN_CAP } from '../contract/schemas/app-log-facets';
import {
  parseLogQuery,
  parseVolumeQuery,
  type RawLogQuery,
} from '../server/logs/routes/log-query-params';
import { logFacets } from '../server/logs/store/app-logs-facets';
import { queryLogs } from '../server/logs/store/app-logs-read';
import { openFilledLogs } from './logs-filled';
import { printStats, time, type Stat } from './stats';

const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 1_000_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 100);
const SPAN_US = 7 * 86_400 * 1_000_000;
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? '';

async function main(): Promise<void> {
  const started = Date.now();
  const { db, appId, close } = await openFilledLogs(ENTRIES, SPAN_US);
  console.log(
    `${POSTGRES_URL ? 'PostgreSQL' : 'SQLite'}: ${String(ENTRIES)} entries filled in ${String(Math.round((Date.now() - started) / 1000))} s`,
  );
  // The fill ends at about now; each case's window is the 24 hours before it (the default).
  const cases: Record<string, RawLogQuery> = {
    'no filter': {},
    'level=warn': { level: 'warn' },
    'q=webhook': { q: 'webhook' },
  };
  const stats: Record<string, Stat> = {};
  const ratios: string[] = [];
  try {
    for (const [name, raw] of Object.entries(cases)) {
      const list = parseLogQuery(raw);
      const { sinceUs, beforeUs, buckets: _b, ...filter } = parseVolumeQuery(raw);
      const facets = () =>
        logFacets(db, appId, {
          filter: { ...filter, limit: LOG_FACETS_SCAN_CAP },
          lowUs: sinceUs,
          highUs: beforeUs,
          field: 'status',
          cap: LOG_FACETS_SCAN_CAP,
          limit: 10,
        });
      const sample = await facets();
      console.log(
        `${name}: scanned ${String(sample.scanned)}, capped ${String(sample.capped)}, top ${JSON.stringify(sample.values.slice(0, 3))}`,
      );
      // Interleaved, so both meet the same moments of the machine's load.
      const listStats: Stat[] = [];
      const facetStats: Stat[] = [];
      for (let round = 0; round < 5; round += 1) {
        listStats.push(await time(SAMPLES / 5, () => queryLogs(db, appId, list)));
        facetStats.push(await time(SAMPLES / 5, facets));
      }
      const merged = (all: Stat[]): Stat => ({
        median: all.map((s) => s.median).sort((a, b) => a - b)[2] ?? 0,
        p95: all.map((s) => s.p95).sort((a, b) => a - b)[2] ?? 0,
        p99: all.map((s) => s.p99).sort((a, b) => a - b)[2] ?? 0,
        n: all.reduce((sum, s) => sum + s.n, 0),
      });
      const l = merged(listStats);
      const f = merged(facetStats);
      stats[`${name}: list (100)`] = l;
      stats[`${name}: facets (2,000)`] = f;
      ratios.push(
        `${name}: facets / list  median ×${(f.median / l.median).toFixed(1)}  p95 ×${(f.p95 / l.p95).toFixed(1)}`,
      );
    }
  } finally {
    await close();
  }
  printStats('case (ms, median of 5 rounds)', stats);
  console.log(`\n${ratios.join('\n')}`);
}

await main();
