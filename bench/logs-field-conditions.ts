/**
 * `npm run bench:logs:where` (decisions 055 and 076): a page of 100 (newest first), the 24 h
 * volume and an alert check (its per-minute counts, server/alerts/routes/alert-counts.ts) with
 * exact field conditions (`where`, `where_not`) on an app of BENCH_ENTRIES (default 1,000,000)
 * entries over 7 days, beside a page without a condition in the same run, so the figures are
 * ratios and not this busy machine's speed. A condition has no index: since decision 076 a page
 * or a volume with one reads at most the newest LOG_FIELD_SCAN_ROWS entries of its range and says
 * where it stopped; the "whole range" rows are the reading before 076, for comparison (a query
 * past its budget answers `too_slow`: counted, not timed). On SQLite; with BENCH_DATABASE_URL on
 * PostgreSQL.
 *
 * The rare value's 24 h alert window is timed three ways (decision 095): counted at once (no
 * memo: what a simulation does, and every check did before 095: the control), the evaluator's
 * first check (it remembers nothing: one row window, partial) and its next check (everything
 * remembered but the newest minute, as a minute later), with how many checks catch up.
 */
import { execSync } from 'node:child_process';
import type { AlertRule } from '../contract/schemas/alert';
import { AlertCountMemo, type MinuteMemo } from '../server/alerts/routes/alert-count-memo';
import { alertMinuteCounts } from '../server/alerts/routes/alert-counts';
import {
  parseLogQuery,
  parseVolumeQuery,
  type RawLogQuery,
} from '../server/logs/routes/log-query-params';
import { queryLogs } from '../server/logs/store/app-logs-read';
import { countLogVolume } from '../server/logs/store/app-logs-volume';
import { openFilledLogs } from './logs-filled';
import { printStats, time, type Stat } from './stats';

const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 1_000_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 100);
const SPAN_US = 7 * 86_400 * 1_000_000;
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? '';
/** The reading before decision 076 is timed a few times only: it runs to its budget. */
const WHOLE_RANGE_SAMPLES = 3;

/** A ratio with two figures below 1 (×0.03), one above (×12.4). */
const times = (ratio: number) => ratio.toFixed(ratio < 1 ? 2 : 1);

/** Times `run`, or null when it answered too_slow (its budget ran out). */
async function timed(run: () => Promise<unknown>, samples = SAMPLES): Promise<Stat | null> {
  try {
    return await time(samples, run);
  } catch (error) {
    if (error instanceof Error && /too_slow|time budget|ran past/i.test(error.message)) return null;
    throw error;
  }
}

/** An alert rule on the bench's app with these conditions (only the query part is read). */
function ruleOf(raw: RawLogQuery): AlertRule {
  // The bench's cases give each condition once, as a string.
  const list = (value: unknown) => (typeof value === 'string' ? [value] : undefined);
  return {
    name: 'bench',
    app: 'bench',
    where: list(raw.where),
    where_not: list(raw.where_not),
    condition: { op: '>', threshold: 1, window_minutes: 60 },
    every_minutes: 1,
    no_data: 'ok',
    notify: {},
    enabled: true,
  };
}

/**
 * The evaluator's checks of a 24 h window with a memo (decision 095): the first (nothing
 * remembered), the next (all but the newest minute remembered), and how many checks a cold memo
 * takes to count the whole window.
 */
async function rememberedChecks(
  db: Awaited<ReturnType<typeof openFilledLogs>>['db'],
  appId: number,
  rule: AlertRule,
): Promise<{ first: Stat; next: Stat; untilWhole: number }> {
  const minuteMs = 60_000;
  const sinceMs = Math.floor(Date.now() / minuteMs) * minuteMs - 1440 * minuteMs;
  const check = (memo: MinuteMemo) =>
    alertMinuteCounts(db, appId, rule, sinceMs, 1440, { memo, timeBudgetMs: 60_000 });
  const first = await time(SAMPLES, () => check(new AlertCountMemo().minutesOf(1, appId, rule)));
  const memo = new AlertCountMemo().minutesOf(1, appId, rule);
  let untilWhole = 1;
  // A minute holding more than the row window would never be whole: stop after a day of checks.
  while (untilWhole < 1440 && (await check(memo)).counted !== undefined) untilWhole += 1;
  // The newest minute with entries (a kept fill, BENCH_KEEP_DB, may end before now).
  const newestMs = memo.newest() ?? sinceMs;
  const next = await time(SAMPLES, () => {
    memo.delete(newestMs);
    return check(memo);
  });
  return { first, next, untilWhole };
}

async function main(): Promise<void> {
  const started = Date.now();
  const { db, appId, close } = await openFilledLogs(ENTRIES, SPAN_US);
  console.log(
    `${POSTGRES_URL ? 'PostgreSQL' : 'SQLite'}: ${String(ENTRIES)} entries filled in ${String(Math.round((Date.now() - started) / 1000))} s`,
  );
  console.log(`load before: ${execSync('uptime').toString().trim()}`);
  // Shares of the fill (bench/log-entries.ts): status 502 12%, cache 20%, rss_mb=1000 ~0.005%.
  const cases: Record<string, RawLogQuery> = {
    'where=status:502': { where: 'status:502' },
    'where=cache:products': { where: 'cache:products' },
    'where_not=status:502': { where_not: 'status:502' },
    'where=rss_mb:1000 (rare)': { where: 'rss_mb:1000' },
  };
  const stats: Record<string, Stat> = {};
  const ratios: string[] = [];
  const ratio = (s: Stat | null, base: Stat | null) =>
    s && base
      ? `×${times(s.median / base.median)} median, ×${times(s.p99 / base.p99)} p99`
      : 'too_slow';
  try {
    const basePage = await timed(() => queryLogs(db, appId, parseLogQuery({})));
    if (basePage) stats['no condition: page (100)'] = basePage;
    const baseVolume = await timed(() => countLogVolume(db, appId, parseVolumeQuery({})));
    if (baseVolume) stats['no condition: volume 24 h'] = baseVolume;
    for (const [name, raw] of Object.entries(cases)) {
      const page = await timed(() => queryLogs(db, appId, parseLogQuery(raw)));
      const volume = await timed(() => countLogVolume(db, appId, parseVolumeQuery(raw)));
      const rule = ruleOf(raw);
      const alert60 = await timed(() =>
        alertMinuteCounts(db, appId, rule, Date.now() - 60 * 60_000, 60),
      );
      if (page) stats[`${name}: page`] = page;
      if (volume) stats[`${name}: volume`] = volume;
      if (alert60) stats[`${name}: alert 60 min`] = alert60;
      ratios.push(
        `${name} vs no-condition page: page ${ratio(page, basePage)}; volume ${ratio(volume, basePage)}; alert 60 min ${ratio(alert60, basePage)}`,
      );
    }
    const rare = cases['where=rss_mb:1000 (rare)'] ?? {};
    const alert24h = await timed(() =>
      alertMinuteCounts(db, appId, ruleOf(rare), Date.now() - 1440 * 60_000, 1440),
    );
    if (alert24h) stats['rare: alert 24 h at once'] = alert24h;
    ratios.push(`rare alert 24 h at once vs no-condition page: ${ratio(alert24h, basePage)}`);
    const checks = await rememberedChecks(db, appId, ruleOf(rare));
    stats['rare: alert 24 h, first check'] = checks.first;
    stats['rare: alert 24 h, next check'] = checks.next;
    ratios.push(
      `rare alert 24 h, first check vs at once: ${ratio(checks.first, alert24h)}; next check vs at once: ${ratio(checks.next, alert24h)}; checks until whole: ${String(checks.untilWhole)}`,
    );
    const whole = { fieldScanRows: Infinity };
    const wholePage = await timed(
      () => queryLogs(db, appId, parseLogQuery(rare), whole),
      WHOLE_RANGE_SAMPLES,
    );
    const wholeVolume = await timed(
      () => countLogVolume(db, appId, parseVolumeQuery(rare), whole),
      WHOLE_RANGE_SAMPLES,
    );
    if (wholePage) stats['rare, whole range: page'] = wholePage;
    if (wholeVolume) stats['rare, whole range: volume'] = wholeVolume;
    ratios.push(
      `rare, whole range (before 076) vs no-condition page: page ${ratio(wholePage, basePage)}; volume ${ratio(wholeVolume, basePage)}`,
    );
  } finally {
    await close();
  }
  printStats('case (ms)', stats);
  console.log(`\n${ratios.join('\n')}`);
  console.log(`load after: ${execSync('uptime').toString().trim()}`);
}

await main();
