/**
 * The one control for latency checks: a trivial HTTP server on an event loop of its own (a worker
 * thread), asked in the same moment as the service under test. Whatever slows the machine (other
 * processes, the test's own work) slows both; only what blocks the service's event loop shows in
 * the service's figures alone. Tests compare the two, never one figure to a constant.
 *
 * `watchHealth` (health-watch.ts) starts the same source from its own worker, so the health
 * watch and a test that times single requests measure against the same kind of control.
 */
import { Worker } from 'node:worker_threads';

/**
 * The control's worker: answers every request with a small JSON body, like /api/health; posts its
 * port when listening, and closes when told.
 */
export const CONTROL_WORKER_SOURCE = `
const { createServer } = require('node:http');
const { parentPort } = require('node:worker_threads');
const server = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end('{"status":"ok"}');
});
server.listen(0, '127.0.0.1', () => parentPort.postMessage(server.address().port));
parentPort.on('message', () => server.close(() => parentPort.postMessage('closed')));
`;

export interface ControlServer {
  /** `http://127.0.0.1:PORT/api`: any path answers 200, as `/api/health` does. */
  apiUrl: string;
  /** How long one request to the control takes now, in ms. */
  ask(): Promise<number>;
  close(): Promise<void>;
}

export async function startControlServer(): Promise<ControlServer> {
  const worker = new Worker(CONTROL_WORKER_SOURCE, { eval: true });
  const port = await new Promise<number>((done, fail) => {
    worker.once('message', done);
    worker.once('error', fail);
  });
  const apiUrl = `http://127.0.0.1:${String(port)}/api`;
  const ask = async () => {
    const started = performance.now();
    await (await fetch(`${apiUrl}/health`)).arrayBuffer();
    return performance.now() - started;
  };
  // The first request pays for fetch's start-up: not the control's time.
  await ask();
  return {
    apiUrl,
    ask,
    close: async () => {
      const closed = new Promise((done) => worker.once('message', done));
      worker.postMessage('close');
      await closed;
      await worker.terminate();
    },
  };
}
