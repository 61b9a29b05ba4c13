/** Migration 013 on a database migrated to 012 with rows in it (both engines, via TEST_ENGINE). */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../migrate';
import { findNotification } from '../../notifications/store/notifications';
import { listRevisions, recordRevision } from '../../audit/store/revisions';
import {
  SEEDED_AT,
  insertSite,
  insertUser,
  useMigrationSteps,
} from './migration-steps.test-helper';

const steps = useMigrationSteps();

describe('migration 013 (revisions)', () => {
  it('keeps existing rows, starts with no revisions, and numbers new ones upward', async () => {
    const { db } = steps;
    await steps.migrateTo('012-site-locales');
    await insertSite(db, 'old', 'Old shop');
    await insertUser(db, 'old@example.com');
    await sql`insert into notifications
        (id, site_id, slug, name, description, subject, text, html, html_enabled, created_at, updated_at, version)
        values ('ntf_old', 'old', 'welcome', 'Welcome', '', 'Hi', 'Hello', '', 0,
          ${SEEDED_AT}, ${SEEDED_AT}, 2)`.execute(db);

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
