/**
 * The pool's acquire timeout and lost connections (decision 041), on PostgreSQL only: a query
 * that cannot have a connection within the timeout fails as "unavailable" (a 503), and a
 * checked-out connection the server ends does not end the process; the next query gets a new one.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngine, type TestDatabase } from './test-database.test-helper';
import { isDatabaseUnavailable } from './database-unavailable';
import { openPostgres } from './postgres';

let test: TestDatabase | undefined;

beforeAll(async () => {
  if (testEngine === 'postgres') test = await createTestDatabase();
});
afterAll(async () => {
  await test?.destroy();
});

describe.skipIf(testEngine !== 'postgres')('the PostgreSQL pool', () => {
  it('fails a query that waits past the acquire timeout as unavailable', async () => {
    // Pool size 2: one general connection (and one for generic plans).
    const db = openPostgres(test!.url, { poolSize: 2, acquireTimeoutMs: 3_000 });
    const holding: { now: boolean; release: () => void } = { now: false, release: () => undefined };
    const held = db.connection().execute(async (conn) => {
      await sql`select 1`.execute(conn);
      await new Promise<void>((done) => {
        holding.release = done;
        holding.now = true;
      });
    });
    await expect.poll(() => holding.now).toBe(true);
    const refused = await sql`select 1`.execute(db).catch((error: unknown) => error);
    expect(isDatabaseUnavailable(refused), String(refused)).toBe(true);
    holding.release();
    await held;
    await db.destroy();
  });

  it('survives the server ending a checked-out connection; the next query gets a new one', async () => {
    const db = openPostgres(test!.url, { poolSize: 2 });
    const failure = await db
      .connection()
      .execute(async (conn) => {
        const pid = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(conn);
        await sql`select pg_terminate_backend(${pid.rows[0]?.pid})`.execute(test!.db);
        // Idle and checked out when the server ends it: pg emits `error` on the client.
        await new Promise((wake) => setTimeout(wake, 200));
        await sql`select 1`.execute(conn);
      })
      .catch((error: unknown) => error);
    expect(isDatabaseUnavailable(failure), String(failure)).toBe(true);
    const again = await sql<{ one: number }>`select 1 as one`.execute(db);
    expect(again.rows).toEqual([{ one: 1 }]);
    await db.destroy();
  });
});
