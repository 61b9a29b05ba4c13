/**
 * Failures the store throws in its own terms, with no HTTP in them (a busy SQLite file, a
 * PostgreSQL server that is away), and the answer each gets. A new domain error joins the error
 * handler with one row here: how to recognise it, its status, message, `Retry-After` and details. */
import type { ErrorDetail } from '../../../contract/schemas/error';
import { SearchBudgetExhausted } from '../../database/search-budget-exhausted';
import { LanguageChangeRefused } from '../../database/language-change-refused';
import { fieldError } from './http-errors';
import { isDatabaseUnavailable } from '../../database/database-unavailable';
import { isDatabaseBusy } from '../../database/sqlite-write-lock';

export interface DomainError {
  /** Whether a thrown value is this domain error. */
  matches: (error: unknown) => boolean;
  status: number;
  /** The Error body's message; a function when the error's own words say more (its budget). */
  message: string | ((error: Error) => string);
  /** Seconds a client should wait before it tries again, sent as `Retry-After`. */
  retryAfterSeconds?: number;
  /**
   * The Error body's details, when the failure is about one field (an exhausted search budget is
   * a 400 on `q`, code `too_slow`: `fieldError` of http-errors.ts builds one).
   */
  details?: (error: Error) => ErrorDetail[];
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
  // A new default language would leave notifications without the HTML their HTML version needs.
  {
    matches: (error) => error instanceof LanguageChangeRefused,
    status: 422,
    message: 'The site settings are invalid',
    details: (error) => [
      fieldError({
        resource: 'site',
        field: 'default_locale',
        code: 'translation_without_html',
        message: error.message,
      }),
    ],
  },
  // A `q` search ran past its time budget: the client narrows the search, so no Retry-After.
  {
    matches: (error) => error instanceof SearchBudgetExhausted,
    status: 400,
    message: (error) => error.message,
    details: (error) => [
      fieldError({ resource: 'log', field: 'q', code: 'too_slow', message: error.message }),
    ],
  },
];
