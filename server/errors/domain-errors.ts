/**
 * Failures of the store that say nothing wrong about the request (a busy SQLite file, a
 * PostgreSQL server that is away), and the answer each gets. A new domain error joins the error
 * handler with one row here: how to recognise it, its status, message and `Retry-After`.
 */
import { isDatabaseUnavailable } from '../store/database-unavailable';
import { isDatabaseBusy } from '../store/sqlite-write-lock';

export interface DomainError {
  /** Whether a thrown value is this domain error. */
  matches: (error: unknown) => boolean;
  status: number;
  message: string;
  /** Seconds a client should wait before it tries again, sent as `Retry-After`. */
  retryAfterSeconds?: number;
}

/** First match wins. */
export const DOMAIN_ERRORS: readonly DomainError[] = [
  // Another process held the SQLite file's write lock past the wait; the write was rolled back.
  // A busy database is usually free again within a second (writes take milliseconds).
  {
    matches: isDatabaseBusy,
    status: 503,
    message: 'The database is busy with another writer; nothing was changed. Try again',
    retryAfterSeconds: 1,
  },
  // The server restarted or is away (decision 041). A write whose commit was under way may or may
  // not have been stored: the client retries as after a lost connection. A restarting PostgreSQL
  // server is usually back within seconds (a fast restart takes one or two).
  {
    matches: isDatabaseUnavailable,
    status: 503,
    message: 'The database is unavailable for the moment (restarting or busy); try again',
    retryAfterSeconds: 2,
  },
];
