// PostgreSQL's one-statement append (migration 008, decision 033): the rows, their default
// created_at, the rollup and the answer are what the steps of SQLite's path give; a deleted app's
// rows go with it although the log tables have no foreign key.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresLogStore } from './app-logs-postgres';
import { toLogRow, type LogIngestEntry } from './app-logs-rows';
import { placeLogRows, insertLogs } from './app-logs-write';
import { indexPendingLogs } from '../search/log-search-indexer';
import { insertApp } from '../../apps/store/apps';
import { openDatabase } from '../../database/db';
import type { Db } from '../../database/schema';
import { createSite } from '../../site/store/sites';
import { appFixture } from '../../platform/test-support.test-helper';
import {
  createTestDatabase,
  testEngine,
  type TestDatabase,
} from '../../database/test-database.test-helper';

let database: TestDatabase;
let db: Db;
let site = 0;

async function newApp(): Promise<number> {
  site += 1;
  await createSite(db, `append${String(site)}`, 'Append');
  return insertApp(db, `append${String(site)}`, appFixture(`append${String(site)}`));
}

const STORED_COLUMNS = ['id', 'time_us', 'level', 'job', 'data', 'context', 'created_at', 'search'];

async function storedRows(appId: number) {
  const result = await sql<Record<string, unknown>>`
    select ${sql.join(STORED_COLUMNS.map((column) => sql.ref(column)))} from app_logs
    where app_id = ${appId} order by time_us`.execute(db);
  return result.rows;
}

/** Entries with every shape a column can take: NULLs, unicode, escapes, a job, created_at. */
function awkwardEntries(count: number): LogIngestEntry[] {
  const shapes: LogIngestEntry[] = [
    { level: 'info', data: 'plain' },
    { level: 'error', data: { message: 'Zürich 東京 🚀 e\u0301', quote: '"\\\'{}[],' } },
    { level: 'debug', data: 'nul \u0000 and \u0001 and tab\t', context: { job: { name: 'sync' } } },
    { level: 'warn', data: { n: 1 }, context: { job: { name: 'a "quoted", {job}' }, x: null } },
    { level: 'fatal', data: '', context: {}, created_at: '2024-02-29T23:59:59.999Z' },
    {
      level: 'unknown',
      data: { nested: [1, 'two', { three: 3 }] },
      context: { job: 'not a name' },
    },
  ];
  return Array.from(
    { length: count },
    (_, index) => shapes[index % shapes.length] ?? { level: 'info', data: '' },
  );
}

describe.skipIf(testEngine !== 'postgres')('PostgreSQL appends in one statement', () => {
  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('stores a maximum batch of awkward entries as toLogRow builds them, and answers them', async () => {
    const appId = await newApp();
    const entries = awkwardEntries(1000);
    const { page, commit } = await insertLogs(db, appId, entries);
    const stored = await storedRows(appId);
    expect(stored).toHaveLength(1000);
    const firstUs = Number(stored[0]?.time_us);
    const expected = entries.map((entry, index) => ({
      ...toLogRow(appId, entry, firstUs + index),
      id: stored[index]?.id,
    }));
    expect(stored).toEqual(
      expected.map((row) => Object.fromEntries(STORED_COLUMNS.map((c) => [c, row[c as 'id']]))),
    );
    expect(commit.previousUs).toBe(0);
    expect(commit.rows.map((row) => row.timeUs)).toEqual(stored.map((row) => row.time_us));
    const answered = JSON.parse(page.json) as Array<{ id: string; created_at: string }>;
    expect(answered.map((entry) => Number(entry.id))).toEqual(stored.map((row) => row.id));
    expect(answered.map((entry) => entry.created_at)).toEqual(stored.map((row) => row.created_at));
  });

  it('writes the default created_at as JavaScript’s toISOString of the time’s millisecond', async () => {
    const appId = await newApp();
    // Across a millisecond, a second, a day and a leap day's end.
    const starts = [
      Date.UTC(2024, 1, 29, 23, 59, 59, 999) * 1000 + 998,
      Date.UTC(2031, 11, 31, 23, 59, 59, 999) * 1000 + 999,
      Date.UTC(2026, 5, 1, 0, 0, 0, 0) * 1000,
    ];
    for (const nowUs of starts) {
      const rows = awkwardEntries(3).map((entry) => ({
        ...toLogRow(appId, { level: entry.level, data: entry.data }, 0),
        created_at: null,
      }));
      await postgresLogStore.appendRows(db, appId, rows, nowUs);
    }
    const stored = await storedRows(appId);
    expect(stored).toHaveLength(9);
    for (const row of stored) {
      expect(row.created_at).toBe(new Date(Math.floor(Number(row.time_us) / 1000)).toISOString());
    }
  });

  it('continues after the app’s last time, and counts every batch into the rollup', async () => {
    const appId = await newApp();
    const laterUs = (Date.now() + 3_600_000) * 1000;
    await placeLogRows(db, [toLogRow(appId, { level: 'info', data: 'placed ahead' }, laterUs)]);
    const { commit } = await insertLogs(db, appId, awkwardEntries(7));
    expect(commit.previousUs).toBe(laterUs);
    expect(commit.rows[0]?.timeUs).toBe(laterUs + 1);
    const rollup = await sql<{ job_key: string; minute_us: number; level: number; n: number }>`
      select job_key, minute_us, level, entries as n from app_log_minutes where app_id = ${appId}
      order by 1, 2, 3`.execute(db);
    const counted = await sql<{ job_key: string; minute_us: number; level: number; n: number }>`
      select k as job_key, time_us - time_us % 60000000 as minute_us, level, count(*)::integer as n
      from (select '' as k, time_us, level from app_logs where app_id = ${appId}
        union all select '=' || job, time_us, level from app_logs
        where app_id = ${appId} and job is not null) r
      group by 1, 2, 3 order by 1, 2, 3`.execute(db);
    expect(rollup.rows).toEqual(counted.rows);
    expect(rollup.rows.map((row) => row.job_key)).toContain('=sync');
  });

  it('keeps times strictly increasing with batches racing over two connections', async () => {
    const appId = await newApp();
    const other = openDatabase(database.url);
    try {
      const commits = await Promise.all(
        Array.from(
          { length: 12 },
          async (_, index) =>
            (await insertLogs(index % 2 ? other : db, appId, awkwardEntries(50))).commit,
        ),
      );
      const byTime = commits.toSorted(
        (a, b) => (a.rows[0]?.timeUs ?? 0) - (b.rows[0]?.timeUs ?? 0),
      );
      let lastUs = 0;
      for (const commit of byTime) {
        // Each batch continued right after the one that committed before it.
        expect(commit.previousUs).toBe(lastUs);
        lastUs = commit.rows[commit.rows.length - 1]?.timeUs ?? NaN;
      }
      const times = (await storedRows(appId)).map((row) => Number(row.time_us));
      expect(times).toHaveLength(600);
      expect(new Set(times).size).toBe(600);
    } finally {
      await other.destroy();
    }
  });

  it('deletes a deleted app’s rows and search rows, and refuses a batch for it', async () => {
    const appId = await newApp();
    const keptId = await newApp();
    await insertLogs(db, appId, awkwardEntries(20));
    await insertLogs(db, keptId, awkwardEntries(5));
    await indexPendingLogs(db, Infinity);
    await db.deleteFrom('apps').where('id', '=', appId).execute();
    const left = await sql<{ logs: number; search: number }>`
      select (select count(*) from app_logs where app_id = ${appId})::integer as logs,
        (select count(*) from app_log_search where app_id = ${appId})::integer as search`.execute(
      db,
    );
    expect(left.rows).toEqual([{ logs: 0, search: 0 }]);
    expect(await storedRows(keptId)).toHaveLength(5);
    await expect(insertLogs(db, appId, awkwardEntries(1))).rejects.toMatchObject({ code: '23503' });
    await expect(
      placeLogRows(db, [toLogRow(appId, { level: 'info', data: 'x' }, 1)]),
    ).rejects.toThrow(/no app/);
  });
});
