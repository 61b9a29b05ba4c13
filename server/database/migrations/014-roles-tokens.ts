import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Issue 29, decision 049: roles, and tokens that can be named, expire and be revoked.
 *
 * - Every existing membership becomes `admin` (the only role there was), and a role is one of
 *   `viewer`, `editor`, `admin` from now on (the repositories write nothing else).
 * - `access_tokens` gains `name` ("CLI token" for existing ones), `prefix` (the first characters
 *   of the secret; '' for existing ones, as the secret cannot be recovered from its hash: the
 *   dashboard shows "created before names"), `expires_at` and `revoked_at` (null: never / not).
 * - `auth_changes`: one row whose `counter` grows with every revocation, role change and
 *   removal of a member, in the same transaction; each instance reads it at most every
 *   AUTH_CHANGE_POLL_MS and forgets its cached tokens and roles when it moved (auth.ts).
 */
export const rolesTokensMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as in 001
  async up(db: Kysely<any>): Promise<void> {
    await sql`update memberships set role = 'admin'`.execute(db);
    await db.schema
      .alterTable('access_tokens')
      .addColumn('name', 'text', (col) => col.notNull().defaultTo('CLI token'))
      .execute();
    await db.schema
      .alterTable('access_tokens')
      .addColumn('prefix', 'text', (col) => col.notNull().defaultTo(''))
      .execute();
    await db.schema.alterTable('access_tokens').addColumn('expires_at', 'text').execute();
    await db.schema.alterTable('access_tokens').addColumn('revoked_at', 'text').execute();
    await db.schema
      .createTable('auth_changes')
      .addColumn('id', 'integer', (col) => col.primaryKey())
      .addColumn('counter', 'integer', (col) => col.notNull())
      .execute();
    await sql`insert into auth_changes (id, counter) values (1, 0)`.execute(db);
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as in 001
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable('auth_changes').execute();
    for (const column of ['revoked_at', 'expires_at', 'prefix', 'name']) {
      await db.schema.alterTable('access_tokens').dropColumn(column).execute();
    }
  },
};
