/**
 * LISTEN/NOTIFY between instances (decision 020): two notifiers on one PostgreSQL database, as
 * two service processes have. Runs in the postgres test project only.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  testEngine,
  type TestDatabase,
} from '../../database/test-database.test-helper';
import type { LogCommit } from '../store/app-logs-page';
import { PostgresLogNotifier } from './postgres-log-notifier';

let test: TestDatabase | undefined;
let a: PostgresLogNotifier;
let b: PostgresLogNotifier;

beforeAll(async () => {
  if (testEngine !== 'postgres') return;
  test = await createTestDatabase();
  a = new PostgresLogNotifier(test.url);
  b = new PostgresLogNotifier(test.url);
  await Promise.all([a.start(), b.start()]);
});
afterAll(async () => {
  if (!test) return;
  await Promise.all([a.close(), b.close()]);
  await test.destroy();
});

/** Waits until `done` holds (two seconds at most). */
async function until(done: () => boolean): Promise<void> {
  await expect.poll(done, { timeout: 2_000 }).toBe(true);
}

describe.skipIf(testEngine !== 'postgres')('PostgresLogNotifier', () => {
  it("wakes the app's listeners in both instances, each once, and no other app's", async () => {
    const calls = { a: 0, b: 0, other: 0 };
    const offA = a.subscribe(7, () => (calls.a += 1));
    const offB = b.subscribe(7, () => (calls.b += 1));
    const offOther = b.subscribe(8, () => (calls.other += 1));
    a.notify(7, null);
    expect(calls.a).toBe(1); // at once, without the round trip
    await until(() => calls.b === 1);
    b.notify(7, null);
    await until(() => calls.a === 2);
    // A's own NOTIFY came back to it too and was skipped: still one call per commit.
    expect(calls).toEqual({ a: 2, b: 2, other: 0 });
    offA();
    offB();
    offOther();
  });

  it("notifyAll wakes every app's listeners in both instances with a commit they cannot see", async () => {
    const heard: string[] = [];
    const listener = (name: string) => (commit: LogCommit | null) =>
      heard.push(`${name} ${commit === null ? 'null' : 'rows'}`);
    const offs = [
      a.subscribe(7, listener('a7')),
      b.subscribe(7, listener('b7')),
      b.subscribe(8, listener('b8')),
    ];
    a.notifyAll();
    expect(heard).toEqual(['a7 null']); // at once
    await until(() => heard.length === 3);
    expect(heard.sort()).toEqual(['a7 null', 'b7 null', 'b8 null']);
    for (const off of offs) off();
  });

  it('a LISTEN connection the server ended comes back, and its listeners read again for what they missed', async () => {
    const heard: string[] = [];
    const offA = a.subscribe(9, (commit) => heard.push(`a ${commit === null ? 'null' : 'rows'}`));
    const offB = b.subscribe(9, (commit) => heard.push(`b ${commit === null ? 'null' : 'rows'}`));
    // What a server restart does to both LISTEN sessions (57P01), on this test's database only
    // (any idle pool connection goes too; the pool replaces it).
    const ended = await sql<{ n: number }>`
      select count(pg_terminate_backend(pid))::integer as n from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid()`.execute(test!.db);
    expect(ended.rows[0]?.n).toBeGreaterThanOrEqual(2);
    // Each reconnects and wakes its listeners once (commits in between were not heard).
    await until(() => heard.length === 2);
    expect(heard.sort()).toEqual(['a null', 'b null']);
    // And hears the other instance's commits again.
    heard.length = 0;
    await expect
      .poll(
        () => {
          b.notify(9, null);
          return heard.includes('a null');
        },
        { timeout: 5_000, interval: 200 },
      )
      .toBe(true);
    offA();
    offB();
  });
});
