/**
 * A write transaction waits for another process's SQLite write lock on a timer: the event loop
 * keeps running meanwhile, and the transaction commits once the lock is free.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase } from './db';
import { migrateToLatest } from './migrate';
import type { Db } from './schema';
import { writeTransaction } from './transactions';
import { DatabaseBusyError, isDatabaseBusy } from './sqlite-write-lock';

let folder = '';
let file = '';
let db: Db;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'site-console-write-lock-'));
  file = join(folder, 'test.db');
  db = openDatabase(file);
  await migrateToLatest(db);
});
afterAll(async () => {
  await db.destroy();
  rmSync(folder, { recursive: true, force: true });
});

it('waits for a write lock another connection holds, serving timers meanwhile, then commits', async () => {
  const other = new SQLite(file);
  other.exec('begin immediate');
  // The lock is released by a timer of this event loop, after it has turned a few times: the
  // write can commit only if it waited on timers. Waiting in SQLite's busy handler would hold the
  // loop, so the release could not run and the write would fail busy after its timeout.
  const events: string[] = [];
  let ticks = 0;
  const ticker = setInterval(() => {
    ticks += 1;
    if (ticks === 5) {
      other.exec('rollback');
      events.push('released');
    }
  }, 5);
  try {
    const write = writeTransaction(db, (trx) =>
      sql`insert into sites (id, name, created_at) values ('lock', 'Lock', '')`.execute(trx),
    );
    events.push('write started');
    await write;
    events.push('committed');
  } finally {
    clearInterval(ticker);
    other.close();
  }
  expect(events).toEqual(['write started', 'released', 'committed']);
  const row = await db
    .selectFrom('sites')
    .select('name')
    .where('id', '=', 'lock')
    .executeTakeFirst();
  expect(row?.name).toBe('Lock');
});

it('tells a busy database from other errors', () => {
  expect(isDatabaseBusy(new DatabaseBusyError())).toBe(true);
  expect(isDatabaseBusy(new SQLite.SqliteError('database is locked', 'SQLITE_BUSY'))).toBe(true);
  expect(isDatabaseBusy(new SQLite.SqliteError('constraint', 'SQLITE_CONSTRAINT'))).toBe(false);
  expect(isDatabaseBusy(new Error('SQLITE_BUSY'))).toBe(false);
});
