/**
 * A control for latency checks: a trivial HTTP server on an event loop of its own (a worker
 * thread), probed in the same moment as the service under test. Whatever slows the machine
 * (other processes, the test's own work) slows both; only what blocks the service's event loop
 * shows in the service's figures alone. Tests compare the two, never one figure to a constant.
 */
import { Worker } from 'node:worker_threads';

const WORKER_SOURCE = `
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
  close(): Promise<void>;
}

export async function startControlServer(): Promise<ControlServer> {
  const worker = new Worker(WORKER_SOURCE, { eval: true });
  const port = await new Promise<number>((done, fail) => {
    worker.once('message', done);
    worker.once('error', fail);
  });
  return {
    apiUrl: `http://127.0.0.1:${String(port)}/api`,
    close: async () => {
      const closed = new Promise((done) => worker.once('message', done));
      worker.postMessage('close');
      await closed;
      await worker.terminate();
    },
  };
}
