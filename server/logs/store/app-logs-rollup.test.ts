/**
 * The rollup's upsert is written out by hand (no Kysely compile per row count): its text is the
 * one Kysely compiles for the same rows, on this engine, for every row count a batch can have.
 */
import { describe, expect, it } from 'vitest';
import type { Db } from '../../database/schema';
import { engineOf } from '../../database/engine';
import { addCountsToRollup, MAX_ROLLUP_ROWS_PER_UPSERT, upsertSql } from './app-logs-rollup';
import { createLogApp, useLogStoreDatabase } from './log-store-database.test-helper';

let db: Db;
useLogStoreDatabase((opened) => (db = opened.db));

function compiledByKysely(rows: number): string {
  const placeholder = { app_id: 0, job_key: '', minute_us: 0, level: 0, entries: 0, bytes: 0 };
  return db
    .insertInto('app_log_minutes')
    .values(Array.from({ length: rows }, () => placeholder))
    .onConflict((conflict) =>
      conflict.columns(['app_id', 'job_key', 'minute_us', 'level']).doUpdateSet((eb) => ({
        entries: eb('app_log_minutes.entries', '+', eb.ref('excluded.entries')),
        bytes: eb('app_log_minutes.bytes', '+', eb.ref('excluded.bytes')),
      })),
    )
    .compile().sql;
}

describe('the rollup upsert', () => {
  it('is the text Kysely compiles, for 1 to 60 rows and the most a batch can have', () => {
    for (const rows of [...Array.from({ length: 60 }, (_, i) => i + 1), 5_000]) {
      expect(upsertSql(engineOf(db), rows)).toBe(compiledByKysely(rows));
    }
  });

  it('adds more rows than one statement can bind, on both engines', async () => {
    // A bulk fill's batch (bench/api-fill-postgres.ts) spans more minutes and jobs than a request's:
    // 11,015 rows of six values went past PostgreSQL's 65,535 bound parameters before.
    const appId = await createLogApp(db);
    const rows = MAX_ROLLUP_ROWS_PER_UPSERT * 2 + 1_015;
    const counts = Array.from({ length: rows }, (_, i) => ({
      app_id: appId,
      job_key: `job-${String(i % 7)}`,
      minute_us: i * 60_000_000,
      level: 2,
      entries: 1,
      bytes: 10,
    }));
    await addCountsToRollup(db, counts);
    await addCountsToRollup(db, counts.slice(0, 3));
    const stored = await db
      .selectFrom('app_log_minutes')
      .where('app_id', '=', appId)
      // PostgreSQL answers count and sum as bigint text.
      .select((eb) => [
        eb.fn.countAll<number | string>().as('rows'),
        eb.fn.sum<number | string>('entries').as('entries'),
      ])
      .executeTakeFirstOrThrow();
    expect(Number(stored.rows)).toBe(rows);
    expect(Number(stored.entries)).toBe(rows + 3);
  });
});
