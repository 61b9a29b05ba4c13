/** Migration 015 on a database migrated to 014 with rows in it (both engines, via TEST_ENGINE). */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { insertLogView, isDuplicateName, listLogViews } from '../../logs/store/log-views';
import { migrateToLatest } from '../migrate';
import { insertSite, insertUser, useMigrationSteps } from './migration-steps.test-helper';

const steps = useMigrationSteps();

describe('migration 015 (log views)', () => {
  it('adds an empty log_views table beside existing rows, one name per user and site', async () => {
    const { db } = steps;
    await steps.migrateTo('014-roles-tokens');
    await insertSite(db, 'old', 'Old shop');
    await insertUser(db, 'old@example.com');

    await migrateToLatest(db);

    const user = await db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    const owner = { siteId: 'old', userId: user.id };
    expect(await listLogViews(db, owner)).toEqual([]);
    const fields = {
      name: 'Errors',
      appId: null,
      query: { range: '1h' as const, level: 'error' as const },
    };
    const first = await insertLogView(db, owner, fields);
    const second = await insertLogView(db, owner, { ...fields, name: 'Warnings' });
    expect(second.id).toBeGreaterThan(first.id);
    // The unique index holds even for a writer that skipped the route's check.
    const duplicate = await insertLogView(db, owner, fields).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(isDuplicateName(duplicate)).toBe(true);
    // Another site or user may use the name.
    await insertLogView(db, { ...owner, siteId: 'other' }, fields);
    expect((await listLogViews(db, owner)).map((v) => [v.name, v.query])).toEqual([
      ['Errors', { range: '1h', level: 'error' }],
      ['Warnings', { range: '1h', level: 'error' }],
    ]);

    // And down again: the table goes, nothing else.
    await steps.migrateTo('014-roles-tokens');
    const sites = await sql<{ id: string }>`select id from sites where id = 'old'`.execute(db);
    expect(sites.rows).toHaveLength(1);
  });
});
