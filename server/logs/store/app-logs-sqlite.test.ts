/**
 * SQLite's append runs its statements on the connection (decision 094): the read of the app's
 * last time is the text Kysely compiles for it.
 */
import { describe, expect, it } from 'vitest';
import type { Db } from '../../database/schema';
import { testEngine } from '../../database/test-database.test-helper';
import { LAST_TIME_SQL } from './app-logs-sqlite';
import { useLogStoreDatabase } from './log-store-database.test-helper';

let db: Db;
useLogStoreDatabase((opened) => (db = opened.db));

describe.skipIf(testEngine !== 'sqlite')('the SQLite append', () => {
  it("reads the app's last time with the text Kysely compiles", () => {
    const compiled = db
      .selectFrom('app_logs')
      .select((eb) => eb.fn.max('time_us').as('last'))
      .where('app_id', '=', 1)
      .compile();
    expect(LAST_TIME_SQL).toBe(compiled.sql);
  });
});
