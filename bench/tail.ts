/**
 * `npm run bench:tail`: many viewers following live logs with the waiting poll (decisions 013,
 * 027). One service process (bench/tail-server.ts, fresh temp SQLite database), `TAILS` tails
 * spread evenly over `APPS` apps in `TAIL_WORKERS` worker threads (bench/tail-viewers.ts: each
 * tail a keep-alive socket looping on `GET /apps/{key}/logs?since=<newest time held>&wait=25
 * &limit=200`), and a producer on this thread POSTing `RATE` entries/s for `SECONDS` s (every
 * 100 ms, one batch per app).
 *
 * Reported: delivery latency (an entry reaches a tail, minus the entry's commit `time`: one
 * machine, one clock) p50/p95/p99 over every (tail, entry) pair, stamped when the answer's first
 * bytes arrived and after it was parsed; the service's own share of it (a commit's time → the
 * answers it woke handed to the sockets, per commit); whether every tail got every entry of its
 * app exactly once; the service's highest RSS, its event-loop delay p50/p99/max, its database
 * queries per second (and of them the tails' page reads); requests per second the tails sent;
 * the CPU share of the service and of this process, its CPU time per tail request, and the
 * tails' threads' event-loop delay and utilization (a client that falls behind would show up in
 * delivery).
 *
 * The floor (decision 036): with `BASELINE=raw` (the default) each round runs, right after the
 * service, the same load against bench/tail-raw-server.ts (node:http and better-sqlite3 alone,
 * nothing of the service), and the table gives the service's readings as a ratio to it: on a
 * shared machine whose speed drifts, that ratio holds where the absolute numbers do not.
 *
 * Env: TAILS (1000), APPS (10), RATE (1000), SECONDS (20), RUNS (3), PORT (18660, +1 per server
 * and run), TAIL_WORKERS (1), BASELINE (`raw`, or `none`), SERVER_NODE_ARGS (node flags for both
 * servers, after the service's own SERVICE_NODE_FLAGS: e.g. `--cpu-prof --cpu-prof-dir=prof`).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { SERVICE_NODE_FLAGS } from '../server/platform/node-flags';
import type { Ready, ServerStats } from './tail-server-probe';
import {
  HISTOGRAM_BUCKETS,
  type ViewersCommand,
  type ViewersReport,
  type ViewersSetup,
} from './tail-viewers';

const TAILS = Number(process.env.TAILS ?? 1000);
const APPS = Number(process.env.APPS ?? 10);
const RATE = Number(process.env.RATE ?? 1000);
const SECONDS = Number(process.env.SECONDS ?? 20);
const RUNS = Number(process.env.RUNS ?? 3);
const PORT = Number(process.env.PORT ?? 18660);
const TAIL_WORKERS = Number(process.env.TAIL_WORKERS ?? 1);
/** `raw`: each run also runs the floor (bench/tail-raw-server.ts) right after the service. */
const BASELINE = process.env.BASELINE ?? 'raw';
const SERVERS = {
  service: 'bench/tail-server.ts',
  ...(BASELINE === 'raw' ? { raw: 'bench/tail-raw-server.ts' } : {}),
};
type ServerName = keyof typeof SERVERS;
const TICK_MS = 100;

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** The producer's POSTs (a hundred a second: node:http's keep-alive agent is cheap enough). */
const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
function post(url: string, headers: Record<string, string>, body: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { agent, headers, method: 'POST' }, (res) => {
      res.resume();
      res.on('end', () => {
        if (res.statusCode === 201) resolve();
        else reject(new Error(`POST answered ${res.statusCode}`));
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** One worker thread of tails (bench/tail-viewers.ts), loaded through tsx like this file. */
class ViewersWorker {
  private readonly worker: Worker;
  private readonly answers: Array<(message: unknown) => void> = [];

  constructor(setup: ViewersSetup) {
    const url = new URL('./tail-viewers.ts', import.meta.url).href;
    this.worker = new Worker(
      `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(url)}); })`,
      { eval: true, workerData: setup },
    );
    this.worker.on('message', (message: unknown) => this.answers.shift()?.(message));
    this.worker.on('error', (error) => {
      console.error('tail worker failed:', error);
      process.exit(1);
    });
  }

  command<T>(command: ViewersCommand): Promise<T> {
    return new Promise((resolve) => {
      this.answers.push((message) => resolve(message as T));
      this.worker.postMessage(command);
    });
  }

  async stop(): Promise<ViewersReport> {
    const report = await this.command<ViewersReport>('stop');
    await this.worker.terminate();
    return report;
  }
}

/** Percentile of a histogram of 1 ms buckets. */
function histogramPercentile(histogram: Uint32Array, p: number): number {
  let total = 0;
  for (const count of histogram) total += count;
  const rank = Math.ceil((p / 100) * total);
  let seen = 0;
  for (let ms = 0; ms < histogram.length; ms += 1) {
    seen += histogram[ms] ?? 0;
    if (seen >= rank && total > 0) return ms;
  }
  return Number.NaN;
}

function sumOf(histograms: readonly Uint32Array[]): Uint32Array {
  const sum = new Uint32Array(HISTOGRAM_BUCKETS);
  for (const histogram of histograms) {
    for (let i = 0; i < sum.length; i += 1) sum[i] = (sum[i] ?? 0) + (histogram[i] ?? 0);
  }
  return sum;
}

function ask<T>(child: ChildProcess, message: string): Promise<T> {
  return new Promise((resolve) => {
    child.once('message', (answer) => resolve(answer as T));
    child.send(message);
  });
}

interface RunResult {
  deliveryP50: number;
  deliveryP95: number;
  deliveryP99: number;
  arrivalP50: number;
  arrivalP95: number;
  arrivalP99: number;
  deliveries: number;
  tailsComplete: number;
  tailsDisordered: number;
  failedRequests: number;
  rssMb: number;
  heapTotalMb: number;
  heapUsedMb: number;
  externalMb: number;
  delayP50: number;
  delayP99: number;
  delayMax: number;
  loopCpuP99: number;
  loopCpuMax: number;
  serviceCpu: number;
  benchCpu: number;
  viewersDelayP99: number;
  viewersUtilization: number;
  queriesPerSecond: number;
  tailQueriesPerSecond: number;
  fanOutP50: number;
  fanOutP95: number;
  fanOutP99: number;
  notifyP50: number;
  notifyP95: number;
  tailRequestsPerSecond: number;
  ingestedPerSecond: number;
}

async function runOnce(run: number, name: ServerName, port: number): Promise<RunResult> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-tail-'));
  const child = fork(SERVERS[name] ?? '', {
    execArgv: [
      '--import',
      'tsx',
      // The service runs as `npm start` runs it; the floor with node's defaults.
      ...(name === 'service' ? SERVICE_NODE_FLAGS : []),
      ...(process.env.SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
    ],
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: join(dir, 'bench.db'),
      APPS: String(APPS),
    },
  });
  let workers: ViewersWorker[] = [];
  try {
    const ready = await new Promise<Ready>((resolve, reject) => {
      child.once('message', (message) => resolve(message as Ready));
      child.once('exit', (code) => reject(new Error(`server exited (${code})`)));
    });
    const base = `http://127.0.0.1:${port}/api/apps`;
    const headers = { Authorization: `Bearer ${ready.token}`, 'X-Service-Site': 'bench' };
    const startSeconds = Date.now() / 1000;
    const tails = Array.from({ length: TAILS }, (_, index) => ({
      index,
      key: ready.appKeys[index % APPS] ?? '',
    }));
    const workerCount = TAILS === 0 ? 0 : Math.min(TAIL_WORKERS, TAILS);
    workers = Array.from(
      { length: workerCount },
      (_, w) =>
        new ViewersWorker({
          port,
          token: ready.token,
          tails: tails.filter((tail) => tail.index % workerCount === w),
          startSeconds,
        }),
    );
    // Let every tail reach its held request before the clock starts.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    await Promise.all(workers.map((worker) => worker.command('measure')));
    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    const cpuAtStart = process.cpuUsage();
    await ask(child, 'start');
    const perApp = Math.max(1, Math.round((RATE * TICK_MS) / 1000 / APPS));
    const ticks = Math.round((SECONDS * 1000) / TICK_MS);
    const started = Date.now();
    const posts: Promise<void>[] = [];
    let sentPerApp = 0;
    for (let tick = 0; tick < ticks; tick += 1) {
      const wait = started + tick * TICK_MS - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      for (const key of ready.appKeys) {
        const logs = Array.from({ length: perApp }, (_, i) => ({
          level: 'info',
          data: `t${tick} ${i}`,
        }));
        posts.push(
          post(
            `${base}/${key}/logs`,
            { ...headers, 'Content-Type': 'application/json' },
            JSON.stringify({ logs }),
          ),
        );
      }
      sentPerApp += perApp;
    }
    await Promise.all(posts);
    // The last commits reach the tails.
    const deadline = Date.now() + 10_000;
    const complete = async () => {
      const reports = await Promise.all(
        workers.map((worker) => worker.command<ViewersReport>('progress')),
      );
      return reports.every((report) =>
        Object.values(report.received).every((count) => count >= sentPerApp),
      );
    };
    while (Date.now() < deadline && !(await complete())) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const elapsed = (Date.now() - started) / 1000;
    const stats = await ask<ServerStats>(child, 'stats');
    const cpu = process.cpuUsage(cpuAtStart);
    delay.disable();
    const reports = await Promise.all(workers.map((worker) => worker.stop()));
    workers = [];
    const arrival = sumOf(reports.map((report) => report.arrivalHistogram));
    const parsed = sumOf(reports.map((report) => report.parsedHistogram));
    const received = reports.flatMap((report) => Object.values(report.received));
    const result: RunResult = {
      deliveryP50: histogramPercentile(parsed, 50),
      deliveryP95: histogramPercentile(parsed, 95),
      deliveryP99: histogramPercentile(parsed, 99),
      arrivalP50: histogramPercentile(arrival, 50),
      arrivalP95: histogramPercentile(arrival, 95),
      arrivalP99: histogramPercentile(arrival, 99),
      deliveries: parsed.reduce((sum, count) => sum + count, 0),
      tailsComplete: received.filter((count) => count === sentPerApp).length,
      tailsDisordered: reports.reduce((sum, report) => sum + report.disorderedTails, 0),
      failedRequests: reports.reduce((sum, report) => sum + report.failedRequests, 0),
      rssMb: stats.rssMb,
      heapTotalMb: stats.heapMb[0],
      heapUsedMb: stats.heapMb[1],
      externalMb: stats.heapMb[2],
      delayP50: stats.delayP50Ms,
      delayP99: stats.delayP99Ms,
      delayMax: stats.delayMaxMs,
      loopCpuP99: stats.loopCpuP99Ms,
      loopCpuMax: stats.loopCpuMaxMs,
      serviceCpu: stats.cpuShare,
      benchCpu: (cpu.user + cpu.system) / 1000 / (elapsed * 1000),
      viewersDelayP99: Math.max(delay.percentile(99) / 1e6, ...reports.map((r) => r.delayP99Ms)),
      viewersUtilization: Math.max(0, ...reports.map((report) => report.utilization)),
      queriesPerSecond: stats.queries / elapsed,
      tailQueriesPerSecond: stats.tailQueries / elapsed,
      fanOutP50: stats.fanOutMs[0],
      fanOutP95: stats.fanOutMs[1],
      fanOutP99: stats.fanOutMs[2],
      notifyP50: stats.notifyMs[0],
      notifyP95: stats.notifyMs[1],
      tailRequestsPerSecond: reports.reduce((sum, report) => sum + report.requests, 0) / elapsed,
      ingestedPerSecond: (sentPerApp * APPS) / SECONDS,
    };
    console.log(
      `run ${run} ${name}:`,
      JSON.stringify(result, (_, v: unknown) =>
        typeof v === 'number' ? Math.round(v * 100) / 100 : v,
      ),
    );
    return result;
  } finally {
    await Promise.all(workers.map((worker) => worker.stop()));
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dir, { recursive: true, force: true });
  }
}

const names = Object.keys(SERVERS) as ServerName[];
const results = new Map<ServerName, RunResult[]>(names.map((name) => [name, []]));
let nextPort = PORT;
for (let run = 1; run <= RUNS; run += 1) {
  for (const name of names) {
    results.get(name)?.push(await runOnce(run, name, nextPort));
    nextPort += 1;
  }
}

type Reading = keyof RunResult | ((result: RunResult) => number);
const valueOf = (result: RunResult, reading: Reading) =>
  typeof reading === 'function' ? reading(result) : result[reading];
const median = (name: ServerName, reading: Reading) =>
  percentile(
    (results.get(name) ?? []).map((result) => valueOf(result, reading)).sort((a, b) => a - b),
    50,
  );
/** Service CPU time per request the tails sent (µs). */
const cpuPerRequest = (result: RunResult) =>
  (result.serviceCpu / result.tailRequestsPerSecond) * 1e6;

/** A row: its readings (joined by ' / '), decimals, the target. */
const ROWS: Array<[label: string, readings: Reading[], digits: number, target: string]> = [
  ['delivery p50 (ms)', ['deliveryP50'], 0, ''],
  ['delivery p95 (ms)', ['deliveryP95'], 0, '<= 200'],
  ['delivery p99 (ms)', ['deliveryP99'], 0, ''],
  [
    'of it, until the first bytes arrived p50/p95/p99 (ms)',
    ['arrivalP50', 'arrivalP95', 'arrivalP99'],
    0,
    '',
  ],
  [
    'service: commit → answers written p50/p95/p99 (ms)',
    ['fanOutP50', 'fanOutP95', 'fanOutP99'],
    0,
    '',
  ],
  ['… of it, entry time → commit notified p50/p95 (ms)', ['notifyP50', 'notifyP95'], 0, ''],
  ['tails with every entry once', ['tailsComplete'], 0, String(TAILS)],
  ['tails given an entry twice or out of order', ['tailsDisordered'], 0, '0'],
  ['failed tail requests', ['failedRequests'], 0, '0'],
  ['service RSS, highest (MB)', ['rssMb'], 0, '<= 300'],
  [
    '… then V8 heap reserved / used, outside V8 (MB)',
    ['heapTotalMb', 'heapUsedMb', 'externalMb'],
    0,
    '',
  ],
  ['event-loop delay p99 (ms)', ['delayP99'], 1, '<= 50'],
  ['event-loop delay max (ms)', ['delayMax'], 1, ''],
  ['the same in CPU time, p99 / max (ms)', ['loopCpuP99', 'loopCpuMax'], 1, ''],
  ['database queries/s', ['queriesPerSecond'], 0, ''],
  ['of them, page reads by tails/s', ['tailQueriesPerSecond'], 0, ''],
  ['tail requests/s', ['tailRequestsPerSecond'], 0, ''],
  ['CPU share: service / bench (1 = a core)', ['serviceCpu', 'benchCpu'], 2, ''],
  ['service CPU per tail request (µs)', [cpuPerRequest], 1, ''],
  [
    "tails' threads: event-loop delay p99 (ms) / utilization",
    ['viewersDelayP99', 'viewersUtilization'],
    2,
    '',
  ],
];

console.log(
  `\nMedians of ${RUNS} runs: ${TAILS} tails over ${APPS} apps, ${RATE} entries/s for ${SECONDS} s` +
    (results.has('raw')
      ? '; beside it the floor (node:http and better-sqlite3 alone), run after it in each round'
      : ''),
);
console.table(
  Object.fromEntries(
    ROWS.map(([label, readings, digits, target]) => {
      const row: Record<string, string> = {};
      for (const name of names) {
        row[name] = readings.map((reading) => median(name, reading).toFixed(digits)).join(' / ');
      }
      if (results.has('raw') && readings.length === 1) {
        const [reading] = readings;
        const floor = reading === undefined ? 0 : median('raw', reading);
        row['service ÷ raw'] =
          reading !== undefined && floor > 0
            ? `${(median('service', reading) / floor).toFixed(2)}×`
            : '';
      }
      row.target = target;
      return [label, row];
    }),
  ),
);
