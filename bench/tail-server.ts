/**
 * The service for bench/tail.ts, in its own process so the thousand tails and the server do not
 * share one event loop. It sets up a fresh database (a site, `APPS` apps, a token), counts every
 * database query (a Kysely plugin), and answers `stats` over IPC with its RSS (the highest seen
 * since `start`), event-loop delay percentiles, and the queries since `start`: all of them, and
 * the waiting tails' (each a page read and the app's newest time, two statements).
 *
 * The event-loop delay on a loaded machine is mostly the process waiting for a core; beside it,
 * the same delay counted in CPU time (`loopCpu`: the process's CPU time between two turns of a
 * 5 ms timer, less the 5 ms) says how long the blocks the loop ran were, whatever the load.
 */
import { createHistogram, monitorEventLoopDelay, performance } from 'node:perf_hooks';
import type { KyselyPlugin } from 'kysely';
import { buildApp } from '../server/app';
import { AuthFailureLimiter } from '../server/auth-limiter';
import { insertApp } from '../server/store/apps';
import { migrateToLatest, openDatabase } from '../server/store/db';
import { createSite, ensureMembership } from '../server/store/sites';
import { findOrCreateUser, issueToken } from '../server/store/tokens';
import { appFixture } from '../server/test-support.test-helper';
import { InProcessLogNotifier, type LogNotifier } from '../server/logs/log-notifier';
import type { LogWaitStats } from '../server/logs/log-waits';

function percentileOf(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

let queries = 0;
const counting: KyselyPlugin = {
  transformQuery: (args) => {
    queries += 1;
    return args.node;
  },
  transformResult: (args) => Promise.resolve(args.result),
};

const raw = openDatabase(process.env.DATABASE_URL ?? '');
await migrateToLatest(raw);
await createSite(raw, 'bench', 'Bench');
const userId = await findOrCreateUser(raw, 'bench@example.com');
await ensureMembership(raw, userId, 'bench');
const token = await issueToken(raw, userId);
const appKeys = Array.from({ length: Number(process.env.APPS ?? 10) }, (_, i) => `tail-${i}`);
for (const key of appKeys) await insertApp(raw, 'bench', appFixture(key));

/**
 * The service's own share of delivery: for each commit that woke waiting requests, from the
 * commit's time to when their answers have been handed to the sockets (the answers are written
 * in the microtasks after `notify`; a `setImmediate` runs after them). What the bench process
 * adds after that (reading, parsing, its own event loop) is not in it.
 */
const fanOutMs: number[] = [];
/** Of it, the entries' time → `notify` (the transaction, and the turns of the loop it awaits). */
const notifyMs: number[] = [];
const inProcess = new InProcessLogNotifier();
const timedNotifier: LogNotifier = {
  notify: (appId, commit) => {
    const before = app.logTails.stats().waiting;
    inProcess.notify(appId, commit);
    const committedMs = (commit?.rows[0]?.timeUs ?? Date.now() * 1000) / 1000;
    const notifiedMs = Date.now();
    const { waiting = 0, queued = 0, dequeued = 0 } = queueStats();
    // Answers are written in turns (decision 034); older trees answered within `notify`.
    if (waiting < before || queued > dequeued) {
      whenAnswered(queued, () => {
        fanOutMs.push(Date.now() - committedMs);
        notifyMs.push(notifiedMs - committedMs);
      });
    }
  },
  notifyAll: () => inProcess.notifyAll(),
  subscribe: (appId, listener) => inProcess.subscribe(appId, listener),
};

/** Partial: older trees (main, in A/B runs) have no queue counters. */
function queueStats(): Partial<LogWaitStats> {
  return app.logTails.stats();
}

/** Calls `done` after the turn that answered the first `queued` answers queued since the start. */
function whenAnswered(queued: number, done: () => void): void {
  setImmediate(() => {
    if ((queueStats().dequeued ?? queued) < queued) whenAnswered(queued, done);
    else done();
  });
}

const db = raw.withPlugin(counting);
const app = await buildApp({
  db,
  staticDir: null,
  authLimiter: new AuthFailureLimiter(1_000_000),
  logNotifier: timedNotifier,
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });

const delay = monitorEventLoopDelay({ resolution: 5 });
delay.enable();
const LOOP_CPU_TICK_MS = 5;
const loopCpu = createHistogram();
const cpuMicros = (): number => {
  const usage = process.cpuUsage();
  return usage.user + usage.system;
};
let lastCpu = cpuMicros();
setInterval(() => {
  const now = cpuMicros();
  loopCpu.record(Math.max(1, now - lastCpu - LOOP_CPU_TICK_MS * 1000));
  lastCpu = now;
}, LOOP_CPU_TICK_MS).unref();
let maxRss = 0;
/** What the RSS holds at its highest: V8's heap (reserved and used) and memory outside it. */
let atMaxRss = process.memoryUsage();
let startQueries = 0;
let startTailQueries = 0;
let startCpu = process.cpuUsage();
let startedAt = performance.now();
setInterval(() => {
  const memory = process.memoryUsage();
  if (memory.rss > maxRss) {
    maxRss = memory.rss;
    atMaxRss = memory;
  }
}, 250).unref();

process.on('message', (message) => {
  if (message === 'start') {
    delay.reset();
    loopCpu.reset();
    atMaxRss = process.memoryUsage();
    maxRss = atMaxRss.rss;
    startQueries = queries;
    startTailQueries = app.logTails.stats().queries;
    fanOutMs.length = 0;
    notifyMs.length = 0;
    startCpu = process.cpuUsage();
    startedAt = performance.now();
    process.send?.('started');
  } else if (message === 'stats') {
    const cpu = process.cpuUsage(startCpu);
    process.send?.({
      cpuShare: (cpu.user + cpu.system) / 1000 / (performance.now() - startedAt),
      rssMb: Math.max(maxRss, process.memoryUsage().rss) / 2 ** 20,
      heapMb: [atMaxRss.heapTotal, atMaxRss.heapUsed, atMaxRss.external].map((b) => b / 2 ** 20),
      delayP50Ms: delay.percentile(50) / 1e6,
      delayP99Ms: delay.percentile(99) / 1e6,
      delayMaxMs: delay.max / 1e6,
      loopCpuP99Ms: loopCpu.percentile(99) / 1000,
      loopCpuMaxMs: loopCpu.max / 1000,
      queries: queries - startQueries,
      tailQueries: app.logTails.stats().queries - startTailQueries,
      fanOutMs: [50, 95, 99].map((p) => percentileOf(fanOutMs, p)),
      notifyMs: [50, 95, 99].map((p) => percentileOf(notifyMs, p)),
    });
  }
});
process.send?.({ ready: true, token, appKeys });
process.on('SIGTERM', () => {
  void app.close().then(() => raw.destroy().then(() => process.exit(0)));
});
