/**
 * Migration 019 on a database with revisions of the old format (whole snapshots), both engines:
 * they read as before, and revisions written after it (snapshots by content) read whole too.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../migrate';
import { findRevision, recordRevision } from '../../audit/store/revisions';
import { SEEDED_AT, insertUser, useMigrationSteps } from './migration-steps.test-helper';

const steps = useMigrationSteps();

const LONG = 'x'.repeat(5_000);
const OLD_SNAPSHOT = {
  id: 'ntf_old',
  slug: 'welcome',
  subject: 'Hi',
  html: `<p>${LONG}</p>`,
  version: 2,
  translations: { nl: { subject: 'Hoi', text: LONG, html: `<p>${LONG}</p>` } },
};

describe('migration 019 (revision parts)', () => {
  it('keeps old whole snapshots readable, and stores new ones by content', async () => {
    const { db } = steps;
    await steps.migrateTo('017-log-id-index');
    await insertUser(db, 'old@example.com');
    const user = await db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    await sql`insert into revisions
        (site_id, resource, resource_id, actor_user_id, actor_email, token_id, created_at, changes, snapshot)
        values ('old', 'notification', 'welcome', ${user.id}, 'old@example.com', null, ${SEEDED_AT},
          '[{"field":"subject","before":"Hello","after":"Hi"}]', ${JSON.stringify(OLD_SNAPSHOT)})`.execute(
      db,
    );
    const old = await db.selectFrom('revisions').select('id').executeTakeFirstOrThrow();

    await migrateToLatest(db);

    expect((await findRevision(db, 'old', 'notification', 'welcome', old.id))?.snapshot).toEqual(
      OLD_SNAPSHOT,
    );
    const next = { ...OLD_SNAPSHOT, subject: 'Hey', version: 3 };
    const id = await recordRevision(db, {
      siteId: 'old',
      resource: 'notification',
      resourceId: 'welcome',
      actor: { userId: user.id, tokenId: null },
      changes: [{ field: 'subject', before: 'Hi', after: 'Hey' }],
      snapshot: next,
    });
    expect((await findRevision(db, 'old', 'notification', 'welcome', id ?? 0))?.snapshot).toEqual(
      next,
    );
    // The long texts are parts, each once, however many places hold them.
    const parts = await db.selectFrom('revision_parts').select('hash').execute();
    expect(parts).toHaveLength(2);
    const stored = await db
      .selectFrom('revisions')
      .select('snapshot')
      .where('id', '=', id ?? 0)
      .executeTakeFirstOrThrow();
    expect(stored.snapshot?.length).toBeLessThan(2_000);
  });
});
