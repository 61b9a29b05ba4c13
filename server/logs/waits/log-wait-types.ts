/** What a waiting tail's callers give and get (log-waits.ts): its filter, its client, its query, its counts. */
import type { LogFilter } from '../store/app-logs-filter';
import type { TailPage } from '../store/app-logs-read';

export type WaitFilter = LogFilter & { sinceUs: number };

/** The client of a waiting request going away (abort, lost connection): the answer goes nowhere. */
export interface Departure {
  readonly gone: boolean;
  /** Calls `listener` when the client goes; returns what stops listening. */
  listen(listener: () => void): () => void;
}
export type TailQuery = (appId: number, filter: WaitFilter) => Promise<TailPage>;

export interface LogWaitStats {
  waiting: number;
  groups: number;
  follows: number;
  apps: number;
  /** Queries run by follows since the start (the bench reports them per second). */
  queries: number;
  /** Answers queued for a turn since the start, and of them taken from the queue (FIFO). */
  queued: number;
  dequeued: number;
}
