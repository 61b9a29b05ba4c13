/**
 * What a server of bench/tail.ts measures of itself, and its side of the IPC with the bench:
 * `ready` (token and app keys) once it listens, then `start` (reset every reading) and `stats`
 * (ServerStats since `start`). bench/tail-server.ts (the service) and bench/tail-raw-server.ts
 * (the floor: node:http and better-sqlite3 alone) both use it, so both are measured alike.
 *
 * The event-loop delay on a loaded machine is mostly the process waiting for a core; beside it,
 * the same delay counted in CPU time (`loopCpu`: the process's CPU time between two turns of a
 * 5 ms timer, less the 5 ms) says how long the blocks the loop ran were, whatever the load.
 */
import { createHistogram, monitorEventLoopDelay, performance } from 'node:perf_hooks';

export interface ServerStats {
  /** Its CPU time over wall time since `start` (1: one core). */
  cpuShare: number;
  rssMb: number;
  /** At the highest RSS: V8 heap reserved, of it used, and memory outside V8's heap (MB). */
  heapMb: [number, number, number];
  delayP50Ms: number;
  delayP99Ms: number;
  delayMaxMs: number;
  /** The same delay in the service's CPU time (what the loop ran, not the wait for a core). */
  loopCpuP99Ms: number;
  loopCpuMaxMs: number;
  queries: number;
  tailQueries: number;
  /** Commit → answers handed to the sockets, p50/p95/p99 (ms). */
  fanOutMs: [number, number, number];
  /** Of it, the entries' time → notify (the ingestion transaction), p50/p95/p99 (ms). */
  notifyMs: [number, number, number];
}

export interface Ready {
  ready: true;
  token: string;
  appKeys: string[];
}

export interface ProbeCounters {
  /** Database statements run since the process started, all of them and the tails'. */
  queries(): number;
  tailQueries(): number;
  /** Commit → answers written, and of it entry time → commit notified, per commit (ms). */
  readonly fanOutMs: number[];
  readonly notifyMs: number[];
}

function percentileOf(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

const LOOP_CPU_TICK_MS = 5;

/** Starts measuring and answers the bench; `close` runs on SIGTERM. */
export function startProbe(
  ready: Ready,
  counters: ProbeCounters,
  close: () => Promise<void>,
): void {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
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
      startQueries = counters.queries();
      startTailQueries = counters.tailQueries();
      counters.fanOutMs.length = 0;
      counters.notifyMs.length = 0;
      startCpu = process.cpuUsage();
      startedAt = performance.now();
      process.send?.('started');
    } else if (message === 'stats') {
      const cpu = process.cpuUsage(startCpu);
      const stats: ServerStats = {
        cpuShare: (cpu.user + cpu.system) / 1000 / (performance.now() - startedAt),
        rssMb: Math.max(maxRss, process.memoryUsage().rss) / 2 ** 20,
        heapMb: [
          atMaxRss.heapTotal / 2 ** 20,
          atMaxRss.heapUsed / 2 ** 20,
          atMaxRss.external / 2 ** 20,
        ],
        delayP50Ms: delay.percentile(50) / 1e6,
        delayP99Ms: delay.percentile(99) / 1e6,
        delayMaxMs: delay.max / 1e6,
        loopCpuP99Ms: loopCpu.percentile(99) / 1000,
        loopCpuMaxMs: loopCpu.max / 1000,
        queries: counters.queries() - startQueries,
        tailQueries: counters.tailQueries() - startTailQueries,
        fanOutMs: [50, 95, 99].map((p) =>
          percentileOf(counters.fanOutMs, p),
        ) as ServerStats['fanOutMs'],
        notifyMs: [50, 95, 99].map((p) =>
          percentileOf(counters.notifyMs, p),
        ) as ServerStats['notifyMs'],
      };
      process.send?.(stats);
    }
  });
  process.send?.(ready);
  process.on('SIGTERM', () => {
    void close().then(() => process.exit(0));
  });
}
