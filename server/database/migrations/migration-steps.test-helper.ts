/**
 * A migration's own test (both engines, via TEST_ENGINE): an empty database, migrated step by
 * step to the migration before the one under test, rows seeded the way the older schema held
 * them, then migrated to the latest, as a deployed database is.
 *
 *   const steps = useMigrationSteps();          // at the top of the file: no tables yet
 *   it('…', async () => {
 *     const { db } = steps;
 *     await steps.migrateTo('014-roles-tokens');  // N−1
 *     await insertSite(db, 'old', 'Old shop');    // what the old schema held
 *     await migrateToLatest(db);                  // N, and what follows it
 *   });
 */
import { Migrator, sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, expect } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test-database.test-helper';
import type { Database } from '../schema';
import { migrations } from './index';

/** When the seeded rows were made: a fixed time, before any migration under test. */
export const SEEDED_AT = '2026-01-01T00:00:00.000Z';

export interface MigrationSteps extends TestDatabase {
  /** Migrates up or down to `name` (a key of migrations/index.ts); fails the test on an error. */
  migrateTo(name: string): Promise<void>;
}

async function migrationSteps(): Promise<MigrationSteps> {
  const database = await createTestDatabase({ migrated: false });
  const { db } = database;
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
  });
  return {
    ...database,
    async migrateTo(name) {
      expect((await migrator.migrateTo(name)).error).toBeUndefined();
    },
  };
}

/**
 * The file's database, made before its tests (beforeAll) and destroyed after them (afterAll);
 * read `db` inside a test.
 */
export function useMigrationSteps(): Pick<MigrationSteps, 'db' | 'migrateTo'> {
  let steps: MigrationSteps | undefined;
  beforeAll(async () => {
    steps = await migrationSteps();
  });
  afterAll(async () => {
    await steps?.destroy();
  });
  const current = (): MigrationSteps => {
    if (!steps) throw new Error('useMigrationSteps: the database is made in beforeAll');
    return steps;
  };
  return {
    get db() {
      return current().db;
    },
    migrateTo: (name) => current().migrateTo(name),
  };
}

/** A site row as every schema since 001 holds it (later columns take their defaults). */
export async function insertSite(db: Kysely<Database>, id: string, name = id): Promise<void> {
  await sql`insert into sites (id, name, created_at) values (${id}, ${name}, ${SEEDED_AT})`.execute(
    db,
  );
}

/** A user row as every schema since 001 holds it. */
export async function insertUser(db: Kysely<Database>, email: string): Promise<void> {
  await sql`insert into users (email, name, created_at) values (${email}, '', ${SEEDED_AT})`.execute(
    db,
  );
}
