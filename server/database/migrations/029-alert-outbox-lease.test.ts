/**
 * Migration 029 on a database migrated to 028 (both engines, via TEST_ENGINE): the outbox gains
 * its lease, and a site's `log-alert` still as migration 027 wrote it learns to say "counted
 * since", while one the site edited keeps its content.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator, sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOG_ALERT_TEMPLATE } from '../../../contract/log-alert-template';
import { createPostgresDatabase, testEngine } from '../test-database.test-helper';
import { openDatabase } from '../db';
import { migrateToLatest } from '../migrate';
import type { Database } from '../schema';
import { HTML_027, TEXT_027 } from './029-alert-outbox-lease';
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
    const dir = mkdtempSync(join(tmpdir(), 'site-console-029-'));
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

async function logAlertOf(siteId: string) {
  return db
    .selectFrom('notifications')
    .select(['text', 'html', 'version'])
    .where('site_id', '=', siteId)
    .where('slug', '=', LOG_ALERT_TEMPLATE.slug)
    .executeTakeFirstOrThrow();
}

describe('migration 029 (the outbox lease, "counted since" in log-alert)', () => {
  it('updates the log-alert 027 wrote, keeps an edited one, and adds lease_until', async () => {
    const migrator = new Migrator({
      db,
      provider: { getMigrations: () => Promise.resolve(migrations) },
    });
    expect((await migrator.migrateTo('026-alerts')).error).toBeUndefined();
    const created = '2026-01-01T00:00:00.000Z';
    for (const id of ['untouched', 'edited']) {
      await sql`insert into sites (id, name, created_at) values (${id}, ${id}, ${created})`.execute(
        db,
      );
    }
    expect((await migrator.migrateTo('028-alert-counted-since')).error).toBeUndefined();
    // As 027 wrote it before this change, and as a site may have made it its own.
    await db
      .updateTable('notifications')
      .set({ text: TEXT_027, html: HTML_027 })
      .where('site_id', '=', 'untouched')
      .execute();
    await db
      .updateTable('notifications')
      .set({ text: 'Our own words: {{ alert.name }}', html: HTML_027 })
      .where('site_id', '=', 'edited')
      .execute();
    const versionBefore = (await logAlertOf('untouched')).version;

    await migrateToLatest(db);

    const untouched = await logAlertOf('untouched');
    expect(untouched.text).toBe(LOG_ALERT_TEMPLATE.text);
    expect(untouched.html).toBe(LOG_ALERT_TEMPLATE.html);
    expect(untouched.text).toContain('counted since {{ alert.counted_since_time }}');
    expect(untouched.version).toBeGreaterThan(versionBefore);
    const edited = await logAlertOf('edited');
    expect(edited.text).toBe('Our own words: {{ alert.name }}');
    expect(edited.html).toBe(LOG_ALERT_TEMPLATE.html);

    const [row] = await db.selectFrom('alert_outbox').select('lease_until').limit(1).execute();
    expect(row).toBeUndefined();
  });
});
