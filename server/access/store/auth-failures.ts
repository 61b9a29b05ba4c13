/**
 * Failed authentications per address, counted in the database (PostgreSQL only: the unlogged
 * table `auth_failures` of migration 003), so that every instance counts the same failures.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../database/schema';

/**
 * Counts one failure from `address` in its current window (a new window when the last one is
 * `windowMs` old); one statement, so concurrent failures from several instances all count.
 * Answers the window's start (epoch ms) and its failures so far, this one included.
 */
export async function countAuthFailure(
  db: Kysely<Database>,
  address: string,
  nowMs: number,
  windowMs: number,
): Promise<{ start: number; failures: number }> {
  const expired = nowMs - windowMs;
  const result = await sql<{ start: number; failures: number }>`
    insert into auth_failures as f (address, window_start, failures) values (${address}, ${nowMs}, 1)
    on conflict (address) do update set
      window_start = case when f.window_start <= ${expired} then ${nowMs} else f.window_start end,
      failures = case when f.window_start <= ${expired} then 1 else f.failures + 1 end
    returning window_start as start, failures`.execute(db);
  return result.rows[0] ?? { start: nowMs, failures: 1 };
}

/** Deletes windows that started before `olderThanMs`. */
export async function sweepAuthFailures(db: Kysely<Database>, olderThanMs: number): Promise<void> {
  await sql`delete from auth_failures where window_start <= ${olderThanMs}`.execute(db);
}
