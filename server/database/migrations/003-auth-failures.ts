import { sql, type Kysely, type Migration } from 'kysely';
import { engineOf } from '../engine';

/**
 * PostgreSQL only: the failed-auth limiter's counts (store/auth-failures.ts), shared by every
 * instance. Unlogged: written on every failed sign-in, worthless after a crash (PostgreSQL
 * empties it then, which only forgets a minute of failures). SQLite keeps them in memory.
 */
export const authFailuresMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as in 001
  async up(db: Kysely<any>): Promise<void> {
    if (engineOf(db) !== 'postgres') return;
    await sql`create unlogged table auth_failures (
      address text primary key,
      window_start bigint not null,
      failures integer not null
    )`.execute(db);
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as in 001
  async down(db: Kysely<any>): Promise<void> {
    if (engineOf(db) === 'postgres') await sql`drop table auth_failures`.execute(db);
  },
};
