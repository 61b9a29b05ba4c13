/**
 * The tails of `npm run bench:tail`, run in a worker thread (bench/tail.ts starts
 * `TAIL_WORKERS` of them): each tail is one keep-alive socket looping on
 * `GET /api/apps/{key}/logs?since=<newest time held>&wait=25&limit=200`.
 *
 * The thousand viewers are browsers on other machines; here they share two cores with the
 * service, so their client must cost as little as it can while still checking everything:
 * - HTTP/1.1 written and read by hand on a `net.Socket` (a request is one write; an answer is
 *   its head, `Content-Length` and body), not node:http's request objects;
 * - the tails of one app are answered the same bytes by the service, so a body is parsed once
 *   (a small cache by body text) and each tail walks the times parsed;
 * - every tail still checks each entry it is given: times strictly increasing past the one it
 *   holds at its cursor (no entry twice, none out of order) and, at the end, as many entries
 *   as were posted to its app (none missing).
 *
 * Delivery is measured twice per entry: when the answer's first bytes reached this thread
 * (`arrival`: what the service and the network took) and after its body was parsed and checked
 * (`parsed`: plus this client's own queueing). Histograms of 1 ms buckets, not arrays: a run is
 * millions of (tail, entry) pairs.
 */
import { connect, type Socket } from 'node:net';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';

export interface ViewersSetup {
  port: number;
  token: string;
  /** The tails of this worker: their number in the run and their app's key. */
  tails: Array<{ index: number; key: string }>;
  /** The first `since` (seconds). */
  startSeconds: number;
}

/** Messages from bench/tail.ts. */
export type ViewersCommand = 'measure' | 'progress' | 'stop';

export interface ViewersReport {
  /** Answers to `progress`: entries received per tail. */
  received: Record<number, number>;
  /** Tails whose entries came twice or out of order. */
  disorderedTails: number;
  failedRequests: number;
  /** Since `measure`: */
  requests: number;
  arrivalHistogram: Uint32Array;
  parsedHistogram: Uint32Array;
  /** This thread's event-loop delay p50 / p99 (ms) and utilization (0–1). */
  delayP50Ms: number;
  delayP99Ms: number;
  utilization: number;
}

/** Latency histogram: 1 ms buckets up to a minute; the last bucket holds the rest. */
export const HISTOGRAM_BUCKETS = 60_000;

/** A body's entry times (seconds), parsed once for every tail given the same bytes. */
const parsedBodies = new Map<string, number[]>();
const PARSED_BODIES_KEPT = 256;

function timesOf(body: string): number[] {
  let times = parsedBodies.get(body);
  if (times) return times;
  const page: unknown = JSON.parse(body);
  if (!Array.isArray(page)) throw new Error(`not a page: ${body.slice(0, 80)}`);
  times = page.map((entry: { time: number }) => entry.time);
  if (parsedBodies.size >= PARSED_BODIES_KEPT) parsedBodies.clear();
  parsedBodies.set(body, times);
  return times;
}

const HEAD_END = Buffer.from('\r\n\r\n');

class Tail {
  private readonly socket: Socket;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private arrivedAt = 0;
  private cursor: number;
  count = 0;
  disordered = false;
  private stopped = false;

  constructor(
    private readonly viewers: Viewers,
    private readonly key: string,
    startSeconds: number,
  ) {
    this.cursor = startSeconds;
    this.socket = this.open();
  }

  private open(): Socket {
    const socket = connect({ port: this.viewers.port, host: '127.0.0.1', noDelay: true });
    socket.on('connect', () => {
      this.ask();
    });
    socket.on('data', (chunk: Buffer) => {
      this.read(chunk);
    });
    socket.on('error', () => {
      // 'close' follows.
    });
    // A tail whose connection or request fails stops there (it shows as incomplete): a bench
    // client that retried could hide the failure, or spin against a service that is gone.
    socket.on('close', () => {
      if (this.stopped) return;
      this.viewers.failedRequests += 1;
      this.stopped = true;
    });
    return socket;
  }

  stop(): void {
    this.stopped = true;
    this.socket.destroy();
  }

  private ask(): void {
    this.viewers.requests += 1;
    this.socket.write(
      `GET /api/apps/${this.key}/logs?since=${this.cursor}&wait=25&limit=200 HTTP/1.1\r\n` +
        `Host: 127.0.0.1\r\n${this.viewers.headerLines}\r\n`,
    );
  }

  private read(chunk: Buffer): void {
    if (this.pendingBytes === 0) this.arrivedAt = Date.now();
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    const data = this.pending.length === 1 ? chunk : Buffer.concat(this.pending);
    const headEnd = data.indexOf(HEAD_END);
    if (headEnd < 0) return;
    const head = data.toString('latin1', 0, headEnd);
    const length = /\r\ncontent-length: *(\d+)/i.exec(head)?.[1];
    if (length === undefined) throw new Error(`no Content-Length: ${head}`);
    const end = headEnd + HEAD_END.length + Number(length);
    if (data.length < end) {
      this.pending = [data];
      return;
    }
    if (data.length > end) throw new Error('an answer the tail did not ask for');
    this.pending = [];
    this.pendingBytes = 0;
    if (head.slice(9, 12) !== '200') {
      this.viewers.failedRequests += 1;
      this.stop();
      return;
    }
    this.take(timesOf(data.toString('utf8', headEnd + HEAD_END.length, end)));
    if (!this.stopped) this.ask();
  }

  private take(times: readonly number[]): void {
    const parsedAt = Date.now();
    for (const time of times) {
      if (time <= this.cursor) {
        // The entry at the cursor is the one the tail holds: the service sends it again.
        if (time === this.cursor && this.count > 0) continue;
        if (this.count > 0) this.disordered = true;
      }
      this.count += 1;
      this.cursor = time;
      this.viewers.record(this.arrivedAt - time * 1000, parsedAt - time * 1000);
    }
  }
}

export class Viewers {
  readonly headerLines: string;
  requests = 0;
  failedRequests = 0;
  readonly tails = new Map<number, Tail>();
  arrivalHistogram = new Uint32Array(HISTOGRAM_BUCKETS);
  parsedHistogram = new Uint32Array(HISTOGRAM_BUCKETS);
  private delay = monitorEventLoopDelay({ resolution: 5 });
  private utilizationStart = performance.eventLoopUtilization();

  constructor(
    readonly port: number,
    token: string,
  ) {
    this.headerLines = `Authorization: Bearer ${token}\r\nX-Service-Site: bench\r\n`;
  }

  start(setup: ViewersSetup): void {
    for (const { index, key } of setup.tails) {
      this.tails.set(index, new Tail(this, key, setup.startSeconds));
    }
  }

  record(arrivalMs: number, parsedMs: number): void {
    count(this.arrivalHistogram, arrivalMs);
    count(this.parsedHistogram, parsedMs);
  }

  measure(): void {
    this.requests = 0;
    this.arrivalHistogram.fill(0);
    this.parsedHistogram.fill(0);
    this.delay.enable();
    this.delay.reset();
    this.utilizationStart = performance.eventLoopUtilization();
  }

  report(): ViewersReport {
    const received: Record<number, number> = {};
    let disorderedTails = 0;
    for (const [index, tail] of this.tails) {
      received[index] = tail.count;
      if (tail.disordered) disorderedTails += 1;
    }
    return {
      received,
      disorderedTails,
      failedRequests: this.failedRequests,
      requests: this.requests,
      arrivalHistogram: this.arrivalHistogram,
      parsedHistogram: this.parsedHistogram,
      delayP50Ms: this.delay.percentile(50) / 1e6,
      delayP99Ms: this.delay.percentile(99) / 1e6,
      utilization: performance.eventLoopUtilization(this.utilizationStart).utilization,
    };
  }

  stop(): void {
    this.delay.disable();
    for (const tail of this.tails.values()) tail.stop();
  }
}

function count(histogram: Uint32Array, ms: number): void {
  const bucket = Math.min(HISTOGRAM_BUCKETS - 1, Math.max(0, Math.round(ms)));
  histogram[bucket] = (histogram[bucket] ?? 0) + 1;
}

// As a worker thread: run the tails of `workerData`, answer bench/tail.ts's commands.
if (parentPort && workerData !== null && typeof workerData === 'object') {
  const port = parentPort;
  const setup = workerData as ViewersSetup; // bench/tail.ts builds it; one process, one author
  const viewers = new Viewers(setup.port, setup.token);
  viewers.start(setup);
  port.on('message', (command: ViewersCommand) => {
    if (command === 'measure') {
      viewers.measure();
      port.postMessage('measuring');
    } else if (command === 'progress') {
      port.postMessage(viewers.report());
    } else {
      const report = viewers.report();
      viewers.stop();
      port.postMessage(report);
    }
  });
}
