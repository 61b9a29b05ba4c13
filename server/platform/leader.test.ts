/**
 * Leading after the leader's session is lost (decision 041), on PostgreSQL only (on SQLite the
 * work simply runs): the work stops, and starts again once the lock is held again.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runWhileLeader } from './leader';
import { openPostgres } from '../database/postgres';
import {
  createTestDatabase,
  testEngine,
  type TestDatabase,
} from '../database/test-database.test-helper';

let test: TestDatabase | undefined;

beforeAll(async () => {
  if (testEngine === 'postgres') test = await createTestDatabase();
});
afterAll(async () => {
  await test?.destroy();
});

describe.skipIf(testEngine !== 'postgres')('runWhileLeader', () => {
  it('stops the work when its session is lost, and leads again', async () => {
    const db = openPostgres(test!.url, { poolSize: 4 });
    const counts = { started: 0, stopped: 0 };
    const errors: unknown[] = [];
    const resign = runWhileLeader(
      db,
      () => {
        counts.started += 1;
        return async () => {
          counts.stopped += 1;
        };
      },
      { retryMs: 200, heartbeatMs: 100, onError: (error) => errors.push(error) },
    );
    await expect.poll(() => counts.started).toBe(1);
    // What a server restart does to the leader's session (57P01), on this database only.
    const ended = await sql<{ n: number }>`
      select count(pg_terminate_backend(pid))::integer as n from pg_locks
      where locktype = 'advisory' and granted
        and database = (select oid from pg_database where datname = current_database())`.execute(
      test!.db,
    );
    expect(ended.rows[0]?.n).toBe(1);
    await expect.poll(() => counts.stopped).toBe(1);
    await expect.poll(() => counts.started).toBe(2);
    expect(errors.length).toBeGreaterThan(0);
    await resign();
    expect(counts).toEqual({ started: 2, stopped: 2 });
    await db.destroy();
  });
});
