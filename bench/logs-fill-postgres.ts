/**
 * The PostgreSQL fill of bench/logs-filters.ts: the same app as the SQLite fill
 * (logs-fill-sqlite.ts: `entries` seeded entries over `spanUs` up to now, no `fatal` and no
 * `unknown` entry), loaded as bench/api.ts loads PostgreSQL (api-fill-postgres.ts: the store's
 * insert with the indexes built once at the end). The levels are mapped after the load and the
 * minute rollup counted again from the rows. A kept database (BENCH_KEEP_DB) with a finished fill
 * is used as it is.
 */
import { sql } from 'kysely';
import type { Db } from '../server/database/schema';
import { insertApp } from '../server/apps/store/apps';
import { fillLogMinutes } from '../server/database/migrations/006-log-minutes';
import { appFixture } from '../server/platform/test-support.test-helper';
import { fillPostgres } from './api-fill-postgres';
import { filledSpan } from './api-database';

/** The app `main` of site `bench`, filled; its id. */
export async function fillPostgresLogs(db: Db, entries: number, spanUs: number): Promise<number> {
  const span = await filledSpan(db, entries);
  if (span) return span.mainId;
  await sql`insert into sites (id, name, created_at) values ('bench', 'Bench', '2026-01-01T00:00:00.000Z')`.execute(
    db,
  );
  const appId = await insertApp(db, 'bench', appFixture('main'));
  const startUs = Date.now() * 1000 - spanUs;
  const step = Math.floor(spanUs / entries);
  await fillPostgres(db, startUs, startUs + spanUs, (put) => {
    for (let i = 0; i < entries; i += 1) put(appId, startUs + i * step);
  });
  // No fatal (4) and no unknown (5): `level=fatal` matches nothing.
  await sql`update app_logs set level = 3 where app_id = ${appId} and level = 4`.execute(db);
  await sql`update app_logs set level = 2 where app_id = ${appId} and level = 5`.execute(db);
  await sql`delete from app_log_minutes where app_id = ${appId}`.execute(db);
  await fillLogMinutes(db);
  await sql`vacuum analyze app_logs`.execute(db);
  await sql`analyze app_log_minutes`.execute(db);
  return appId;
}
