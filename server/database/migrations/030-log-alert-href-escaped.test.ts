/**
 * Migration 030 on a database migrated to 029 (both engines, via TEST_ENGINE): a site's
 * `log-alert` whose html is still the built-in one gets the escaped href; one whose html the site
 * edited keeps it, its version untouched.
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
import { HTML_029 } from './030-log-alert-href-escaped';
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
    const dir = mkdtempSync(join(tmpdir(), 'site-console-030-'));
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

describe('migration 030 (the log-alert href escaped)', () => {
  it('escapes the href of the built-in html and keeps an html the site edited', async () => {
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
    expect((await migrator.migrateTo('029-alert-outbox-lease')).error).toBeUndefined();
    // As 029 left a site's html before this change (027 and 029 write today's built-in text on
    // a new database), and as a site may have edited it (one word).
    for (const [site, html] of [
      ['untouched', HTML_029],
      ['edited', HTML_029.replace('Open the logs', 'See the logs')],
    ] as const) {
      await db.updateTable('notifications').set({ html }).where('site_id', '=', site).execute();
    }
    const before = { untouched: await logAlertOf('untouched'), edited: await logAlertOf('edited') };

    await migrateToLatest(db);

    const untouched = await logAlertOf('untouched');
    expect(untouched.html).toBe(LOG_ALERT_TEMPLATE.html);
    expect(untouched.html).toContain('href="{{ alert.url | escape }}"');
    expect(untouched.text).toBe(before.untouched.text);
    expect(untouched.version).toBe(before.untouched.version + 1);
    expect(await logAlertOf('edited')).toEqual(before.edited);
  });
});
