/**
 * Group commit for the public endpoint: records arriving together are stored in one write
 * transaction (one fsync on SQLite), one batch at a time, and each request answers when its
 * batch committed. So a flood costs the database one writer and a few short transactions a
 * second, not one transaction per visitor, and never more than `maxPending` records wait in
 * memory (past that the request is refused with 503 and Retry-After, having stored nothing).
 */
import type { Kysely } from 'kysely';
import { HttpError } from '../../http/errors';
import type { Database } from '../../database/schema';
import { writeTransaction } from '../../database/transactions';
import { insertConsentRecords, type NewConsentRecord } from './record-store';

interface Pending {
  record: NewConsentRecord;
  done: (error?: Error) => void;
}

export interface RecordWriterLimits {
  /** Records waiting for their batch, at most. */
  maxPending: number;
  /** Records per transaction, at most. */
  maxBatch: number;
}

export const DEFAULT_RECORD_WRITER_LIMITS: RecordWriterLimits = {
  maxPending: 5_000,
  maxBatch: 1_000,
};

export class ConsentRecordWriter {
  private pending: Pending[] = [];
  private running: Promise<void> | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly limits: RecordWriterLimits = DEFAULT_RECORD_WRITER_LIMITS,
  ) {}

  /** Resolves when the record is committed; rejects with the store's error or the 503. */
  write(record: NewConsentRecord): Promise<void> {
    if (this.pending.length >= this.limits.maxPending) {
      return Promise.reject(
        new HttpError(503, 'Too many consent records are waiting to be stored; try again', [], {
          'Retry-After': '1',
        }),
      );
    }
    return new Promise<void>((resolve, reject) => {
      this.pending.push({
        record,
        done: (error) => (error === undefined ? resolve() : reject(error)),
      });
      this.running ??= this.drain();
    });
  }

  /** Resolves when nothing is waiting (for closing). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    // One turn of the loop first, so the requests that arrived together share the batch.
    await new Promise<void>((wake) => setImmediate(wake));
    while (this.pending.length > 0) {
      const batch = this.pending.splice(0, this.limits.maxBatch);
      try {
        await writeTransaction(this.db, (trx) =>
          insertConsentRecords(
            trx,
            batch.map((entry) => entry.record),
          ),
        );
        for (const entry of batch) entry.done();
      } catch (caught) {
        const error = caught instanceof Error ? caught : new Error(String(caught));
        for (const entry of batch) entry.done(error);
      }
    }
    this.running = null;
  }
}
