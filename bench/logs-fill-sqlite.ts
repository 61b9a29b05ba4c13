/**
 * The SQLite fill of the log benchmarks at a million entries (bench/logs-filters.ts,
 * bench/logs-steps.ts): one app `main` of site `bench`, `entries` entries of the seeded
 * generator spread evenly over `spanUs` up to now, with no `fatal` and no `unknown` entry (they
 * become `error` and `warn`: `level=fatal` then matches nothing, issue 26's repro). Written as
 * raw better-sqlite3 in large transactions; the text index is left empty with its watermark at
 * the last row (nothing for the indexer to do), and the minute rollup is filled at the end.
 */
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { toLogRow } from '../server/logs/store/app-logs-rows';
import type { Db } from '../server/database/schema';
import { insertApp } from '../server/apps/store/apps';
import { searchFileOf } from '../server/database/log-search-file';
import { fillLogMinutes } from '../server/database/migrations/006-log-minutes';
import { appFixture } from '../server/platform/test-support.test-helper';
import { makeEntry } from './log-entries';

export async function fillSqlite(
  db: Db,
  file: string,
  entries: number,
  spanUs: number,
): Promise<{ appId: number; startUs: number }> {
  await sql`insert into sites (id, name, created_at) values ('bench', 'Bench', '2026-01-01T00:00:00.000Z')`.execute(
    db,
  );
  const appId = await insertApp(db, 'bench', appFixture('main'));
  const raw = new SQLite(file);
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = OFF');
  const insert = raw.prepare(
    'INSERT INTO app_logs (app_id, time_us, level, job, data, context, created_at, search) ' +
      'VALUES (@app_id, @time_us, @level, @job, @data, @context, @created_at, @search)',
  );
  const startUs = Date.now() * 1000 - spanUs;
  const step = Math.floor(spanUs / entries);
  const put = raw.transaction((from: number, to: number) => {
    for (let i = from; i < to; i += 1) {
      const row = toLogRow(appId, makeEntry(), startUs + i * step);
      // No fatal (4) and no unknown (5): `level=fatal` matches nothing.
      if (row.level === 4) row.level = 3;
      if (row.level === 5) row.level = 2;
      insert.run(row);
    }
  });
  for (let from = 0; from < entries; from += 100_000) put(from, Math.min(entries, from + 100_000));
  // Nothing for the search indexer to do (no case searches).
  raw.prepare('attach database ? as search').run(searchFileOf(file));
  raw
    .prepare(
      'update search.app_logs_fts_state set indexed_id = (select max(id) from main.app_logs)',
    )
    .run();
  raw.close();
  await fillLogMinutes(db);
  return { appId, startUs };
}
