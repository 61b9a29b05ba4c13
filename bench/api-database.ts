/**
 * The database of bench/api.ts: a fresh one dropped at the end, or with `BENCH_KEEP_DB=name` one
 * kept between runs (PostgreSQL: the database `name` on the server of BENCH_DATABASE_URL; SQLite:
 * `name.db` in the temp folder), so the store's queries can be measured again and again over one
 * million-entry fill. A kept database is reused when its fill finished (`filled` finds it).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Kysely } from 'kysely';
import { createPostgresDatabase } from '../server/database/test-database.test-helper';
import { openDatabase } from '../server/database/db';
import type { Database } from '../server/database/schema';

export interface BenchDatabase {
  /** The DATABASE_URL of the service processes (a file path on SQLite). */
  url: string;
  db: Kysely<Database>;
  /** True when a kept database was opened: it holds an earlier fill (check it with `filled`). */
  kept: boolean;
  /** Closes it, and removes it unless it is kept. */
  close: () => Promise<void>;
}

async function onServer<T>(adminUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  // A server-closed connection would otherwise throw out of the process (see store/postgres.ts).
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** The database `name` on the server of `adminUrl`, created if missing; whether it was there. */
async function keptPostgres(
  adminUrl: string,
  name: string,
): Promise<{ url: string; kept: boolean }> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`BENCH_KEEP_DB: not a plain name: ${name}`);
  const kept = await onServer(adminUrl, async (client) => {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database ${name}`);
    return found.rowCount !== 0;
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.href, kept };
}

export async function openBenchDatabase(
  postgresUrl: string,
  keepName: string,
): Promise<BenchDatabase> {
  if (postgresUrl !== '') {
    if (keepName !== '') {
      const { url, kept } = await keptPostgres(postgresUrl, keepName);
      const db = openDatabase(url);
      return { url, db, kept, close: () => db.destroy() };
    }
    const fresh = await createPostgresDatabase(postgresUrl);
    const db = openDatabase(fresh.url);
    return {
      url: fresh.url,
      db,
      kept: false,
      close: async () => {
        await db.destroy();
        await fresh.drop();
      },
    };
  }
  if (keepName !== '') {
    const url = join(tmpdir(), `${keepName}.db`);
    const kept = existsSync(url);
    const db = openDatabase(url);
    return { url, db, kept, close: () => db.destroy() };
  }
  const dir = mkdtempSync(join(tmpdir(), 'bench-api-'));
  const url = join(dir, 'bench.db');
  const db = openDatabase(url);
  return {
    url,
    db,
    kept: false,
    close: async () => {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The span of a finished fill of app `main` (µs, first and last entry), or undefined when there
 * is none or it holds fewer than `entries` (a fill stopped half-way).
 */
export async function filledSpan(
  db: Kysely<Database>,
  entries: number,
): Promise<{ mainId: number; startUs: number; endUs: number } | undefined> {
  const row = await db
    .selectFrom('apps')
    .innerJoin('app_logs', 'app_logs.app_id', 'apps.id')
    .select((eb) => [
      'apps.id as mainId',
      eb.fn.countAll<number>().as('count'),
      eb.fn.min('app_logs.time_us').as('startUs'),
      eb.fn.max('app_logs.time_us').as('endUs'),
    ])
    .where('apps.site_id', '=', 'bench')
    .where('apps.key', '=', 'main')
    .groupBy('apps.id')
    .executeTakeFirst();
  if (row === undefined || row.count < entries) return undefined;
  return { mainId: row.mainId, startUs: row.startUs, endUs: row.endUs };
}
