/**
 * Retention of consent records: each site keeps its records `retention_months` (12 by default,
 * `PATCH /settings/consent/public-key`). Runs under the leader (main.ts) at start and every
 * interval, like log retention, deleting in bounded steps of its own transactions (a step holds
 * SQLite's write lock for milliseconds, so ingestion and the rest go on between steps). Deleting
 * what is past retention is idempotent: a run cut short, or two leaders for a moment, only leave
 * less for the next step.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../database/schema';
import { writeTransaction } from '../../database/transactions';
import { listRetentions } from './record-settings-store';
import { pruneConsentRecordsStep } from './record-store';

/** Records deleted per transaction. */
export const CONSENT_PRUNE_STEP = 2_000;

/** The time `months` calendar months before `now` (ISO). */
export function retentionCutoff(now: Date, months: number): string {
  const cutoff = new Date(now.getTime());
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return cutoff.toISOString();
}

/** One run over every site; answers how many records went. */
export async function runConsentRetention(
  db: Kysely<Database>,
  now = new Date(),
  step = CONSENT_PRUNE_STEP,
): Promise<number> {
  let deleted = 0;
  for (const site of await listRetentions(db)) {
    const before = retentionCutoff(now, site.retention_months);
    for (;;) {
      const gone = await writeTransaction(db, (trx) =>
        pruneConsentRecordsStep(trx, site.site_id, before, step),
      );
      deleted += gone;
      if (gone < step) break;
      // Between steps the loop serves requests (a step's SQLite work is synchronous).
      await new Promise<void>((wake) => setImmediate(wake));
    }
  }
  return deleted;
}

/** Runs retention now and every `intervalMs`, never two runs at once; answers the stop. */
export function startConsentRetention(
  db: Kysely<Database>,
  onResult: (deleted: number, error?: unknown) => void,
  intervalMs = 60 * 60 * 1000,
): () => void {
  let running = false;
  const run = () => {
    if (running) return;
    running = true;
    runConsentRetention(db)
      .then(
        (deleted) => onResult(deleted),
        (error: unknown) => onResult(0, error),
      )
      .finally(() => (running = false));
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
