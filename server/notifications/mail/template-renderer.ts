/**
 * Renders test sends off the event loop (issue 26): a template may loop for its whole time budget
 * or try to print a gigabyte, and liquidjs runs synchronously between its microtasks, so on the
 * service's own thread one render held `/api/health` for seconds. Here each job goes to a worker
 * thread (template-render-worker.js) that renders with one time budget, one memory budget and
 * one output budget for all fields together, in a heap of its own.
 *
 * Jobs run one at a time (the machine has few cores, and test sends are rare and rate limited);
 * at most `maxQueued` wait, the rest are told to come back (`busy`). A job the worker does not
 * finish within its budget plus `graceMs` (a render between liquidjs's checks), or that kills
 * the worker (its heap limit), ends the worker; the next job starts a new one.
 */
import { Worker } from 'node:worker_threads';
import type { LiquidOptions } from 'liquidjs';
import type { LiquidField } from '../../../contract/schemas/notification';

export interface RenderField {
  name: LiquidField;
  source: string;
}

export interface RenderProblem {
  field: LiquidField;
  /** `failed`: liquidjs refused (message says why); the others: a budget ran out. */
  code: 'failed' | 'too_large' | 'timeout' | 'out_of_memory';
  message: string;
}

export type RenderOutcome =
  | { kind: 'rendered'; rendered: Partial<Record<LiquidField, string>> }
  | { kind: 'problems'; problems: RenderProblem[] }
  | { kind: 'busy' };

export interface TemplateRendererOptions {
  /** liquidjs options; `renderLimit` is the time budget of a whole job. */
  liquid: LiquidOptions;
  /** Rendered bytes of all fields of a job together. */
  maxOutputBytes: number;
  /** Past the time budget, how long a job may run before its worker is ended. */
  graceMs?: number;
  /** Jobs that may wait for the worker; more are `busy`. */
  maxQueued?: number;
  /** The worker's heap (old generation), MB. */
  heapMb?: number;
}

type WorkerMessage =
  | { type: 'field'; name: LiquidField }
  | { type: 'rendered'; rendered: Partial<Record<LiquidField, string>> }
  | { type: 'problems'; problems: RenderProblem[] };

interface Job {
  fields: RenderField[];
  data: unknown;
  resolve: (outcome: RenderOutcome) => void;
}

export class TemplateRenderer {
  private worker: Worker | null = null;
  private readonly queue: Job[] = [];
  private running = false;
  private closed = false;
  private readonly graceMs: number;
  private readonly maxQueued: number;
  private readonly heapMb: number;

  constructor(private readonly options: TemplateRendererOptions) {
    this.graceMs = options.graceMs ?? 4_000;
    this.maxQueued = options.maxQueued ?? 16;
    this.heapMb = options.heapMb ?? 256;
  }

  /** Whether the worker is rendering a job now. */
  get rendering(): boolean {
    return this.running;
  }

  /** Jobs waiting for the worker (not the one it renders). */
  get waiting(): number {
    return this.queue.length;
  }

  render(fields: RenderField[], data: unknown): Promise<RenderOutcome> {
    if (this.closed || this.queue.length >= this.maxQueued) {
      return Promise.resolve({ kind: 'busy' });
    }
    return new Promise((resolve) => {
      this.queue.push({ fields, data, resolve });
      this.next();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.resolve({ kind: 'busy' });
    const worker = this.worker;
    this.worker = null;
    await worker?.terminate();
  }

  private startWorker(): Worker {
    const worker = new Worker(new URL('./template-render-worker.js', import.meta.url), {
      workerData: { options: this.options.liquid, maxOutputBytes: this.options.maxOutputBytes },
      resourceLimits: { maxOldGenerationSizeMb: this.heapMb },
    });
    // An idle renderer must not keep the process alive.
    worker.unref();
    return worker;
  }

  private next(): void {
    if (this.running || this.closed) return;
    const job = this.queue.shift();
    if (!job) return;
    this.running = true;
    const worker = (this.worker ??= this.startWorker());
    let current: LiquidField = job.fields[0]?.name ?? 'subject';
    const budgetMs = this.options.liquid.renderLimit ?? 1_000;

    const finish = (outcome: RenderOutcome, endWorker: boolean) => {
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      if (endWorker && this.worker === worker) {
        this.worker = null;
        void worker.terminate();
      }
      this.running = false;
      job.resolve(outcome);
      this.next();
    };
    const onMessage = (message: WorkerMessage) => {
      if (message.type === 'field') current = message.name;
      else if (message.type === 'rendered')
        finish({ kind: 'rendered', rendered: message.rendered }, false);
      else finish({ kind: 'problems', problems: message.problems }, false);
    };
    const onError = (error: Error & { code?: string }) => {
      const outOfMemory = error.code === 'ERR_WORKER_OUT_OF_MEMORY';
      finish(
        {
          kind: 'problems',
          problems: [
            {
              field: current,
              code: outOfMemory ? 'out_of_memory' : 'failed',
              message: outOfMemory ? '' : error.message,
            },
          ],
        },
        true,
      );
    };
    const onExit = () => {
      onError(new Error('the renderer stopped'));
    };
    const timer = setTimeout(() => {
      finish(
        { kind: 'problems', problems: [{ field: current, code: 'timeout', message: '' }] },
        true,
      );
    }, budgetMs + this.graceMs);
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    worker.postMessage({ fields: job.fields, data: job.data });
  }
}
