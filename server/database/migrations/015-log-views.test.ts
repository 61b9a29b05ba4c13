/** Migration 015 on a database migrated to 014 with rows in it (both engines, via TEST_ENGINE). */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator, sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, testEngine } from '../test-database.test-helper';
import { openDatabase } from '../db';
import { insertLogView, isDuplicateName, listLogViews } from '../../logs/store/log-views';
import { migrateToLatest } from '../migrate';
import type { Database } from '../schema';
import { migrations } from './index';

let db: Kysely<Database>;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  if (testEngine === 'postgres') {
    const { url, drop } = await createPostgresDatabase(process.env.TEST_DATABASE_URL ?? '');
    db = openDatabase(url);
    cleanup = async () => {
      await db.destroy();
      await drop();
    };
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'site-console-015-'));
    db = openDatabase(join(dir, 'test.db'));
    cleanup = async () => {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    };
  }
});
afterAll(async () => {
  await cleanup();
});

describe('migration 015 (log views)', () => {
  it('adds an empty log_views table beside existing rows, one name per user and site', async () => {
    const migrator = new Migrator({
      db,
      provider: { getMigrations: () => Promise.resolve(migrations) },
    });
    expect((await migrator.migrateTo('014-roles-tokens')).error).toBeUndefined();
    const created = '2026-01-01T00:00:00.000Z';
    await sql`insert into sites (id, name, created_at) values ('old', 'Old shop', ${created})`.execute(
      db,
    );
    await sql`insert into users (email, name, created_at) values ('old@example.com', '', ${created})`.execute(
      db,
    );

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
    expect((await migrator.migrateTo('014-roles-tokens')).error).toBeUndefined();
    const sites = await sql<{ id: string }>`select id from sites where id = 'old'`.execute(db);
    expect(sites.rows).toHaveLength(1);
  });
});
