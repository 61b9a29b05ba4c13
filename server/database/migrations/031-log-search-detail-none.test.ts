/**
 * Migration 031 on a database migrated to 030 whose search index is the one before it (detail=full,
 * as log-search-file.ts created it then): the index becomes detail=none with the same rows up to
 * the same watermark (carried over, not started again), searches by its trigrams find what the
 * phrase found, and down gives a detail=full index with those rows again. SQLite only: on
 * PostgreSQL the migration does nothing (its trigram index is pg_trgm's).
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../migrate';
import { testEngine } from '../test-database.test-helper';
import { SEARCH_INDEX_HASH_BYTES, trigramMatch } from '../log-search-file';
import { insertSite, SEEDED_AT, useMigrationSteps } from './migration-steps.test-helper';

const steps = useMigrationSteps();

const TEXTS = [
  'order 41 paid by ada',
  'card declined for order 42',
  'order 43 paid by grace',
  'card declined for order 44',
  'paid by linus: order 45',
  'declined card, order 46',
];

/** The first row's `value` of `query`. */
async function scalar(query: string): Promise<unknown> {
  const { rows } = await sql.raw<{ value: unknown }>(query).execute(steps.db);
  return rows[0]?.value;
}

const indexSql = () =>
  scalar(
    `select sql as value from search.sqlite_master where name = 'app_logs_fts'`,
  ) as Promise<string>;

/** The index rows a query of FTS5 names, in rowid order. */
async function indexed(match: string): Promise<number[]> {
  const { rows } = await sql<{
    rowid: number;
  }>`select rowid from search.app_logs_fts where app_logs_fts match ${match} order by rowid`.execute(
    steps.db,
  );
  return rows.map((row) => row.rowid);
}

describe.skipIf(testEngine !== 'sqlite')(
  'migration 031 (the search index without positions)',
  () => {
    it('carries the indexed rows over to a detail=none index, and back down', async () => {
      const { db } = steps;
      await steps.migrateTo('030-log-alert-href-escaped');
      // The index as log-search-file.ts made it before this migration.
      await sql`drop table search.app_logs_fts`.execute(db);
      await sql`create virtual table search.app_logs_fts using fts5(search, content='', contentless_delete=1, tokenize='trigram')`.execute(
        db,
      );
      await insertSite(db, 'shop');
      await sql`insert into apps (site_id, key, name, url, domain, callback_url, sdk_version, created_at, updated_at)
      values ('shop', 'main', 'Main', 'https://shop.test', 'shop.test', 'https://shop.test/cb', '1', ${SEEDED_AT}, ${SEEDED_AT})`.execute(
        db,
      );
      for (const [index, text] of TEXTS.entries()) {
        await sql`insert into app_logs (app_id, time_us, level, job, data, context, created_at, search)
        values (1, ${index + 1}, 2, null, ${JSON.stringify(text)}, null, ${SEEDED_AT}, ${text})`.execute(
          db,
        );
      }
      // The first four rows indexed, as the indexer leaves them: rows and watermark together.
      await sql`insert into search.app_logs_fts (rowid, search) select id, search from app_logs where id <= 4`.execute(
        db,
      );
      await sql`update search.app_logs_fts_state set indexed_id = 4`.execute(db);
      expect(await indexSql()).not.toContain('detail=none');
      const phrase = await indexed('"card declined"');
      expect(phrase).toEqual([2, 4]);

      await migrateToLatest(db);

      expect(await indexSql()).toContain('detail=none');
      expect(
        await scalar(`select v as value from search.app_logs_fts_config where k = 'hashsize'`),
      ).toBe(SEARCH_INDEX_HASH_BYTES);
      expect(await scalar('select indexed_id as value from search.app_logs_fts_state')).toBe(4);
      // The rows up to the watermark, no more: the same candidates as the phrase, and rows 5
      // and 6 (above the watermark) are the search's to scan.
      expect(await indexed(trigramMatch(['card declined']))).toEqual(phrase);
      expect(await indexed(trigramMatch(['order']))).toEqual([1, 2, 3, 4]);
      // A phrase is refused by a detail=none index: the queries are trigramMatch's.
      await expect(indexed('"card declined"')).rejects.toThrow(/phrase queries are not supported/);
      await sql`insert into search.app_logs_fts (app_logs_fts) values ('integrity-check')`.execute(
        db,
      );

      await steps.migrateTo('030-log-alert-href-escaped');

      expect(await indexSql()).not.toContain('detail=none');
      expect(await scalar('select indexed_id as value from search.app_logs_fts_state')).toBe(4);
      expect(await indexed('"card declined"')).toEqual(phrase);
      expect(await indexed('"order"')).toEqual([1, 2, 3, 4]);
    });
  },
);

describe('trigramMatch', () => {
  it('asks for every trigram of every term once, by code point, quotes doubled', () => {
    expect(trigramMatch(['abcd'])).toBe('"abc" AND "bcd"');
    expect(trigramMatch(['abc', 'xabc'])).toBe('"abc" AND "xab"');
    expect(trigramMatch(['a"bc'])).toBe('"a""b" AND """bc"');
    expect(trigramMatch(['é🙂x!'])).toBe('"é🙂x" AND "🙂x!"');
    expect(() => trigramMatch(['ab'])).toThrow();
  });
});
