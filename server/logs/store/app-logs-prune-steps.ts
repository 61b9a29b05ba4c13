/**
 * Retention's deletes on SQLite in bounded steps (issue 26: no synchronous database work longer
 * than 50 ms per turn). One DELETE of an app's whole backlog (a day of a flooding app: hundreds of
 * thousands of rows, each with its index entries) held the event loop, and the write lock, for
 * seconds. Here an app's rows before the cutoff go oldest first, a step at a time: each step is
 * one write transaction that takes its rows out of the volume rollup and deletes them, so the
 * rollup is right after every step; the event loop gets a turn between steps, and ingestion can
 * take the write lock there. A step's rows are counted out of the rollup by their own minutes,
 * levels and jobs, so a step costs its rows, not the app's whole rollup.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';
import type { AppLogMinutesTable, Database } from '../../database/schema';
import { inSqliteWriteTransaction } from '../../database/sqlite-write-lock';
import { addCountsToRollup, jobKey, MINUTE_US, rowBytesSql } from './app-logs-rollup';
import { nextStepSize, type StepBounds } from './bounded-steps';

/** Rows one delete step takes at most (a step of 2,000 short rows takes a few ms). */
export const SQLITE_PRUNE_STEPS: StepBounds = { maxRows: 2_000, minRows: 250, stepMs: 20 };

/** How the steps of a prune went: the rows each deleted (tests check the steps' sizes). */
export type PruneStepObserver = (deleted: number) => void;

/**
 * Deletes one app's entries older than `cutoffUs`, with their counts in the rollup, in steps.
 * When the write lock stays held past its wait it throws DatabaseBusyError: the steps before are
 * committed (each whole), the rest is for the next retention run.
 */
export async function pruneAppInSteps(
  db: Kysely<Database>,
  appId: number,
  cutoffUs: number,
  bounds: StepBounds = SQLITE_PRUNE_STEPS,
  observe?: PruneStepObserver,
): Promise<number> {
  let deleted = 0;
  let size = bounds.maxRows;
  for (let index = 0; ; index += 1) {
    if (index > 0) await nextTurn();
    const started = performance.now();
    const step = await inSqliteWriteTransaction(db, (trx) =>
      deleteStep(trx, appId, cutoffUs, size),
    );
    if (step === 0) return deleted;
    observe?.(step);
    deleted += step;
    size = nextStepSize(size, performance.now() - started, bounds);
  }
}

/** The oldest rows of the app before `cutoffUs`, at most `size`, out of the rollup and deleted. */
async function deleteStep(
  trx: Kysely<Database>,
  appId: number,
  cutoffUs: number,
  size: number,
): Promise<number> {
  // The size-th oldest row, read from the (app_id, time_us) index alone.
  const last = await trx
    .selectFrom('app_logs')
    .select('time_us')
    .where('app_id', '=', appId)
    .where('time_us', '<', cutoffUs)
    .orderBy('time_us', 'asc')
    .limit(1)
    .offset(size - 1)
    .executeTakeFirst();
  const stepCutoffUs = last ? Math.min(last.time_us + 1, cutoffUs) : cutoffUs;
  if ((await removeFromRollupBefore(trx, appId, stepCutoffUs)) === 0) return 0;
  const result = await trx
    .deleteFrom('app_logs')
    .where('app_id', '=', appId)
    .where('time_us', '<', stepCutoffUs)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Takes the app's rows before `cutoffUs` (one step's: the older ones are gone) out of the rollup:
 * their counts per minute, level and job, subtracted by the ingestion's upsert, then the keys
 * left empty deleted. Reads only the step's rows and the rollup keys they count in
 * (removeFromRollup's `minute_us < cutoff` is a scan of the app's whole rollup: the key starts
 * with (app_id, job_key), and a step per 2,000 rows made that the whole cost). Returns how many
 * rows it counted.
 */
async function removeFromRollupBefore(
  trx: Kysely<Database>,
  appId: number,
  cutoffUs: number,
): Promise<number> {
  const groups = await trx
    .selectFrom('app_logs')
    .select((eb) => [
      sql<number>`time_us - time_us % ${MINUTE_US}`.as('minute_us'),
      'level',
      'job',
      eb.fn.countAll<number>().as('entries'),
      sql<number>`sum(${rowBytesSql(trx)})`.as('bytes'),
    ])
    .where('app_id', '=', appId)
    .where('time_us', '<', cutoffUs)
    .groupBy([sql`1`, 'level', 'job'])
    .execute();
  const counts = new Map<string, AppLogMinutesTable>();
  const count = (key: string, group: (typeof groups)[number]) => {
    const id = `${String(group.minute_us)}:${String(group.level)}:${key}`;
    const counted = counts.get(id);
    if (counted) {
      counted.entries -= group.entries;
      counted.bytes -= group.bytes;
    } else {
      counts.set(id, {
        app_id: appId,
        job_key: key,
        minute_us: group.minute_us,
        level: group.level,
        entries: -group.entries,
        bytes: -group.bytes,
      });
    }
  };
  let rows = 0;
  for (const group of groups) {
    rows += group.entries;
    count(jobKey(undefined), group);
    if (group.job !== null) count(jobKey(group.job), group);
  }
  if (rows === 0) return 0;
  await addCountsToRollup(trx, [...counts.values()]);
  const minutes = [...counts.values()].map((minute) => minute.minute_us);
  await trx
    .deleteFrom('app_log_minutes')
    .where('app_id', '=', appId)
    .where('job_key', 'in', [...new Set([...counts.values()].map((minute) => minute.job_key))])
    .where('minute_us', '>=', Math.min(...minutes))
    .where('minute_us', '<=', Math.max(...minutes))
    .where('entries', '<=', 0)
    .execute();
  return rows;
}
