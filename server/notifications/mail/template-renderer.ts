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
import type {
  DocumentField,
  DocumentProblem,
  DocumentSources,
} from '../../../contract/render-document';
import type { TemplateInspection } from '../checks/template-inspection.js';

/** One e-mail to render: its sources in one locale, the fields asked, the sample. */
export interface RenderJobDocument {
  sources: DocumentSources;
  fields: DocumentField[];
  data: unknown;
  /** Also answer the hrefs of the rendered HTML's links (the checks; parsed in the worker). */
  links?: boolean;
}

/** A template the checks read (template-inspection.js), in one locale. */
export interface InspectedTemplate {
  subject: string;
  text: string;
  html: string;
  html_enabled: boolean;
}

export interface RenderProblem {
  field: DocumentField;
  /** `failed`: liquidjs refused (message says why); the others: a budget ran out. */
  code: 'failed' | 'too_large' | 'timeout' | 'out_of_memory';
  message: string;
  /** Where it failed (template or layout, line), when liquidjs said. */
  detail?: DocumentProblem;
}

export type RenderOutcome =
  | {
      kind: 'rendered';
      rendered: Partial<Record<DocumentField, string>>;
      /** The rendered links' hrefs, when the document asked (`links`). */
      links?: string[];
    }
  | { kind: 'problems'; problems: RenderProblem[] };

/**
 * A job's outcome: each document's, in order (fewer when the output budget ran out on the last
 * one), or `failed` when the job as a whole ran out of time or memory, or `busy`.
 */
export type JobOutcome =
  | { kind: 'done'; outcomes: RenderOutcome[] }
  | { kind: 'failed'; problem: RenderProblem }
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
  | { type: 'field'; name: DocumentField }
  | { type: 'done'; outcomes?: RenderOutcome[]; inspections?: TemplateInspection[] };

/** What a job sends the worker: documents to render, or templates to read (`inspect`). */
type JobRequest =
  | { documents: RenderJobDocument[]; outputBytes: number | undefined }
  | { inspect: InspectedTemplate[] };

type JobAnswer =
  | { kind: 'done'; message: Extract<WorkerMessage, { type: 'done' }> }
  | { kind: 'failed'; problem: RenderProblem }
  | { kind: 'busy' };

interface Job {
  request: JobRequest;
  resolve: (answer: JobAnswer) => void;
}

export type InspectOutcome =
  | { kind: 'done'; inspections: TemplateInspection[] }
  | { kind: 'failed'; problem: RenderProblem }
  | { kind: 'busy' };

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

  /**
   * Renders the documents as one job (one time and memory budget, one output budget of
   * `outputBytes` or the renderer's `maxOutputBytes`).
   */
  async renderAll(documents: RenderJobDocument[], outputBytes?: number): Promise<JobOutcome> {
    const answer = await this.enqueue({ documents, outputBytes });
    if (answer.kind !== 'done') return answer;
    return { kind: 'done', outcomes: answer.message.outcomes ?? [] };
  }

  /**
   * Reads templates for the checks (template-inspection.js: elements, caniemail features, Liquid
   * variables) in the worker, in the same queue and time budget as a render: parsing a large
   * template on the service's thread held every other request.
   */
  async inspect(templates: InspectedTemplate[]): Promise<InspectOutcome> {
    const answer = await this.enqueue({ inspect: templates });
    if (answer.kind !== 'done') return answer;
    return { kind: 'done', inspections: answer.message.inspections ?? [] };
  }

  private enqueue(request: JobRequest): Promise<JobAnswer> {
    if (this.closed || this.queue.length >= this.maxQueued) {
      return Promise.resolve({ kind: 'busy' });
    }
    return new Promise((resolve) => {
      this.queue.push({ request, resolve });
      this.next();
    });
  }

  /** Renders one document (a test send). */
  async render(document: RenderJobDocument): Promise<RenderOutcome | { kind: 'busy' }> {
    const outcome = await this.renderAll([document]);
    if (outcome.kind === 'busy') return outcome;
    if (outcome.kind === 'failed') return { kind: 'problems', problems: [outcome.problem] };
    return outcome.outcomes[0] ?? { kind: 'rendered', rendered: {} };
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
    let current: DocumentField =
      'documents' in job.request ? (job.request.documents[0]?.fields[0] ?? 'subject') : 'html';
    const budgetMs = this.options.liquid.renderLimit ?? 1_000;

    const finish = (outcome: JobAnswer, endWorker: boolean) => {
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
      else finish({ kind: 'done', message }, false);
    };
    const onError = (error: Error & { code?: string }) => {
      const outOfMemory = error.code === 'ERR_WORKER_OUT_OF_MEMORY';
      finish(
        {
          kind: 'failed',
          problem: {
            field: current,
            code: outOfMemory ? 'out_of_memory' : 'failed',
            message: outOfMemory ? '' : error.message,
          },
        },
        true,
      );
    };
    const onExit = () => {
      onError(new Error('the renderer stopped'));
    };
    const timer = setTimeout(() => {
      finish({ kind: 'failed', problem: { field: current, code: 'timeout', message: '' } }, true);
    }, budgetMs + this.graceMs);
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    worker.postMessage(job.request);
  }
}
