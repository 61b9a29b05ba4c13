/**
 * A walk step's rows come back as the page's entries (LogStore.runWalk): on SQLite read as arrays
 * from the cache's prepared statement, which Kysely's driver shares (issue 43). The entries are
 * the ones the same rows give as objects, and the statement reads objects again afterwards. A
 * page's walk (issue 42) selects its rows' sizes too: a row whose values are over the bound comes
 * back without them, with their bytes, as it does read as an object.
 */
import { CompiledQuery } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../database/schema';
import { testEngine } from '../../database/test-database.test-helper';
import { selectLogs, type LogRow } from './app-logs-select';
import {
  INLINE_VALUE_LENGTH,
  sizedSelection,
  walkItemOf,
  type SizedLogRow,
} from './app-logs-sized-rows';
import { insertLogs } from './app-logs-write';
import { logStoreOf } from './log-store-of';
import { createLogApp, useLogStoreDatabase } from './log-store-database.test-helper';

let db: Db;
useLogStoreDatabase((opened) => (db = opened.db));

/** A page's walk statement over the app's newest 10 rows: sized, as every walk's (issue 42). */
function sizedWalkQuery(appId: number): CompiledQuery<SizedLogRow> {
  return selectLogs(db, appId, { limit: 10 }).clearSelect().select(sizedSelection(db)).compile();
}

describe('a walk step read as page entries', () => {
  it('answers the entries of the rows Kysely reads, and leaves the statement reading objects', async () => {
    const appId = await createLogApp(db);
    await insertLogs(db, appId, [
      { level: 'info', data: 'plain text' },
      {
        level: 'warn',
        data: { nested: [1, 'two', null], quote: 'a "b"' },
        context: { job: { name: 'n' } },
      },
      { level: 'error', data: 'é ✓ \u2028', created_at: '2026-03-01T10:00:00+02:00' },
    ]);
    const query = sizedWalkQuery(appId);
    const entries = await logStoreOf(db).runWalk(db, query);
    const rows = (await db.executeQuery(CompiledQuery.raw(query.sql, [...query.parameters])))
      .rows as SizedLogRow[];
    expect(rows).toHaveLength(3);
    // Objects with the columns by name: the shared statement is not left reading arrays.
    expect(Object.keys(rows[0] ?? {})).toEqual([
      'id',
      'level',
      'data',
      'context',
      'created_at',
      'time_us',
      'value_bytes',
    ]);
    // Small rows: each comes with its values, as the page's entry.
    expect(entries.every((item) => 'json' in item)).toBe(true);
    expect(entries).toEqual(rows.map(walkItemOf));
    // And again after Kysely ran it: the same entries.
    expect(await logStoreOf(db).runWalk(db, query)).toEqual(entries);
  });

  it('answers a page walk’s sized rows: entries, and the large rows without their values', async () => {
    const appId = await createLogApp(db);
    const large = 'é'.repeat(INLINE_VALUE_LENGTH);
    await insertLogs(db, appId, [
      { level: 'info', data: 'small', context: { job: { name: 'n' } } },
      { level: 'warn', data: large, context: { job: { name: 'n' } } },
      { level: 'error', data: { n: 3 } },
    ]);
    const query = sizedWalkQuery(appId);
    const items = await logStoreOf(db).runWalk(db, query);
    const rows = (await db.executeQuery(CompiledQuery.raw(query.sql, [...query.parameters])))
      .rows as SizedLogRow[];
    expect(Object.keys(rows[0] ?? {})).toContain('value_bytes');
    expect(items).toEqual(rows.map(walkItemOf));
    // Newest first: the last, the large one left for the cut with its bytes, the small one.
    expect(items.map((item) => 'json' in item)).toEqual([true, false, true]);
    const [, entry] = await selectLogs(db, appId, { limit: 10 }).execute();
    expect(items[1]).toEqual({
      id: expect.any(Number) as number,
      level: 2,
      created_at: expect.any(String) as string,
      time_us: entry?.time_us,
      value_bytes:
        Buffer.byteLength(JSON.stringify(large)) + Buffer.byteLength('{"job":{"name":"n"}}'),
    });
  });

  it('bounds a row’s values by their bytes, not their characters', async () => {
    const appId = await createLogApp(db);
    // Its JSON text is half the bound in characters and just past it in UTF-8 bytes.
    const wide = 'é'.repeat(Math.floor(INLINE_VALUE_LENGTH / 2));
    const ascii = 'e'.repeat(INLINE_VALUE_LENGTH - 2);
    await insertLogs(db, appId, [
      { level: 'info', data: ascii },
      { level: 'info', data: wide },
    ]);
    const items = await logStoreOf(db).runWalk(db, sizedWalkQuery(appId));
    // Newest first: the wide one left for the cut, the ASCII one (the bound exactly) with it.
    expect(items.map((item) => 'json' in item)).toEqual([false, true]);
    expect(items[0]).toMatchObject({ value_bytes: Buffer.byteLength(JSON.stringify(wide)) + 4 });
  });

  it.skipIf(testEngine !== 'sqlite')(
    'refuses a statement whose columns are not a stored row’s',
    async () => {
      const appId = await createLogApp(db);
      await insertLogs(db, appId, [{ level: 'info', data: 'one' }]);
      const query = db
        .selectFrom('app_logs')
        .select(['id', 'data', 'level', 'context', 'created_at', 'time_us'])
        .where('app_id', '=', appId)
        .compile() as CompiledQuery<LogRow>;
      await expect(logStoreOf(db).runWalk(db, query)).rejects.toThrow(/A walk reads id,data,level/);
    },
  );
});
