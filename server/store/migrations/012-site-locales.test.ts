/** Migration 012 on a database migrated to 011 with rows in it (both engines, via TEST_ENGINE). */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator, sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, testEngine } from '../../test-database.test-helper';
import { openDatabase } from '../db';
import { migrateToLatest } from '../migrate';
import type { Database } from '../schema';
import { findNotification, toNotification } from '../notifications';
import { findSiteRow, siteSettingsOf } from '../sites';
import { migrations } from './index';

let db: Kysely<Database>;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  if (testEngine === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL ?? '';
    const { url, drop } = await createPostgresDatabase(adminUrl);
    db = openDatabase(url);
    cleanup = async () => {
      await db.destroy();
      await drop();
    };
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'site-console-012-'));
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

describe('migration 012 (site languages, notification translations)', () => {
  it('keeps existing sites and notifications, in English, with no translations', async () => {
    const migrator = new Migrator({
      db,
      provider: { getMigrations: () => Promise.resolve(migrations) },
    });
    const to011 = await migrator.migrateTo('011-log-minute-bytes');
    expect(to011.error).toBeUndefined();
    const created = '2026-01-01T00:00:00.000Z';
    await sql`insert into sites (id, name, created_at) values ('old', 'Old shop', ${created})`.execute(
      db,
    );
    await sql`insert into notifications
        (id, site_id, slug, name, description, subject, text, html, html_enabled, created_at, updated_at, version)
        values ('ntf_old', 'old', 'welcome', 'Welcome', '', 'Hi {{ name }}', 'Hello', '<p>Hello</p>', 1,
          ${created}, ${created}, 3)`.execute(db);

    await migrateToLatest(db);

    const site = await findSiteRow(db, 'old');
    expect(site && siteSettingsOf(site)).toEqual({
      name: 'Old shop',
      default_locale: 'en',
      locales: ['en'],
    });
    expect(site?.updated_at).toBe(created);
    expect(site?.version).toBe(1);
    const notification = await findNotification(db, 'old', 'welcome');
    expect(notification && toNotification(notification, 'http://x/api')).toMatchObject({
      subject: 'Hi {{ name }}',
      text: 'Hello',
      html: '<p>Hello</p>',
      html_enabled: true,
      updated_at: created,
      translations: {},
    });
    expect(notification?.version).toBe(3);
  });

  it('deletes a notification’s translations with it', async () => {
    await sql`insert into notification_translations
        (notification_id, locale, subject, text, html, based_on_subject, based_on_text, based_on_html, updated_at)
        values ('ntf_old', 'nl', 'Hoi', '', '', '', '', '', '2026-01-02T00:00:00.000Z')`.execute(
      db,
    );
    await db.deleteFrom('notifications').where('id', '=', 'ntf_old').execute();
    const left = await db.selectFrom('notification_translations').selectAll().execute();
    expect(left).toEqual([]);
  });
});
