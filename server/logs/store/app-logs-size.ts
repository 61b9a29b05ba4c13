/**
 * Log volume by size (issue 26, decision 040): an app's stored size, read from the minute rollup
 * (`bytes`, migration 011), and retention by size, which deletes an app's oldest minutes until
 * what is left fits.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../database/schema';
import { logStoreOf } from './log-store-of';

/** What an app's entries take (rowBytes summed), from its minutes: one range of the rollup key. */
export async function storedLogBytes(db: Kysely<Database>, appId: number): Promise<number> {
  const row = await db
    .selectFrom('app_log_minutes')
    .select((eb) => eb.fn.sum<number | string | null>('bytes').as('bytes'))
    .where('app_id', '=', appId)
    .where('job_key', '=', '')
    .executeTakeFirst();
  // PostgreSQL answers a bigint sum as text.
  return Number(row?.bytes ?? 0);
}

/** Entries of an app committed in the minute holding `nowUs` (the per-minute quota's count). */
export async function loggedThisMinute(
  db: Kysely<Database>,
  appId: number,
  minuteUs: number,
): Promise<number> {
  const row = await db
    .selectFrom('app_log_minutes')
    .select((eb) => eb.fn.sum<number | string | null>('entries').as('entries'))
    .where('app_id', '=', appId)
    .where('job_key', '=', '')
    .where('minute_us', '=', minuteUs)
    .executeTakeFirst();
  return Number(row?.entries ?? 0);
}

/**
 * Retention by size: every app storing more than `maxBytes` loses its oldest whole minutes until
 * the rest fits (the newest minute always stays). Returns how many entries went.
 */
export async function pruneLogsToSize(db: Kysely<Database>, maxBytes: number): Promise<number> {
  const large = await db
    .selectFrom('app_log_minutes')
    .select('app_id')
    .where('job_key', '=', '')
    .groupBy('app_id')
    .having((eb) => eb.fn.sum('bytes'), '>', maxBytes)
    .execute();
  let deleted = 0;
  for (const { app_id: appId } of large) {
    const minutes = await db
      .selectFrom('app_log_minutes')
      .select((eb) => ['minute_us', eb.fn.sum<number | string>('bytes').as('bytes')])
      .where('app_id', '=', appId)
      .where('job_key', '=', '')
      .groupBy('minute_us')
      .orderBy('minute_us', 'desc')
      .execute();
    let kept = 0;
    let cutoffUs: number | undefined;
    for (const minute of minutes) {
      kept += Number(minute.bytes);
      if (kept > maxBytes && cutoffUs !== undefined) break;
      cutoffUs = minute.minute_us;
    }
    // The oldest minute kept starts at cutoffUs: everything before it goes.
    if (cutoffUs !== undefined && Number(minutes.at(-1)?.minute_us) < cutoffUs) {
      deleted += await logStoreOf(db).pruneApp(db, appId, cutoffUs);
    }
  }
  return deleted;
}
