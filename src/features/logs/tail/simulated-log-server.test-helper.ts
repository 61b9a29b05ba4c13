/**
 * Test helper (only tests import it; it never reaches the bundle): an in-memory log server on a
 * fake clock (fake-clock.test-helper.ts), to drive the tail engine deterministically. It answers
 * with the spec's query semantics (simulated-log-query.test-helper.ts), holds `wait` requests as
 * our service does, and fails, goes down or drops connections when a test says so.
 */
import {
  LOG_LIMIT_DEFAULT,
  LOG_LIMIT_MAX,
  type AppLogEntry,
  type AppLogQuery,
  type LogLevel,
} from '../../../../contract/schemas/app-log';
import type { FakeClock } from './fake-clock.test-helper';
import {
  matchingEntries,
  parseSeconds,
  queryEntries,
  type EntryFilter,
} from './simulated-log-query.test-helper';

export interface SimEntryInput {
  level?: LogLevel;
  job?: string;
  text?: string;
}

export interface SimulatedLogServerOptions {
  clock: FakeClock;
  /**
   * How `time` is assigned: `micro` strictly increasing microseconds (like the real service),
   * `milli` the clock's milliseconds (a burst shares one time), `second` whole seconds (times
   * collide a lot).
   */
  timeMode?: 'micro' | 'milli' | 'second';
  /** Delay of every answer on the fake clock. */
  latencyMs?: number;
  /** Beyond this many requests every request fails (a guard against runaway loops). */
  maxRequests?: number;
  /**
   * Holds `wait` requests as our service does (decision 013): until an entry newer than `since`
   * matches, or `wait` seconds. Off: `wait` is ignored, as the real platform does.
   */
  honoursWait?: boolean;
}

/** What ends a wait: an entry newer than `since`, or a full page (of entries at `since`). */
function answersNow(page: readonly AppLogEntry[], query: AppLogQuery, since: number): boolean {
  const limit = Math.min(LOG_LIMIT_MAX, Math.max(1, Math.trunc(query.limit ?? LOG_LIMIT_DEFAULT)));
  return page.length >= limit || page.some((entry) => entry.time > since);
}

/** A request the server holds: answered by `wake` (an entry came, or the wait ran out). */
interface HeldRequest {
  query: AppLogQuery;
  since: number;
  wake: (outcome: { ok: true; page: AppLogEntry[] } | { ok: false; error: Error }) => void;
  /** The connection is gone without a word: never answered, only the client's abort ends it. */
  silence: () => void;
}

export class SimulatedLogError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

export class SimulatedLogServer {
  /** Every entry, in server order: ascending time, ties in insertion order. */
  readonly entries: AppLogEntry[] = [];
  readonly requests: AppLogQuery[] = [];
  private readonly clock: FakeClock;
  private readonly timeMode: NonNullable<SimulatedLogServerOptions['timeMode']>;
  private readonly latencyMs: number;
  readonly maxRequests: number;
  private nextId = 1;
  private lastMicros = 0;
  private down = false;
  private failures = 0;
  private readonly honoursWait: boolean;
  private readonly held = new Set<HeldRequest>();

  constructor(options: SimulatedLogServerOptions) {
    this.clock = options.clock;
    this.timeMode = options.timeMode ?? 'micro';
    this.latencyMs = options.latencyMs ?? 0;
    this.maxRequests = options.maxRequests ?? Number.POSITIVE_INFINITY;
    this.honoursWait = options.honoursWait ?? false;
  }

  /** Requests held now (waiting for an entry newer than their `since`). */
  heldCount(): number {
    return this.held.size;
  }

  private newerPage(request: HeldRequest): AppLogEntry[] | null {
    const page = this.query(request.query);
    return answersNow(page, request.query, request.since) ? page : null;
  }

  private nextTime(): number {
    const ms = this.clock.now();
    if (this.timeMode === 'second') return Math.floor(ms / 1000);
    if (this.timeMode === 'milli') return ms / 1000;
    this.lastMicros = Math.max(this.lastMicros + 1, ms * 1000);
    return this.lastMicros / 1_000_000;
  }

  ingest(inputs: readonly SimEntryInput[]): AppLogEntry[] {
    const added = inputs.map((input) => {
      const time = this.nextTime();
      const id = `e${String(this.nextId).padStart(7, '0')}`;
      this.nextId += 1;
      const entry: AppLogEntry = {
        id,
        level: input.level ?? 'info',
        data: { message: input.text ?? `entry ${id}` },
        context: input.job ? { job: { name: input.job } } : null,
        created_at: new Date(time * 1000).toISOString(),
        time,
      };
      return entry;
    });
    this.entries.push(...added);
    for (const request of [...this.held]) {
      const page = this.newerPage(request);
      if (page) request.wake({ ok: true, page });
    }
    return added;
  }

  /** The next `count` requests fail with a 503. */
  failNext(count: number): void {
    this.failures += count;
  }

  /** Down (every request fails) until `restart()`; entries are kept, as in a real database. */
  crash(): void {
    this.down = true;
    // The connections of held requests are lost with it.
    for (const request of [...this.held]) {
      request.wake({ ok: false, error: new SimulatedLogError(0, 'Connection lost') });
    }
  }

  /**
   * The connections of held requests drop silently (a NAT or proxy forgets them): no answer and
   * no error ever reaches the client; only its own abort ends the request.
   */
  dropHeldSilently(): void {
    for (const request of [...this.held]) request.silence();
  }

  /** Up again, with no failure left queued. */
  restart(): void {
    this.down = false;
    this.failures = 0;
  }

  /** The spec's query semantics over the in-memory list, evaluated now. */
  query(query: AppLogQuery): AppLogEntry[] {
    return queryEntries(this.entries, query, this.clock.now());
  }

  /** Every entry matching a filter (no limit, no search window), in server order. */
  matching(filter: EntryFilter): AppLogEntry[] {
    return matchingEntries(this.entries, filter);
  }

  /** The engine's `fetchPage`: answered after `latencyMs`, computed when the request arrives. */
  readonly fetchPage = (query: AppLogQuery, signal: AbortSignal): Promise<AppLogEntry[]> => {
    this.requests.push({ ...query });
    if (this.requests.length > this.maxRequests) {
      // A runaway polling loop would otherwise spin the test forever.
      return Promise.reject(new Error(`More than ${this.maxRequests} requests`));
    }
    let outcome: { ok: true; page: AppLogEntry[] } | { ok: false; error: Error };
    if (this.down) {
      outcome = { ok: false, error: new SimulatedLogError(0, 'Could not reach the server') };
    } else if (this.failures > 0) {
      this.failures -= 1;
      outcome = { ok: false, error: new SimulatedLogError(503, 'Service unavailable') };
    } else {
      // A copy, as JSON would give: the engine must not rely on object identity.
      outcome = { ok: true, page: this.query(query).map((entry) => ({ ...entry })) };
    }
    return new Promise((resolve, reject) => {
      const answer = (result: typeof outcome) => {
        const settle = () => (result.ok ? resolve(result.page) : reject(result.error));
        if (this.latencyMs <= 0) {
          settle();
          return;
        }
        // As fetch does, an abort before the answer arrives rejects the request.
        const onAbort = () => {
          this.clock.clearTimeout(timer);
          reject(new DOMException('Aborted', 'AbortError'));
        };
        const timer = this.clock.setTimeout(() => {
          signal.removeEventListener('abort', onAbort);
          settle();
        }, this.latencyMs);
        signal.addEventListener('abort', onAbort, { once: true });
      };
      if (signal.aborted) {
        reject(new DOMException('Aborted', 'AbortError'));
        return;
      }
      if (outcome.ok && this.holds(query)) {
        this.hold(query, signal, answer, reject);
        return;
      }
      answer(outcome);
    });
  };

  private holds(query: AppLogQuery): boolean {
    if (!this.honoursWait || !query.wait || query.since === undefined) return false;
    if (query.before !== undefined) return false;
    return !answersNow(this.query(query), query, parseSeconds(query.since));
  }

  private hold(
    query: AppLogQuery,
    signal: AbortSignal,
    answer: (outcome: { ok: true; page: AppLogEntry[] } | { ok: false; error: Error }) => void,
    reject: (error: unknown) => void,
  ): void {
    const since = parseSeconds(query.since ?? 0);
    const onAbort = () => {
      end();
      reject(new DOMException('Aborted', 'AbortError'));
    };
    const timer = this.clock.setTimeout(
      () => {
        request.wake({ ok: true, page: this.query(query).map((entry) => ({ ...entry })) });
      },
      (query.wait ?? 0) * 1000,
    );
    const end = () => {
      this.held.delete(request);
      this.clock.clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
    };
    const request: HeldRequest = {
      query,
      since,
      wake: (outcome) => {
        end();
        answer(
          outcome.ok ? { ok: true, page: outcome.page.map((entry) => ({ ...entry })) } : outcome,
        );
      },
      silence: () => {
        this.held.delete(request);
        this.clock.clearTimeout(timer);
      },
    };
    signal.addEventListener('abort', onAbort, { once: true });
    this.held.add(request);
  }
}
