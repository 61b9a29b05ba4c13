/**
 * Asks `GET /api/health` every 20 ms from a worker thread (so the test's own work does not
 * delay the measurement) and reports how long the answers took: whether the service stays
 * responsive while something else loads it.
 */
import { Worker } from 'node:worker_threads';

export interface HealthFigures {
  checks: number;
  failures: number;
  p99Ms: number;
  maxMs: number;
}

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const latencies = [];
let failures = 0;
let running = true;
parentPort.on('message', () => { running = false; });
(async () => {
  // The first request pays for the worker's fetch start-up: not the service's time.
  await fetch(workerData.url).then((response) => response.arrayBuffer()).catch(() => undefined);
  while (running) {
    const started = performance.now();
    try {
      const response = await fetch(workerData.url);
      await response.arrayBuffer();
      if (!response.ok) failures += 1;
    } catch {
      failures += 1;
    }
    latencies.push(performance.now() - started);
    await new Promise((wake) => setTimeout(wake, 20));
  }
  parentPort.postMessage({ latencies, failures });
})();
`;

export function watchHealth(apiUrl: string): { stop: () => Promise<HealthFigures> } {
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { url: `${apiUrl}/health` } });
  const result = new Promise<{ latencies: number[]; failures: number }>((done, fail) => {
    worker.once('message', done);
    worker.once('error', fail);
  });
  return {
    stop: async () => {
      worker.postMessage('stop');
      const { latencies, failures } = await result;
      await worker.terminate();
      const sorted = [...latencies].sort((a, b) => a - b);
      const at = (share: number) =>
        sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;
      return {
        checks: sorted.length,
        failures,
        p99Ms: Math.round(at(0.99)),
        maxMs: Math.round(sorted.at(-1) ?? 0),
      };
    },
  };
}
