import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngine, type TestDatabase } from './test-database.test-helper';
import { openPostgres } from './postgres';
import type { Db } from './schema';

describe.skipIf(testEngine !== 'postgres')('openPostgres', () => {
  let database: TestDatabase;
  let db: Db;
  const errors: Error[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    db = openPostgres(database.url, { onIdleClientError: (error) => errors.push(error) });
  });

  afterAll(async () => {
    await db.destroy();
    await database.destroy();
  });

  it('survives the server closing an idle connection (a restart, a failover, a forced drop)', async () => {
    const backend = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
    const pid = backend.rows[0]?.pid;
    // Another connection terminates the pool's idle one, as an administrator or a failover would.
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    await admin.query('select pg_terminate_backend($1)', [pid]);
    await admin.end();
    await expect.poll(() => errors.length).toBe(1);
    expect(errors[0]?.message).toMatch(/terminating connection/);
    // The pool dropped the dead connection: the next query opens a new one.
    const again = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
    expect(again.rows[0]?.pid).not.toBe(pid);
  });
});
