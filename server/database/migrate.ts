/**
 * `migrateToLatest(db)`: runs the migrations in `./migrations` (in code, at start), then the
 * schema upkeep ahead of time (PostgreSQL: the coming days' log partitions).
 */
import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { engineOf } from './engine';
import { migrations } from './migrations/index';
import { prepareDayPartitions } from './postgres-partitions';
import type { Database } from './schema';
import { writeTransaction } from './transactions';

class InCodeMigrationProvider implements MigrationProvider {
  getMigrations(): Promise<Record<string, Migration>> {
    return Promise.resolve(migrations);
  }
}

/** Any number, the same in every instance: the advisory lock instances migrate under. */
const MIGRATION_LOCK = 7_310_001;

/**
 * Runs every pending migration, then prepares the log tables (PostgreSQL: the coming days'
 * partitions; SQLite: nothing); throws (with the failing migration's error) if one fails.
 * Instances starting at once take turns: on SQLite the whole run is one write transaction, on
 * PostgreSQL it holds a session advisory lock on one connection.
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  if (engineOf(db) === 'sqlite') {
    // Kysely runs SQLite migrations outside any transaction (no transactional DDL in its
    // adapter): processes starting at once on a new file would both run the first one. In one
    // write transaction they take turns, and a failed run leaves nothing half done.
    await writeTransaction(db, runMigrations);
    return;
  }
  await db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK})`.execute(conn);
    try {
      await runMigrations(conn);
      await prepareDayPartitions(conn, Date.now() * 1000);
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK})`.execute(conn);
    }
  });
}

async function runMigrations(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({ db, provider: new InCodeMigrationProvider() });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const cause = error instanceof Error ? error : new Error(String(error));
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${cause.message}`, { cause });
  }
}
