/** Migration 013 on a database migrated to 012 with rows in it (both engines, via TEST_ENGINE). */
import { Migrator, sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test-database.test-helper';
import { migrateToLatest } from '../migrate';
import { findNotification } from '../../notifications/store/notifications';
import { listRevisions, recordRevision } from '../../audit/store/revisions';
import type { Database } from '../schema';
import { migrations } from './index';

let db: Kysely<Database>;
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ migrated: false });
  db = database.db;
});
afterAll(async () => {
  await database.destroy();
});

describe('migration 013 (revisions)', () => {
  it('keeps existing rows, starts with no revisions, and numbers new ones upward', async () => {
    const migrator = new Migrator({
      db,
      provider: { getMigrations: () => Promise.resolve(migrations) },
    });
    expect((await migrator.migrateTo('012-site-locales')).error).toBeUndefined();
    const created = '2026-01-01T00:00:00.000Z';
    await sql`insert into sites (id, name, created_at) values ('old', 'Old shop', ${created})`.execute(
      db,
    );
    await sql`insert into users (email, name, created_at) values ('old@example.com', '', ${created})`.execute(
      db,
    );
    await sql`insert into notifications
        (id, site_id, slug, name, description, subject, text, html, html_enabled, created_at, updated_at, version)
        values ('ntf_old', 'old', 'welcome', 'Welcome', '', 'Hi', 'Hello', '', 0,
          ${created}, ${created}, 2)`.execute(db);

    await migrateToLatest(db);

    expect((await findNotification(db, 'old', 'welcome'))?.version).toBe(2);
    expect(await listRevisions(db, 'old', { limit: 50 })).toEqual([]);
    const user = await db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    const ids: (number | undefined)[] = [];
    for (const subject of ['One', 'Two']) {
      ids.push(
        await recordRevision(db, {
          siteId: 'old',
          resource: 'notification',
          resourceId: 'welcome',
          actor: { userId: user.id, tokenId: null },
          changes: [{ field: 'subject', before: 'Hi', after: subject }],
        }),
      );
    }
    expect(ids[1]).toBeGreaterThan(ids[0] ?? Infinity);
    const listed = await listRevisions(db, 'old', { limit: 50 });
    expect(listed.map((r) => [r.id, r.actor.email])).toEqual([
      [ids[1], 'old@example.com'],
      [ids[0], 'old@example.com'],
    ]);
    // An empty list of changes records nothing.
    expect(
      await recordRevision(db, {
        siteId: 'old',
        resource: 'app',
        resourceId: 'x',
        actor: { userId: user.id, tokenId: null },
        changes: [],
      }),
    ).toBeUndefined();
  });
});
