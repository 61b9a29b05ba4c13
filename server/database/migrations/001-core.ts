import type { ColumnDefinitionBuilder, Kysely, Migration } from 'kysely';
import { engineOf } from '../engine';

/**
 * An integer primary key numbered by the database: `autoincrement` on SQLite (ids never reused),
 * an identity column on PostgreSQL.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see `up` below
function autoId(db: Kysely<any>) {
  return engineOf(db) === 'postgres'
    ? (col: ColumnDefinitionBuilder) => col.primaryKey().generatedByDefaultAsIdentity()
    : (col: ColumnDefinitionBuilder) => col.primaryKey().autoIncrement();
}

/**
 * Users, sites, memberships, access tokens, apps, consent and notifications. Columns are plain
 * SQL types (text, integer) so that the same migration reads naturally on PostgreSQL later;
 * JSON lives in text columns; the same
 * on both engines but for the id columns (`autoId`).
 */
export const coreMigration: Migration = {
  // Migrations see the schema of their own time, not today's Database type.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable('users')
      .addColumn('id', 'integer', autoId(db))
      .addColumn('email', 'text', (col) => col.notNull().unique())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .execute();

    await db.schema
      .createTable('sites')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .execute();

    await db.schema
      .createTable('memberships')
      .addColumn('user_id', 'integer', (col) =>
        col.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('site_id', 'text', (col) =>
        col.notNull().references('sites.id').onDelete('cascade'),
      )
      .addColumn('role', 'text', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addPrimaryKeyConstraint('memberships_pk', ['user_id', 'site_id'])
      .execute();

    await db.schema
      .createTable('access_tokens')
      .addColumn('id', 'integer', autoId(db))
      .addColumn('user_id', 'integer', (col) =>
        col.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('token_hash', 'text', (col) => col.notNull().unique())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('last_used_at', 'text')
      .execute();

    await db.schema
      .createTable('apps')
      .addColumn('id', 'integer', autoId(db))
      .addColumn('site_id', 'text', (col) => col.notNull().references('sites.id'))
      .addColumn('key', 'text', (col) => col.notNull())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('url', 'text', (col) => col.notNull())
      .addColumn('domain', 'text', (col) => col.notNull())
      .addColumn('callback_url', 'text', (col) => col.notNull())
      .addColumn('internal', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('install_scopes', 'text', (col) => col.notNull().defaultTo('[]'))
      .addColumn('sdk_version', 'text', (col) => col.notNull())
      .addColumn('compiled_at', 'text')
      .addColumn('compile_errors', 'text', (col) => col.notNull().defaultTo('[]'))
      .addColumn('functions', 'text', (col) => col.notNull().defaultTo('[]'))
      .addColumn('routes', 'text', (col) => col.notNull().defaultTo('[]'))
      .addColumn('callbacks', 'text', (col) => col.notNull().defaultTo('[]'))
      .addColumn('jobs', 'text', (col) => col.notNull().defaultTo('[]'))
      .addColumn('schedules', 'text', (col) => col.notNull().defaultTo('[]'))
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
      .addUniqueConstraint('apps_site_key', ['site_id', 'key'])
      .execute();

    await db.schema
      .createTable('consent_configs')
      .addColumn('site_id', 'text', (col) => col.primaryKey().references('sites.id'))
      .addColumn('privacy_policy_kind', 'text', (col) => col.notNull())
      .addColumn('privacy_policy_url', 'text', (col) => col.notNull().defaultTo('{}'))
      .addColumn('privacy_policy_page_id', 'text')
      .addColumn('purposes', 'text', (col) => col.notNull().defaultTo('[]'))
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
      .execute();

    await db.schema
      .createTable('consent_applications')
      .addColumn('id', 'integer', autoId(db))
      .addColumn('site_id', 'text', (col) => col.notNull().references('sites.id'))
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('position', 'integer', (col) => col.notNull())
      .addColumn('title', 'text', (col) => col.notNull().defaultTo('{}'))
      .addColumn('description', 'text', (col) => col.notNull().defaultTo('{}'))
      .addColumn('purposes', 'text', (col) => col.notNull().defaultTo('[]'))
      .addColumn('required', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('default_enabled', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('opt_out', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('placeholder_message', 'text', (col) => col.notNull().defaultTo('{}'))
      .addColumn('placeholder_action', 'text', (col) => col.notNull().defaultTo('{}'))
      .addUniqueConstraint('consent_applications_site_name', ['site_id', 'name'])
      .execute();

    await db.schema
      .createTable('consent_cookies')
      .addColumn('site_id', 'text', (col) => col.notNull().references('sites.id'))
      .addColumn('id', 'text', (col) => col.notNull())
      .addColumn('position', 'integer', (col) => col.notNull())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('path', 'text', (col) => col.notNull())
      .addColumn('domain', 'text', (col) => col.notNull())
      .addColumn('application', 'text', (col) => col.notNull())
      .addPrimaryKeyConstraint('consent_cookies_pk', ['site_id', 'id'])
      .execute();

    await db.schema
      .createTable('notifications')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('site_id', 'text', (col) => col.notNull().references('sites.id'))
      .addColumn('slug', 'text', (col) => col.notNull())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('subject', 'text', (col) => col.notNull())
      .addColumn('text', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('html', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('html_enabled', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
      .addUniqueConstraint('notifications_site_slug', ['site_id', 'slug'])
      .execute();

    await db.schema
      .createIndex('access_tokens_user')
      .on('access_tokens')
      .column('user_id')
      .execute();
    await db.schema.createIndex('memberships_site').on('memberships').column('site_id').execute();
  },

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async down(db: Kysely<any>): Promise<void> {
    for (const table of [
      'notifications',
      'consent_cookies',
      'consent_applications',
      'consent_configs',
      'apps',
      'access_tokens',
      'memberships',
      'sites',
      'users',
    ]) {
      await db.schema.dropTable(table).execute();
    }
  },
};
