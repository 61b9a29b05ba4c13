/**
 * `npm run bench:tail`: many viewers following live logs with the waiting poll (decision 013).
 * One service process (bench/tail-server.ts, fresh temp SQLite database) and this process
 * holding `TAILS` tails spread evenly over `APPS` apps, each in a loop of
 * `GET /apps/{key}/logs?since=<newest time held>&wait=25&limit=200`. A producer POSTs `RATE`
 * entries/s for `SECONDS` s (every 100 ms, one batch per app).
 *
 * Reported: delivery latency (a tail receives an entry, minus the entry's commit `time`: one
 * machine, one clock) p50/p95/p99 over every (tail, entry) pair; the service's own share of it
 * (a commit's time → the answers it woke handed to the sockets, per commit); whether every tail got every
 * entry of its app once; the service's highest RSS, its event-loop delay p50/p99/max, its
 * database queries per second (and of them the tails' page reads); requests per second the
 * tails sent.
 *
 * Env: TAILS (1000), APPS (10), RATE (1000), SECONDS (20), RUNS (3), PORT (18660, +1 per run),
 * SERVER_NODE_ARGS (more node flags for the service, e.g. `--cpu-prof --cpu-prof-dir=prof`).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const TAILS = Number(process.env.TAILS ?? 1000);
const APPS = Number(process.env.APPS ?? 10);
const RATE = Number(process.env.RATE ?? 1000);
const SECONDS = Number(process.env.SECONDS ?? 20);
const RUNS = Number(process.env.RUNS ?? 3);
const PORT = Number(process.env.PORT ?? 18660);
const TICK_MS = 100;

interface ServerStats {
  rssMb: number;
  delayP50Ms: number;
  delayP99Ms: number;
  delayMaxMs: number;
  queries: number;
  tailQueries: number;
  /** Commit → answers handed to the sockets, p50/p95/p99 (ms). */
  fanOutMs: [number, number, number];
  /** Of it, the entries' time → notify (the ingestion transaction), p50/p95/p99 (ms). */
  notifyMs: [number, number, number];
}

interface Ready {
  ready: true;
  token: string;
  appKeys: string[];
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/**
 * Requests over node:http with keep-alive: the thousand viewers are browsers, not this process,
 * so their client should cost the shared machine as little as possible (in a profile of this
 * process with fetch, undici's request and body machinery was most of its busy time), and
 * node:http has no connect timeout to fail a run on a machine so loaded that the service
 * accepts late. The parsed JSON answer, or null when aborted or failed.
 */
const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
function requestJson<T>(
  url: string,
  headers: Record<string, string>,
  options: { signal?: AbortSignal; body?: string } = {},
) {
  return new Promise<T | null>((resolve) => {
    const method = options.body === undefined ? 'GET' : 'POST';
    const req = httpRequest(url, { agent, headers, method, signal: options.signal }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        try {
          resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as T);
        } catch {
          resolve(null);
        }
      });
      res.on('error', () => {
        resolve(null);
      });
    });
    req.on('error', () => {
      resolve(null);
    });
    req.end(options.body);
  });
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
  deliveries: number;
  tailsComplete: number;
  rssMb: number;
  delayP50: number;
  delayP99: number;
  delayMax: number;
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

async function runOnce(run: number): Promise<RunResult> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-tail-'));
  const port = PORT + run - 1;
  const child = fork('bench/tail-server.ts', {
    execArgv: ['--import', 'tsx', ...(process.env.SERVER_NODE_ARGS?.split(' ') ?? [])],
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: join(dir, 'bench.db'),
      APPS: String(APPS),
    },
  });
  try {
    const ready = await new Promise<Ready>((resolve, reject) => {
      child.once('message', (message) => resolve(message as Ready));
      child.once('exit', (code) => reject(new Error(`server exited (${code})`)));
    });
    const base = `http://127.0.0.1:${port}/api/apps`;
    const headers = { Authorization: `Bearer ${ready.token}`, 'X-Service-Site': 'bench' };
    const latencies: number[] = [];
    const received = new Map<number, number>(); // tail → entries received
    let requests = 0;
    let stopping = false;
    // One controller per request in flight (a shared signal collects a listener per fetch).
    const inFlight = new Set<AbortController>();

    async function tail(index: number, key: string, startSeconds: number): Promise<void> {
      let cursor = startSeconds;
      let count = 0;
      while (!stopping) {
        const url = `${base}/${key}/logs?since=${cursor}&wait=25&limit=200`;
        requests += 1;
        const controller = new AbortController();
        inFlight.add(controller);
        const page = await requestJson<Array<{ id: string; time: number }>>(url, headers, {
          signal: controller.signal,
        });
        inFlight.delete(controller);
        if (!page) return;
        const now = Date.now();
        for (const entry of page) {
          if (entry.time <= cursor && count > 0) continue; // the entry at the cursor, held
          latencies.push(now - entry.time * 1000);
          count += 1;
        }
        received.set(index, count);
        const last = page.at(-1);
        if (last) cursor = last.time;
      }
    }

    const startSeconds = Date.now() / 1000;
    const tails = Array.from({ length: TAILS }, (_, index) =>
      tail(index, ready.appKeys[index % APPS] ?? '', startSeconds),
    );
    // Let every tail reach its held request before the clock starts.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    latencies.length = 0;
    const requestsAtStart = requests;
    await ask(child, 'start');
    const perApp = Math.max(1, Math.round((RATE * TICK_MS) / 1000 / APPS));
    const ticks = Math.round((SECONDS * 1000) / TICK_MS);
    const started = Date.now();
    const posts: Promise<unknown>[] = [];
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
          requestJson(
            `${base}/${key}/logs`,
            { ...headers, 'Content-Type': 'application/json' },
            { body: JSON.stringify({ logs }) },
          ),
        );
      }
      sentPerApp += perApp;
    }
    await Promise.all(posts);
    // The last commits reach the tails.
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && [...received.values()].some((n) => n < sentPerApp)) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const elapsed = (Date.now() - started) / 1000;
    const stats = await ask<ServerStats>(child, 'stats');
    stopping = true;
    for (const controller of inFlight) controller.abort();
    await Promise.allSettled(tails);
    const sorted = latencies.sort((a, b) => a - b);
    const complete = [...Array(TAILS).keys()].filter((i) => received.get(i) === sentPerApp).length;
    const result: RunResult = {
      deliveryP50: percentile(sorted, 50),
      deliveryP95: percentile(sorted, 95),
      deliveryP99: percentile(sorted, 99),
      deliveries: sorted.length,
      tailsComplete: complete,
      rssMb: stats.rssMb,
      delayP50: stats.delayP50Ms,
      delayP99: stats.delayP99Ms,
      delayMax: stats.delayMaxMs,
      queriesPerSecond: stats.queries / elapsed,
      tailQueriesPerSecond: stats.tailQueries / elapsed,
      fanOutP50: stats.fanOutMs[0],
      fanOutP95: stats.fanOutMs[1],
      fanOutP99: stats.fanOutMs[2],
      notifyP50: stats.notifyMs[0],
      notifyP95: stats.notifyMs[1],
      tailRequestsPerSecond: (requests - requestsAtStart) / elapsed,
      ingestedPerSecond: (sentPerApp * APPS) / SECONDS,
    };
    console.log(
      `run ${run}:`,
      JSON.stringify(result, (_, v: unknown) =>
        typeof v === 'number' ? Math.round(v * 10) / 10 : v,
      ),
    );
    return result;
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dir, { recursive: true, force: true });
  }
}

const results: RunResult[] = [];
for (let run = 1; run <= RUNS; run += 1) results.push(await runOnce(run));
const median = (key: keyof RunResult) =>
  percentile(
    results.map((result) => result[key]).sort((a, b) => a - b),
    50,
  );
console.log(
  `\nMedians of ${RUNS} runs: ${TAILS} tails over ${APPS} apps, ${RATE} entries/s for ${SECONDS} s`,
);
console.table({
  'delivery p50 (ms)': { median: median('deliveryP50').toFixed(0), target: '' },
  'delivery p95 (ms)': { median: median('deliveryP95').toFixed(0), target: '<= 200' },
  'delivery p99 (ms)': { median: median('deliveryP99').toFixed(0), target: '' },
  'service: commit → answers written p50/p95/p99 (ms)': {
    median: (['fanOutP50', 'fanOutP95', 'fanOutP99'] as const)
      .map((key) => median(key).toFixed(0))
      .join(' / '),
    target: '',
  },
  '… of it, entry time → commit notified p50/p95 (ms)': {
    median: `${median('notifyP50').toFixed(0)} / ${median('notifyP95').toFixed(0)}`,
    target: '',
  },
  'tails with every entry once': {
    median: median('tailsComplete').toFixed(0),
    target: String(TAILS),
  },
  'service RSS, highest (MB)': { median: median('rssMb').toFixed(0), target: '<= 300' },
  'event-loop delay p99 (ms)': { median: median('delayP99').toFixed(1), target: '<= 50' },
  'event-loop delay max (ms)': { median: median('delayMax').toFixed(1), target: '' },
  'database queries/s': { median: median('queriesPerSecond').toFixed(0), target: '' },
  'of them, page reads by tails/s': {
    median: median('tailQueriesPerSecond').toFixed(0),
    target: '',
  },
  'tail requests/s': { median: median('tailRequestsPerSecond').toFixed(0), target: '' },
});
