/**
 * Asks `GET /api/health` every 20 ms from a worker thread (so the test's own work does not
 * delay the measurement) and reports how long the answers took: whether the service stays
 * responsive while something else loads it.
 *
 * Each ask goes at the same moment to a control: the trivial HTTP server of control-server.ts
 * on a thread of its own (started and ended by the worker), which the service's load does not
 * touch but the machine's does. A test compares the service to the control measured in the same moment, never to a fixed
 * number: on a busy machine (a CI runner, a laptop compiling) both slow down together, and only
 * what the service adds on top of the control is the service's (issue 26: `expected 108 to be
 * less than 105` at load average 5).
 */
import { Worker } from 'node:worker_threads';
import { CONTROL_WORKER_SOURCE } from './control-server';

export interface LatencyFigures {
  p99Ms: number;
  maxMs: number;
}

export interface HealthFigures extends LatencyFigures {
  checks: number;
  failures: number;
  /** The control server, asked at the same moments. */
  control: LatencyFigures;
}

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { Worker } = require('node:worker_threads');
const latencies = [];
const controlLatencies = [];
let failures = 0;
let running = true;
parentPort.on('message', () => { running = false; });

function startControl() {
  const worker = new Worker(workerData.controlSource, { eval: true });
  return new Promise((resolve, reject) => {
    worker.once('message', (port) => resolve({ worker, url: 'http://127.0.0.1:' + String(port) + '/' }));
    worker.once('error', reject);
  });
}

async function timed(url) {
  const started = performance.now();
  let ok = false;
  try {
    const response = await fetch(url);
    await response.arrayBuffer();
    ok = response.ok;
  } catch {}
  return { ms: performance.now() - started, ok };
}

(async () => {
  const control = await startControl();
  // The first requests pay for the worker's fetch start-up: not the service's time.
  await Promise.all([timed(workerData.url), timed(control.url)]);
  while (running) {
    const [service, other] = await Promise.all([timed(workerData.url), timed(control.url)]);
    latencies.push(service.ms);
    controlLatencies.push(other.ms);
    if (!service.ok) failures += 1;
    await new Promise((wake) => setTimeout(wake, 20));
  }
  await control.worker.terminate();
  parentPort.postMessage({ latencies, controlLatencies, failures });
})();
`;

function figuresOf(latencies: number[]): LatencyFigures {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (share: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;
  return { p99Ms: Math.round(at(0.99)), maxMs: Math.round(sorted.at(-1) ?? 0) };
}

/**
 * A trivial request's p99 on a quiet machine is well under this; a control slower than it means
 * the machine is busy, by that factor.
 */
export const QUIET_CONTROL_P99_MS = 10;

/**
 * The bound for the service's health p99: the control's p99 plus `marginMs`, the margin
 * stretched by how much slower than a quiet machine the control answered. The service's own work
 * (a query between health checks) slows down with the machine as the control's scheduling does
 * not: at a load of 20 on two cores a 20 ms query takes 200 ms of wall time. On a quiet machine
 * (CI) the margin is the margin.
 */
export function healthBoundMs(figures: HealthFigures, marginMs: number): number {
  const slowdown = Math.max(1, figures.control.p99Ms / QUIET_CONTROL_P99_MS);
  return figures.control.p99Ms + marginMs * slowdown;
}

export function watchHealth(apiUrl: string): { stop: () => Promise<HealthFigures> } {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { url: `${apiUrl}/health`, controlSource: CONTROL_WORKER_SOURCE },
  });
  const result = new Promise<{
    latencies: number[];
    controlLatencies: number[];
    failures: number;
  }>((done, fail) => {
    worker.once('message', done);
    worker.once('error', fail);
  });
  return {
    stop: async () => {
      worker.postMessage('stop');
      const { latencies, controlLatencies, failures } = await result;
      await worker.terminate();
      return {
        checks: latencies.length,
        failures,
        ...figuresOf(latencies),
        control: figuresOf(controlLatencies),
      };
    },
  };
}
