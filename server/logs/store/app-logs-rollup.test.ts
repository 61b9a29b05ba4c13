/**
 * The rollup's upsert is written out by hand (no Kysely compile per row count): its text is the
 * one Kysely compiles for the same rows, on this engine, for every row count a batch can have.
 */
import { describe, expect, it } from 'vitest';
import type { Db } from '../../database/schema';
import { engineOf } from '../../database/engine';
import { upsertSql } from './app-logs-rollup';
import { useLogStoreDatabase } from './log-store-database.test-helper';

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
});
