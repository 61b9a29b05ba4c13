/**
 * The SQLite fill of the API benchmarks (bench/api.ts, bench/api-ingest-compare.ts): rows built
 * by the ingestion code (toLogRow) from the seeded generator, inserted directly in big
 * transactions, all in the search index (its own file, decision 032; the indexer's watermark on
 * top). The direct inserts skip
 * the store, so the caller counts the volume rollup afterwards (`fillLogMinutes`).
 */
import SQLite from 'better-sqlite3';
import { toLogRow } from '../server/logs/store/app-logs-rows';
import { searchFileOf } from '../server/database/log-search-file';
import { makeEntry } from './log-entries';

/** `everyRow(put, from, to)` calls `put` for the rows of entries from..to (of `entries`). */
export function fillSqlite(
  file: string,
  entries: number,
  everyRow: (put: (appId: number, timeUs: number) => void, from: number, to: number) => void,
): void {
  const raw = new SQLite(file);
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = NORMAL');
  // The search index's file (decision 032), which openDatabase created.
  raw.prepare('attach database ? as search').run(searchFileOf(file));
  raw.pragma('search.synchronous = NORMAL');
  const insert = raw.prepare(
    'INSERT INTO app_logs (app_id, time_us, level, job, data, context, created_at, search) ' +
      'VALUES (@app_id, @time_us, @level, @job, @data, @context, @created_at, @search)',
  );
  const index = raw.prepare('INSERT INTO search.app_logs_fts (rowid, search) VALUES (?, ?)');
  const fill = raw.transaction((from: number, to: number) => {
    everyRow(
      (appId, timeUs) => {
        const row = toLogRow(appId, makeEntry(), timeUs);
        index.run(insert.run(row).lastInsertRowid, row.search);
      },
      from,
      to,
    );
  });
  for (let from = 0; from < entries; from += 100_000) fill(from, Math.min(entries, from + 100_000));
  raw
    .prepare(
      'update search.app_logs_fts_state set indexed_id = (select max(id) from main.app_logs)',
    )
    .run();
  raw.close();
}
