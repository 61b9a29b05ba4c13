import type { Kysely, Migration } from 'kysely';

/**
 * Issue 38, decision 062: layouts and snippets of a site, and the layout a notification uses.
 *
 * - `layouts`: one per site and slug (a unique constraint, which also decides between two
 *   instances that create the same slug at once); `html` holds one `{{ content }}`; `translations` is JSON
 *   text (locale → `{ html, text, updated_at }`), read and written only by store/layouts.ts, part
 *   of the layout's versioned content (a translation's change moves its ETag);
 * - `snippets`: one per site and name; `translations` locale → `{ body, updated_at }`;
 * - `notifications.layout`: the slug of the site's layout the notification is rendered in, or
 *   null. A layout in use cannot be deleted (the route answers 409), so it never dangles; no
 *   foreign key, as slugs are per site.
 */
export const layoutsSnippetsMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as in 001
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable('layouts')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('site_id', 'text', (col) => col.notNull())
      .addColumn('slug', 'text', (col) => col.notNull())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('html', 'text', (col) => col.notNull())
      .addColumn('text', 'text', (col) => col.notNull())
      .addColumn('translations', 'text', (col) => col.notNull())
      .addColumn('version', 'integer', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .addUniqueConstraint('layouts_site_slug', ['site_id', 'slug'])
      .execute();
    await db.schema
      .createTable('snippets')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('site_id', 'text', (col) => col.notNull())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('body', 'text', (col) => col.notNull())
      .addColumn('translations', 'text', (col) => col.notNull())
      .addColumn('version', 'integer', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .addUniqueConstraint('snippets_site_name', ['site_id', 'name'])
      .execute();
    await db.schema.alterTable('notifications').addColumn('layout', 'text').execute();
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as in 001
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable('notifications').dropColumn('layout').execute();
    await db.schema.dropTable('snippets').execute();
    await db.schema.dropTable('layouts').execute();
  },
};
