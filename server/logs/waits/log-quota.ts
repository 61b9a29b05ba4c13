/**
 * The ingestion quota of each app (issue 26, decision 040): entries per minute and stored bytes
 * (`LOG_QUOTA_PER_MINUTE`, `LOG_QUOTA_BYTES`; 0 turns each off). A batch that would go past
 * either is refused whole with a 429, `Retry-After` and the Error body, before anything is
 * written.
 *
 * Both counts are read from the minute rollup in the database (`app_log_minutes`, written in the
 * same transactions as the rows), so every instance on one PostgreSQL database (or processes on
 * one SQLite file) counts the same entries. The check runs before the batch's transaction: two
 * batches admitted at the same moment may both be stored, so an app can pass the quota by the
 * batches in flight (at most 1000 entries each). The stored size is summed over the app's
 * minutes at most every STORED_BYTES_TTL_MS and kept up to date in between with what this
 * process stores.
 */
import type { Kysely } from 'kysely';
import type { PendingLogRow } from '../store/app-logs-table';
import type { Database } from '../../database/schema';
import { MINUTE_US, minuteOf, rowBytes } from '../store/app-logs-rollup';
import { loggedThisMinute, storedLogBytes } from '../store/app-logs-size';
import { fieldError, HttpError } from '../../http/errors';

export interface LogQuotaLimits {
  /** Entries an app may store per clock minute; 0: no limit. */
  perMinute: number;
  /** Bytes (rowBytes) an app may hold; 0: no limit. */
  bytes: number;
  /** What a refusal for size says to wait: until retention by size has run again. */
  bytesRetryAfterSeconds: number;
}

/** How long an app's summed size is reused (plus this process's own batches) before it is read again. */
const STORED_BYTES_TTL_MS = 10_000;

interface StoredBytes {
  bytes: number;
  readAt: number;
}

export class LogQuota {
  private readonly stored = new Map<number, StoredBytes>();

  constructor(private readonly limits: LogQuotaLimits) {}

  /**
   * Throws the 429 when `count` more entries would take the app past its entries a minute. Asked
   * before the batch's rows are built, so a refused flood costs little more than its parsing.
   */
  async admitCount(db: Kysely<Database>, appId: number, count: number): Promise<void> {
    const { perMinute } = this.limits;
    if (perMinute <= 0) return;
    const nowUs = Date.now() * 1000;
    const minuteUs = minuteOf(nowUs);
    const logged = await loggedThisMinute(db, appId, minuteUs);
    if (logged + count > perMinute) {
      throw quotaExceeded(
        `The app may store ${String(perMinute)} log entries a minute (LOG_QUOTA_PER_MINUTE); ` +
          `${String(logged)} are stored this minute and this batch has ${String(count)}`,
        perMinute,
        (minuteUs + MINUTE_US - nowUs) / 1_000_000,
      );
    }
  }

  /** Throws the 429 when `rows` would take the app past its stored bytes; resolves when they fit. */
  async admitRows(
    db: Kysely<Database>,
    appId: number,
    rows: readonly PendingLogRow[],
  ): Promise<void> {
    const { bytes: maxBytes } = this.limits;
    if (maxBytes > 0) {
      let batchBytes = 0;
      for (const row of rows) batchBytes += rowBytes(row);
      const stored = await this.storedBytes(db, appId);
      if (stored + batchBytes > maxBytes) {
        throw quotaExceeded(
          `The app may hold ${String(maxBytes)} bytes of log entries (LOG_QUOTA_BYTES) and holds ` +
            `${String(stored)}; retention by size frees the oldest`,
          maxBytes,
          this.limits.bytesRetryAfterSeconds,
        );
      }
    }
  }

  /** Counts a stored batch into the app's size until the next read. */
  recordStored(appId: number, rows: readonly PendingLogRow[]): void {
    const known = this.stored.get(appId);
    if (known === undefined) return;
    for (const row of rows) known.bytes += rowBytes(row);
  }

  private async storedBytes(db: Kysely<Database>, appId: number): Promise<number> {
    const known = this.stored.get(appId);
    if (known !== undefined && Date.now() - known.readAt < STORED_BYTES_TTL_MS) return known.bytes;
    const bytes = await storedLogBytes(db, appId);
    // Bounded: one entry per app that ingested within the TTL is kept; older ones are dropped.
    if (this.stored.size > 10_000) this.stored.clear();
    this.stored.set(appId, { bytes, readAt: Date.now() });
    return bytes;
  }
}

function quotaExceeded(message: string, limit: number, retryAfterSeconds: number): HttpError {
  return new HttpError(
    429,
    message,
    [fieldError({ resource: 'log', field: 'logs', message, code: 'quota_exceeded', value: limit })],
    { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  );
}
