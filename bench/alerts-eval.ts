/**
 * `npm run bench:alerts` (issue 41, decisions 074 and 087): 50 alerts evaluated every minute on an
 * app of BENCH_ENTRIES (default 1,000,000) entries over 7 days, by the service's own evaluator in
 * the service's process, as the leader runs it. Reports each round's evaluation time (median,
 * p95, p99) and `GET /api/health` over HTTP while the rounds run, beside an idle control measured
 * in the same run before and after (ABA), so the figure is a ratio and not this busy machine's
 * speed. The rounds run back to back with the evaluator's clock a minute further each time (every
 * alert is due every round): a harder load than one round a minute. On SQLite; with
 * BENCH_DATABASE_URL on PostgreSQL.
 *
 * The 50 alerts: 30 from the rollup (level, job), 15 with a field condition (the bounded row
 * window, decision 076), 5 with a `q` (the search), windows of 5 to 60 minutes.
 */
import { execSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import type { AlertRule } from '../contract/schemas/alert';
import { LIQUID_RENDER_OPTIONS } from '../contract/liquid-render';
import { AlertEvaluator } from '../server/alerts/routes/evaluation/alert-evaluator';
import { insertAlert } from '../server/alerts/store/alerts';
import { TemplateRenderer } from '../server/notifications/mail/template-renderer';
import { buildApp } from '../server/platform/app';
import { openFilledLogs } from './logs-filled';
import { ms, printStats, stat, type Stat } from './stats';

const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 1_000_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const SPAN_US = 7 * 86_400 * 1_000_000;
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? '';
const MINUTE_MS = 60_000;
/** Health requests of each idle control. */
const IDLE_REQUESTS = Number(process.env.BENCH_IDLE_REQUESTS ?? 1000);
/**
 * Each counting statement's budget. The service's default (the search's 500 ms) runs out on this
 * loaded machine for a field condition at 1M entries, and a count past it ends the whole round
 * (reported in BENCHMARKS.md); the bench measures the rounds whole.
 */
const TIME_BUDGET_MS = Number(process.env.BENCH_TIME_BUDGET_MS ?? 10_000);

function rules(): AlertRule[] {
  const base = {
    app: 'main',
    every_minutes: 1,
    no_data: 'ok' as const,
    notify: {},
    enabled: true,
  };
  const windows = [5, 15, 30, 60];
  const out: AlertRule[] = [];
  for (let i = 0; i < 50; i += 1) {
    const window_minutes = windows[i % windows.length] ?? 5;
    const condition = { op: '>' as const, threshold: 10 + i, window_minutes };
    const name = `bench ${String(i)}`;
    if (i < 30) {
      out.push({
        ...base,
        name,
        condition,
        ...(i % 3 === 0
          ? { level: 'error' as const }
          : i % 3 === 1
            ? { level: 'warn' as const }
            : {}),
      });
    } else if (i < 45) {
      out.push({
        ...base,
        name,
        condition,
        where: [i % 2 === 0 ? 'status:502' : 'cache:products'],
      });
    } else {
      out.push({ ...base, name, condition, q: 'timeout' });
    }
  }
  return out;
}

/** GET /api/health one after another until `until` resolves (or `count` were sent). */
async function sampleHealth(
  url: string,
  options: { until?: Promise<unknown>; count?: number },
): Promise<number[]> {
  // Set by the promise's callback: an object, so the loop reads it anew each turn.
  const rounds = { done: false };
  void options.until?.then(() => (rounds.done = true));
  const samples: number[] = [];
  while (!rounds.done && (options.count === undefined || samples.length < options.count)) {
    const start = performance.now();
    const response = await fetch(url);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`health answered ${String(response.status)}`);
    samples.push(performance.now() - start);
  }
  return samples;
}

async function main(): Promise<void> {
  const started = Date.now();
  const { db, close } = await openFilledLogs(ENTRIES, SPAN_US);
  console.log(
    `${POSTGRES_URL ? 'PostgreSQL' : 'SQLite'}: ${String(ENTRIES)} entries filled in ${String(Math.round((Date.now() - started) / 1000))} s`,
  );
  const now = new Date().toISOString();
  for (const rule of rules()) await insertAlert(db, 'bench', rule, now);
  const app = await buildApp({ db });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  const health = `http://127.0.0.1:${String(address.port)}/api/health`;
  const renderer = new TemplateRenderer({
    liquid: LIQUID_RENDER_OPTIONS,
    maxOutputBytes: 1_000_000,
  });
  // The clock of the rounds: from this minute on, a minute further each round.
  let clockMs = Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS + 2_000;
  const evaluator = new AlertEvaluator({
    db,
    mailer: null,
    from: 'bench@console.test',
    renderer,
    publicUrl: 'https://console.example.com',
    now: () => clockMs,
    timeBudgetMs: TIME_BUDGET_MS,
  });
  const stats: Record<string, Stat> = {};
  try {
    console.log(`load before: ${execSync('uptime').toString().trim()}`);
    await sampleHealth(health, { count: 100 }); // warm-up
    const idleBefore = await sampleHealth(health, { count: IDLE_REQUESTS });
    // One round untimed first: the first evaluation of each alert (states are inserted).
    await evaluator.evaluateDue();
    const roundTimes: number[] = [];
    let evaluatedPerRound = 0;
    const rounds = (async () => {
      for (let round = 0; round < ROUNDS; round += 1) {
        clockMs += MINUTE_MS;
        const start = performance.now();
        evaluatedPerRound = await evaluator.evaluateDue();
        roundTimes.push(performance.now() - start);
      }
    })();
    const during = await sampleHealth(health, { until: rounds });
    await rounds;
    const idleAfter = await sampleHealth(health, { count: IDLE_REQUESTS });
    const idle = stat([...idleBefore, ...idleAfter]);
    stats[`evaluation round (${String(evaluatedPerRound)} alerts)`] = stat(roundTimes);
    stats['health, idle (before + after)'] = idle;
    stats['health, idle before'] = stat(idleBefore);
    stats['health, idle after'] = stat(idleAfter);
    const busy = stat(during);
    stats['health, during evaluation'] = busy;
    printStats('case (ms)', stats);
    console.log(
      `\nhealth p99 during evaluation vs idle: ${ms(busy.p99)} vs ${ms(idle.p99)} ms ` +
        `(+${ms(busy.p99 - idle.p99)} ms, ×${(busy.p99 / idle.p99).toFixed(1)}); ` +
        `median ×${(busy.median / idle.median).toFixed(1)}`,
    );
    console.log(`load after: ${execSync('uptime').toString().trim()}`);
  } finally {
    await app.close();
    await renderer.close();
    await close();
  }
}

await main();
